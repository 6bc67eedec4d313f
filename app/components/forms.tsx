/**
 * The client side of page actions (app/utils/actions.server.ts): the mark a post made by the page's
 * scripts carries, the toast and reaction to a success answered as data, the failure toast of a
 * reply, the confirmation a form without JavaScript is asked, and whether the scripts have loaded.
 */
import { Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import {
  Form,
  Link,
  useFetchers,
  useLocation,
  useNavigate,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import {
  SCRIPT_FIELD,
  type ActionFailure,
  type ActionQuestion,
  type ActionReply,
  type ActionSuccess,
} from "#app/utils/action-reply.ts";
import { useToast } from "./toaster.tsx";

const noSubscription = () => () => undefined;

/**
 * False in the server's HTML and until React has hydrated: render the no-JavaScript form then. A
 * component mounted after hydration (a page reached by a client navigation) is true from its
 * first render, so it never shows the no-JavaScript form for a frame.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export const isFailure = (reply: unknown, intent?: string): reply is ActionFailure =>
  Boolean(
    reply && typeof reply === "object" && "error" in reply && (!intent || (reply as ActionFailure).intent === intent),
  );

export const isQuestion = (reply: unknown): reply is ActionQuestion =>
  Boolean(reply && typeof reply === "object" && "confirm" in reply);

/** A success answered as data (the form was posted by the page's scripts). */
export const isSuccess = (reply: unknown, intent?: string): reply is ActionSuccess =>
  Boolean(
    reply &&
      typeof reply === "object" &&
      "ok" in reply &&
      (reply as ActionSuccess).ok === true &&
      (!intent || (reply as ActionSuccess).intent === intent),
  );

/**
 * Inside a form (a fetcher's or a <Form>): once the page's scripts have loaded, it marks the post as
 * made by them, so a success is answered as data (useActionReply) instead of a redirect. A form
 * posted before then (or without JavaScript) goes without it and is redirected with a flashed toast.
 */
export function ScriptField() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={SCRIPT_FIELD} value="1" /> : null;
}

type PostBody = FormData | Record<string, string | number | boolean | null | undefined>;
/** A body for `fetcher.submit`, marked as posted by the page's scripts (see ScriptField). */
export function withScript<T extends PostBody>(body: T): T {
  if (body instanceof FormData) {
    body.set(SCRIPT_FIELD, "1");
    return body;
  }
  return { ...body, [SCRIPT_FIELD]: "1" };
}

/** The success answers already shown (by id): the root and the component that posted may both see one. */
const shownAnswers = new Set<string>();

/**
 * Shows each success answered as data once: its toast, and the page to go to when the one it was
 * posted from is gone (`redirectTo`).
 */
function useSuccessAnswers(replies: unknown[]) {
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    for (const reply of replies) {
      if (!isSuccess(reply) || shownAnswers.has(reply.id)) continue;
      shownAnswers.add(reply.id);
      toast(reply.toast);
      if (reply.redirectTo) navigate(reply.redirectTo);
    }
  }, [replies, toast, navigate]);
}

/**
 * The root's part: a fetcher's success answer while the page reloads after it. The component that
 * posted shows it too (useActionReply), once between them; the root's covers a component gone by
 * then (a deleted row, a list that reloads), the component's a reload rendered too quickly for the
 * root to see it under way.
 */
export function FetcherSuccessToasts() {
  const fetchers = useFetchers();
  const replies = useMemo(() => fetchers.map((f) => f.data as unknown), [fetchers]);
  useSuccessAnswers(replies);
  const [announced, setAnnounced] = useState<unknown[]>([]);
  useEffect(() => {
    announce = (reply) => setAnnounced([reply]);
    return () => {
      announce = undefined;
    };
  }, []);
  useSuccessAnswers(announced);
  return null;
}

/** The root's listener for answers as they arrive (set while FetcherSuccessToasts is mounted). */
let announce: ((reply: ActionSuccess) => void) | undefined;

/**
 * A route's clientAction: posts to the server's action as before and hands a success answer to the
 * root as it arrives, outside React's rendering. A fetcher's answer is otherwise seen only in the
 * states React renders, and a transition can skip them all when the row that posted is gone after
 * the reload (a paid invoice leaving the Overdue tab): its toast was then lost.
 */
export async function announceAnswer({ serverAction }: ClientActionFunctionArgs) {
  const reply: unknown = await serverAction();
  if (isSuccess(reply)) announce?.(reply);
  return reply;
}

/**
 * Reacts to a post's data answer (a fetcher's, or a page's own action data) once per answer: a
 * success shows its toast (once, see FetcherSuccessToasts), goes to its `redirectTo`, and calls
 * `onSuccess` (close a dialog, leave edit mode). Failures are left to useFailureToast or the
 * form's own messages.
 */
export function useActionReply(reply: unknown, onSuccess?: (reply: ActionSuccess) => void) {
  const callback = useRef(onSuccess);
  useEffect(() => {
    callback.current = onSuccess;
  });
  useEffect(() => {
    if (isSuccess(reply)) callback.current?.(reply);
  }, [reply]);
  useSuccessAnswers(useMemo(() => [reply], [reply]));
}

/**
 * A route's shouldRevalidate: after a success whose page is gone (a deleted partner, answered with
 * `redirectTo`), the page is not loaded again (it would be a 404) before going there.
 */
export const skipRevalidationWhenGone: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isSuccess(actionResult) && actionResult.redirectTo ? false : defaultShouldRevalidate;

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
