/**
 * Runs a call to the API from a button: marks which action is pending, toasts the outcome, and
 * turns a failure into the spec's error toast with the server's message.
 */
import { useCallback, useState } from "react";
import { errorMessage } from "#app/utils/api-client.ts";
import { useToast, type ToastInput } from "./toaster.tsx";

export interface ActionMessages<T> {
  /** The success toast, if any, from the call's answer. */
  success?: (result: T) => ToastInput | null;
  /** The error toast's title. */
  failure: string;
  /** Its description when the server gave no message. */
  fallback?: string;
  /** False when the title says it all (the server's message would only repeat it). */
  describe?: boolean;
}

export function useAction<K extends string | number = string>() {
  const toast = useToast();
  const [pending, setPending] = useState<K | null>(null);
  const run = useCallback(
    async <T,>(key: K, work: () => Promise<T>, messages: ActionMessages<T>): Promise<{ ok: true; result: T } | { ok: false }> => {
      setPending(key);
      try {
        const result = await work();
        const shown = messages.success?.(result);
        if (shown) toast(shown);
        return { ok: true, result };
      } catch (error) {
        const description = messages.describe === false ? undefined : errorMessage(error, messages.fallback ?? "") || undefined;
        toast({ title: messages.failure, description, variant: "destructive" });
        return { ok: false };
      } finally {
        setPending(null);
      }
    },
    [toast],
  );
  return { pending, run };
}
