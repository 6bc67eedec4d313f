/** Sign-in with remix-auth's FormStrategy, rate-limited per username and per address. */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
import { DomainError } from "#domain/errors.ts";
import { FailureLimiter } from "#domain/rate-limit.ts";
import { verifyLogin, type PublicUser, toPublicUser } from "#domain/users.ts";
import { db } from "./db.server.ts";
import { env } from "./env.server.ts";

export const INVALID_CREDENTIALS = "Invalid username or password";

const credentialsSchema = z.object({
  username: z.string().trim().min(1, INVALID_CREDENTIALS).max(64, INVALID_CREDENTIALS),
  password: z.string().min(1, INVALID_CREDENTIALS).max(256, INVALID_CREDENTIALS),
});

export const authenticator = new Authenticator<PublicUser>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = credentialsSchema.safeParse({ username: form.get("username"), password: form.get("password") });
    if (!parsed.success) throw new DomainError("unauthorized", INVALID_CREDENTIALS);
    const user = await verifyLogin(db, parsed.data.username, parsed.data.password);
    if (!user) throw new DomainError("unauthorized", INVALID_CREDENTIALS);
    return toPublicUser(user);
  }),
  "form",
);

const windowMs = env.LOGIN_WINDOW_MINUTES * 60_000;
export const TOO_MANY_ATTEMPTS = `Too many failed sign-in attempts. Please wait ${env.LOGIN_WINDOW_MINUTES} minutes and try again.`;
const byUsername = new FailureLimiter({ maxFailures: env.LOGIN_MAX_FAILURES_PER_USER, windowMs });
const byAddress = new FailureLimiter({ maxFailures: env.LOGIN_MAX_FAILURES_PER_ADDRESS, windowMs });

/** The caller's address as the server saw it (set by server.js), else a shared local bucket. */
export function clientAddress(context: unknown): string {
  const address = (context as { clientAddress?: string } | undefined)?.clientAddress;
  return address || "local";
}

/**
 * Authenticates a form-encoded sign-in request. Throws DomainError 401 on bad credentials and
 * 429 once the username or the address has too many recent failures.
 */
export async function signIn(request: Request, address: string): Promise<PublicUser> {
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    throw new DomainError("bad_input", INVALID_CREDENTIALS);
  }
  const userKey = String(form.get("username") ?? "").trim().toLowerCase();
  // Each attempt is counted before the password is checked, so a burst of parallel guesses is limited too.
  if (!byUsername.reserve(userKey)) throw new DomainError("rate_limited", TOO_MANY_ATTEMPTS);
  if (!byAddress.reserve(address)) {
    byUsername.release(userKey);
    throw new DomainError("rate_limited", TOO_MANY_ATTEMPTS);
  }
  try {
    const user = await authenticator.authenticate("form", request);
    byUsername.reset(userKey);
    byAddress.release(address);
    return user;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError("unauthorized", INVALID_CREDENTIALS);
  }
}
