/** What a page action answers when it does not redirect (shared by app/utils/actions.server.ts and the pages). */

/** A failed action: the toast's title (the spec's text for that action) and the reason. */
export interface ActionFailure {
  intent: string;
  title: string;
  error: string;
  /** Per-field messages, for a dialog's fields. */
  fieldErrors?: Record<string, string>;
}

/** What a form without JavaScript is asked before a destructive or money action is performed. */
export interface ActionQuestion {
  intent: string;
  confirm: { title: string; description: string; confirmLabel: string; fields: [string, string][] };
}

export type ActionReply = ActionFailure | ActionQuestion;

/** A form field's text: "" when it is missing or a file. */
export function textField(form: FormData | undefined, name: string): string {
  const value = form?.get(name);
  return typeof value === "string" ? value : "";
}
