/**
 * The client side of page actions (app/utils/actions.server.ts): the failure toast of a reply, the
 * confirmation a form without JavaScript is asked, and whether the page's scripts have loaded.
 */
import { Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { ActionFailure, ActionQuestion, ActionReply } from "#app/utils/action-reply.ts";
import { useToast } from "./toaster.tsx";

/** False in the server's HTML and until React has hydrated: render the no-JavaScript form then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export const isFailure = (reply: unknown, intent?: string): reply is ActionFailure =>
  Boolean(
    reply && typeof reply === "object" && "error" in reply && (!intent || (reply as ActionFailure).intent === intent),
  );

export const isQuestion = (reply: unknown): reply is ActionQuestion =>
  Boolean(reply && typeof reply === "object" && "confirm" in reply);

/**
 * Calls `onSuccess` once a fetcher's post has come back without a failure (a success redirected,
 * with its toast): closes a dialog or leaves edit mode. A failure leaves things as they are.
 * A redirect leaves `fetcher.data` as it was (the router keeps the last data), so "no new data"
 * counts as success only when the redirect's flashed toast has arrived in the root loader's data
 * (every success flashes one); otherwise a post whose answer has not been applied yet (a busy
 * machine, a revalidation in between) would look like a success and close the dialog on its failure.
 */
export function useFetcherSucceeded(fetcher: { state: string; data: unknown }, onSuccess: () => void): () => void {
  const root = useRouteLoaderData<{ toast?: { id: string } | null }>("root");
  const toastId = root?.toast?.id ?? null;
  const posted = useRef<{ before: unknown; toastId: string | null } | null>(null);
  const callback = useRef(onSuccess);
  const now = useRef({ data: fetcher.data, toastId });
  useEffect(() => {
    callback.current = onSuccess;
    now.current = { data: fetcher.data, toastId };
  });
  useEffect(() => {
    if (fetcher.state !== "idle") {
      posted.current ??= { before: fetcher.data, toastId };
      return;
    }
    if (!posted.current) return;
    const { before, toastId: toastBefore } = posted.current;
    const changed = fetcher.data !== before;
    if (changed ? isFailure(fetcher.data) : toastId === toastBefore) {
      // A failure, or nothing arrived yet: wait for the answer (a failure clears the post below).
      if (changed) posted.current = null;
      return;
    }
    posted.current = null;
    callback.current();
  }, [fetcher.state, fetcher.data, toastId]);
  // Called as the form is submitted: what was there before is taken then, even when the post is
  // answered before the page has rendered it as under way (a fast server, a busy browser).
  return useCallback(() => {
    posted.current = { before: now.current.data, toastId: now.current.toastId };
  }, []);
}

/** Shows a failed reply as the action's error toast, once per reply. */
export function useFailureToast(reply: unknown, options: { describe?: boolean } = {}) {
  const toast = useToast();
  const describe = options.describe ?? true;
  useEffect(() => {
    if (isFailure(reply))
      toast({ title: reply.title, description: describe ? reply.error : undefined, variant: "destructive" });
  }, [reply, toast, describe]);
}

/**
 * The question a form posted without JavaScript gets before a destructive or money action: the
 * same words as the dialog, its fields sent again with `confirmed=yes`, or Cancel back to the page.
 */
export function ConfirmationCard({
  reply,
  children,
}: {
  reply: ActionReply | undefined;
  /** Inputs sent with the confirmation (e.g. a paid date). */ children?: ReactNode;
}) {
  const location = useLocation();
  if (!isQuestion(reply)) return null;
  const { confirm } = reply;
  return (
    <Card size="3" mb="5" role="alertdialog" aria-labelledby="confirm-title">
      <Heading as="h2" size="4" mb="2" id="confirm-title">
        {confirm.title}
      </Heading>
      <Text as="p" size="2" mb="4">
        {confirm.description}
      </Text>
      <Form method="post">
        {confirm.fields.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        {children}
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={`${location.pathname}${location.search}`}>Cancel</Link>
          </Button>
          <Button type="submit">{confirm.confirmLabel}</Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** A failed reply shown in the page itself, for forms posted without JavaScript (no toasts then). */
export function FailureCallout({ reply }: { reply: unknown }) {
  const hydrated = useHydrated();
  if (hydrated || !isFailure(reply)) return null;
  return (
    <Callout.Root color="red" mb="4" role="alert">
      <Callout.Text>
        <strong>{reply.title}</strong>: {reply.error}
      </Callout.Text>
    </Callout.Root>
  );
}
