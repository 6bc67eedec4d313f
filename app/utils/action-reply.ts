/** What a page action answers when it does not redirect (shared by app/utils/actions.server.ts and the pages). */

/**
 * The field a form posted by the page's scripts carries (a fetcher, or a <Form> once hydrated): its
 * success is answered as data (ActionSuccess); a form posted without JavaScript gets a redirect.
 */
export const SCRIPT_FIELD = "_js";

/** A toast's words, as an action answers them. */
export interface ActionToast {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** A success posted by the page's scripts: the toast to show, and the page to go to when it is another. */
export interface ActionSuccess {
  intent: string;
  ok: true;
  /** This answer's own id: its toast shows once. */
  id: string;
  toast: ActionToast;
  redirectTo?: string;
}

/** A failed action: the toast's title (the spec's text for that action) and the reason. */
export interface ActionFailure {
  intent: string;
  title: string;
  error: string;
  /** Per-field messages, for a dialog's fields. */
  fieldErrors?: Record<string, string>;
  /** A form posted without JavaScript: what it sent (no passwords), for the page to show again. */
  values?: Record<string, string>;
}

/** What a form without JavaScript is asked before a destructive or money action is performed. */
export interface ActionQuestion {
  intent: string;
  confirm: { title: string; description: string; confirmLabel: string; fields: [string, string][] };
}

export type ActionReply = ActionFailure | ActionQuestion | ActionSuccess;

/** A form field's text: "" when it is missing or a file. */
export function textField(form: FormData | undefined, name: string): string {
  const value = form?.get(name);
  return typeof value === "string" ? value : "";
}
