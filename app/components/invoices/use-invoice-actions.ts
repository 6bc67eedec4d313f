/**
 * Invoice changes posted through a fetcher to the page's own action (the intents of
 * app/utils/intents/invoices.server.ts), after their dialog: the pending state and the failure
 * toast (a success's toast comes back as data and the root shows it).
 */
import { useFetcher } from "@remix-run/react";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { useActionReply, useFailureToast, withScript } from "../forms.tsx";

export function useInvoiceActions(options: { describe?: boolean } = {}) {
  const fetcher = useFetcher<ActionReply>();
  useFailureToast(fetcher.data, options);
  useActionReply(fetcher.data);
  return {
    busy: fetcher.state !== "idle",
    /** Posts `intent` with `fields`, confirmed (its dialog asked). */
    submit: (intent: string, fields: Record<string, string | number>) =>
      fetcher.submit(withScript({ ...fields, intent, confirmed: "yes" }), { method: "post", preventScrollReset: true }),
  };
}
