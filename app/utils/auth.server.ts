/** Sign-in with remix-auth's FormStrategy, rate-limited per username and per address. */
import { textField } from "./action-reply.ts";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
import { DomainError } from "#domain/shared/errors.ts";
import { guardedAttempt, limitedAttempt, type AttemptGuard } from "#domain/accounts/attempt-service.ts";
import { defaultLimits } from "#domain/accounts/attempt-rules.ts";
import { findUserById, verifyLogin, type PublicUser, toPublicUser } from "#domain/accounts/user-service.ts";
import { recordSignIn } from "#domain/accounts/admin-service.ts";
import { secondStep } from "#domain/accounts/two-factor-rules.ts";
import { commitNewSession } from "./session.server.ts";
import { deviceLookup, deviceValue, rememberThisDevice } from "./device.server.ts";
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

export const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please wait and try again.";

/** The limits of ARCHITECTURE.md section 10, from the environment (tests loosen them). */
export const ATTEMPT_LIMITS = defaultLimits({
  perPair: env.LOGIN_MAX_FAILURES_PER_USER,
  freeUserFailures: env.LOGIN_MAX_FAILURES_PER_USER,
  perDevice: env.LOGIN_MAX_FAILURES_PER_USER,
  perAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
  windowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
});

/** The caller's address as the server saw it (set by server.js), else a shared local bucket. */
export function clientAddress(context: unknown): string {
  const address = (context as { clientAddress?: string } | undefined)?.clientAddress;
  return address || "local";
}

/** The limits for this request: its address, and its device cookie's nonce for whichever username is tried. */
export async function attemptGuard(request: Request, context: unknown): Promise<AttemptGuard> {
  return {
    address: clientAddress(context),
    limits: ATTEMPT_LIMITS,
    deviceFor: deviceLookup(await deviceValue(request)),
  };
}

/** What a right password leads to: in at once, a two-factor code first, or (REQUIRE_ADMIN_2FA) enrolment first. */
export interface SignInOutcome {
  user: PublicUser;
  next: "none" | "code" | "enrol";
}

/**
 * Checks a form-encoded sign-in request's password. Throws DomainError 401 on bad credentials and
 * RateLimitedError 429 (with Retry-After) once a limit is reached; any other failure (the database,
 * say) is not a failed login and goes on as a 500. The sign-in is not complete yet: the caller
 * asks for the second step the outcome names, then calls finishSignIn.
 */
export async function signIn(request: Request, guard: AttemptGuard): Promise<SignInOutcome> {
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    throw new DomainError("bad_input", INVALID_CREDENTIALS);
  }
  const username = textField(form, "username");
  // Counted before the password is checked, so a burst of parallel guesses is limited too.
  const user = await limitedAttempt(
    db,
    guardedAttempt("login", username, guard),
    guard.limits,
    TOO_MANY_ATTEMPTS,
    async () => {
      try {
        return await authenticator.authenticate("form", request);
      } catch (error) {
        if (error instanceof DomainError && error.code === "unauthorized") return null;
        throw error;
      }
    },
  );
  if (!user) throw new DomainError("unauthorized", INVALID_CREDENTIALS);
  const account = await findUserById(db, user.id);
  if (!account) throw new DomainError("unauthorized", INVALID_CREDENTIALS);
  return {
    user,
    next: secondStep(
      { isAdmin: account.isAdmin === 1, disabledAt: account.disabledAt, totpEnabledAt: account.totpEnabledAt },
      env.REQUIRE_ADMIN_2FA,
    ),
  };
}

/**
 * Every step passed: the sign-in is recorded; answers the Set-Cookie values of a fresh session and
 * of the device cookie that makes this browser known for the username, so its wait does not apply to it.
 */
export async function finishSignIn(request: Request, user: { id: number; username: string }): Promise<string[]> {
  await recordSignIn(db, user.id);
  return [await commitNewSession(request, user.id), await rememberThisDevice(request, user.username)];
}

/** Headers carrying each Set-Cookie value. */
export function cookieHeaders(...cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}
