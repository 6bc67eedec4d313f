/**
 * Page actions: a page's forms post to its own route (or a component's fetcher posts there) with an
 * `intent`; the form is parsed with zod, the same domain call as the API runs, and the answer is a
 * success, or a typed reply the page shows (a failure, or a question to confirm when the form came
 * without JavaScript and so without its confirmation dialog). A success posted by the page's scripts
 * (the form carries SCRIPT_FIELD) is data, `{ok: true, toast}`, that the component shows and reacts
 * to; a form posted without JavaScript is redirected back with the toast flashed.
 */
import { data } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { ZodError, type ZodType } from "zod";
import { RateLimitedError } from "#domain/accounts/attempt-service.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { ReaderBusyError } from "#domain/imports/parse-gate.ts";
import { zodMessage } from "./api.server.ts";
import { assertSameOrigin } from "./security.server.ts";
import { sameOriginPath } from "./safe-redirect.ts";
import {
  SCRIPT_FIELD,
  textField,
  type ActionFailure,
  type ActionQuestion,
  type ActionReply,
  type ActionSuccess,
} from "./action-reply.ts";
import { redirectWithToast, type ToastMessage } from "./toast.server.ts";
import { readMultipart, UploadTooLargeError } from "./upload.server.ts";

export type { ActionFailure, ActionQuestion, ActionReply, ActionSuccess };

/** Requests whose form came from the page's scripts (runIntent takes the field off before the handler reads the form). */
const scripted = new WeakSet<Request>();

/** Whether the form was posted by the page's scripts rather than by the browser without JavaScript. */
export function postedByScript(request: Request, form?: FormData): boolean {
  return scripted.has(request) || form?.get(SCRIPT_FIELD) === "1";
}

export class ActionFailed extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Parses a form's fields with a zod schema; throws ActionFailed (400) with the first message and each field's. */
export function parseForm<T>(form: FormData, schema: ZodType<T>): T {
  const fields: Record<string, FormDataEntryValue> = {};
  for (const [key, value] of form) if (!(key in fields)) fields[key] = value;
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !(field in fieldErrors)) fieldErrors[field] = issue.message;
  }
  throw new ActionFailed(400, zodMessage(result.error), fieldErrors);
}

/** The page the form came from: a same-site path in `redirectTo` (safe-redirect.ts), else the action's own URL (without Remix's `?index`). */
export function backTo(request: Request, form?: FormData): string {
  const url = new URL(request.url);
  const asked = sameOriginPath(form?.get("redirectTo"), url.origin);
  if (asked) return asked;
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  return `${url.pathname}${url.search}`;
}

/**
 * Success: posted by the page's scripts, the toast as data (with `to` as `redirectTo` when the page
 * is gone); posted without JavaScript, back to the page (or `to`) with the toast flashed.
 */
export async function done(request: Request, form: FormData, toast: ToastMessage, to?: string): Promise<Reply> {
  if (postedByScript(request, form))
    return data<ActionSuccess>({
      intent: textField(form, "intent"),
      ok: true,
      id: randomUUID(),
      toast,
      ...(to ? { redirectTo: to } : {}),
    });
  return redirectWithToast(request, to ?? backTo(request, form), toast);
}

/**
 * Asks first when the form was not confirmed in its dialog (it always is with JavaScript): answers
 * the question with the form's fields, which a second submit sends back with `confirmed=yes`.
 */
export function confirmFirst(intent: string, form: FormData, question: Omit<ActionQuestion["confirm"], "fields">) {
  if (form.get("confirmed") === "yes") return null;
  const fields = [...form].filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "confirmed",
  );
  return data<ActionQuestion>({ intent, confirm: { ...question, fields } });
}

type Reply = Response | ReturnType<typeof data>;

/** A form's text fields as sent, but its passwords, for a page without JavaScript to fill in again. */
function sentValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form)
    if (typeof value === "string" && !/password/i.test(name) && !(name in values)) values[name] = value;
  return values;
}
export interface IntentHandler {
  /** The error toast's title when this intent fails (the spec's text). */
  failure: string;
  /** The toast's text when the refusal carries none (the spec's: 'Registration failed'). */
  fallback?: string;
  run: (form: FormData) => Promise<Reply>;
}

/**
 * Runs the handler the form's `intent` names. A DomainError, a zod error or ActionFailed becomes an
 * ActionFailure with its status (429 keeps its Retry-After); anything else is a real error (500).
 */
export async function runIntent(
  request: Request,
  handlers: Record<string, IntentHandler>,
  form?: FormData,
): Promise<Reply> {
  assertSameOrigin(request);
  // A form with a file (an export) is read part by part within the upload limit.
  let fields: FormData;
  try {
    fields =
      form ??
      ((request.headers.get("content-type") ?? "").includes("multipart/form-data")
        ? await readMultipart(request)
        : await request.formData());
  } catch (error) {
    if (error instanceof UploadTooLargeError)
      return data<ActionFailure>(
        { intent: "", title: "Error processing Excel file", error: error.message },
        { status: 413 },
      );
    throw error;
  }
  if (fields.get(SCRIPT_FIELD) === "1") scripted.add(request);
  fields.delete(SCRIPT_FIELD);
  const intent = textField(fields, "intent");
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler)
    return data<ActionFailure>({ intent, title: "Something went wrong", error: "Unknown action" }, { status: 400 });
  const values = postedByScript(request) ? undefined : sentValues(fields);
  const fail = (status: number, error: string, fieldErrors?: Record<string, string>, headers?: HeadersInit) =>
    data<ActionFailure>(
      {
        intent,
        title: handler.failure,
        error: error || (handler.fallback ?? ""),
        ...(fieldErrors ? { fieldErrors } : {}),
        ...(values ? { values } : {}),
      },
      { status, headers },
    );
  try {
    return await handler.run(fields);
  } catch (error) {
    if (error instanceof ActionFailed) return fail(error.status, error.message, error.fieldErrors);
    if (error instanceof RateLimitedError || error instanceof ReaderBusyError)
      return fail(error.status, error.message, undefined, { "Retry-After": String(error.retryAfterSeconds) });
    if (error instanceof DomainError) return fail(error.status, error.message);
    if (error instanceof ZodError) return fail(400, zodMessage(error));
    if (error instanceof Response && error.status >= 400 && error.headers.get("content-type")?.includes("json")) {
      // A guard of the API helpers (idParam, monthParam): its {message} becomes the failure's.
      const body = (await error.json()) as { message?: string };
      return fail(error.status, body.message ?? error.statusText);
    }
    throw error;
  }
}
