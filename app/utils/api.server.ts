/** API resource routes: JSON errors {message}, auth guards (401/403), same-origin check, body parsing. */
import { ZodError, type ZodType } from "zod";
import { RateLimitedError } from "#domain/accounts/attempt-service.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { ReaderBusyError } from "#domain/imports/parse-gate.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import { assertSameOrigin } from "./security.server.ts";
import { getUser } from "./session.server.ts";
import { log } from "./log.server.ts";

export function apiError(status: number, message: string, init?: ResponseInit): Response {
  return Response.json({ message }, { ...init, status });
}

/** The first issue's message: the spec's texts live in the schemas. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  return issue?.message ?? "Invalid input";
}

type Handler = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: unknown;
}) => Promise<Response>;

/** Wraps a loader or action: refuses foreign origins and maps thrown errors to JSON answers. */
export function api(handler: Handler): Handler {
  return async (args) => {
    try {
      assertSameOrigin(args.request);
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      if (error instanceof RateLimitedError || error instanceof ReaderBusyError)
        return apiError(error.status, error.message, { headers: { "Retry-After": String(error.retryAfterSeconds) } });
      if (error instanceof DomainError) return apiError(error.status, error.message);
      if (error instanceof ZodError) return apiError(400, zodMessage(error));
      log().error(
        { err: error, method: args.request.method, path: new URL(args.request.url).pathname },
        "Request failed",
      );
      return apiError(500, "Internal server error");
    }
  };
}

export async function requireApiUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) throw apiError(401, "Not authenticated");
  return user;
}

export async function requireApiAdmin(request: Request): Promise<PublicUser> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw apiError(403, "Forbidden");
  return user;
}

/** Reads a JSON (or form-encoded) body and validates it; 400 with the schema's message otherwise. */
export async function parseBody<T>(request: Request, schema: ZodType<T>): Promise<T> {
  if (Number(request.headers.get("content-length") ?? 0) > 256 * 1024) throw apiError(413, "Request body too large");
  const type = request.headers.get("content-type") ?? "";
  let body: unknown;
  try {
    if (type.includes("application/json")) body = await request.json();
    else if (type.includes("form")) body = Object.fromEntries(await request.formData());
    else body = JSON.parse((await request.text()) || "{}");
  } catch {
    throw apiError(400, "Request body is not valid JSON");
  }
  const result = schema.safeParse(body);
  if (!result.success) throw apiError(400, zodMessage(result.error));
  return result.data;
}

export function methodNotAllowed(): Response {
  return apiError(405, "Method not allowed");
}

/** Admins may act for any partner; a partner only for themselves (403 otherwise). */
export async function requireApiPartnerAccess(request: Request, partnerId: number): Promise<PublicUser> {
  const user = await requireApiUser(request);
  if (!user.isAdmin && user.id !== partnerId) throw apiError(403, "Forbidden");
  return user;
}

/** A PDF answer, inline or as a download. */
export function pdfResponse(
  file: { filename: string; bytes: Uint8Array },
  disposition: "inline" | "attachment" = "attachment",
): Response {
  return new Response(Buffer.from(file.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${disposition}; filename="${file.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** The partner a call is about: a partner's own id, or `?partnerId=` (required) for an admin. */
export async function requireApiPartnerScope(request: Request): Promise<number> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) return user.id;
  const partnerId = Number(new URL(request.url).searchParams.get("partnerId"));
  if (!Number.isSafeInteger(partnerId) || partnerId <= 0) throw apiError(400, "partnerId is required");
  return partnerId;
}
