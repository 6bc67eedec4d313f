/**
 * Between the password and the second step: a signed cookie holding a random token whose row
 * (pending_sign_ins) names the user, for ten minutes, that is no session (no page but the second
 * step's accepts it) and works once: the step that finishes the sign-in claims the row.
 * The code itself and the enrolment's QR code are handled here for the pages and /api/login alike.
 */
import { createCookie } from "@remix-run/node";
import QRCode from "qrcode";
import { limitedAttempt } from "#domain/accounts/attempt-service.ts";
import {
  INVALID_CODE,
  TOO_MANY_CODES,
  checkSecondFactor,
  confirmEnrolment,
} from "#domain/accounts/two-factor-service.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { findUserById } from "#domain/accounts/user-service.ts";
import {
  PENDING_SIGN_IN_MS,
  claimPendingSignIn,
  pendingUserId,
  startPendingSignIn,
} from "#domain/accounts/pending-sign-in-service.ts";
import type { User } from "#db/schema.ts";
import { ATTEMPT_LIMITS } from "./auth.server.ts";
import { db } from "./db.server.ts";
import { env } from "./env.server.ts";
import { isHttps } from "./session.server.ts";

type Stage = "code" | "enrol";

const pendingCookie = createCookie("__vendboard_2fa", {
  httpOnly: true,
  sameSite: "lax",
  path: "/auth",
  secrets: [env.SESSION_SECRET],
  maxAge: PENDING_SIGN_IN_MS / 1000,
});

/** The Set-Cookie value that carries a right password to the second step. */
export async function startSecondStep(request: Request, userId: number, stage: Stage): Promise<string> {
  const token = await startPendingSignIn(db, userId, stage);
  return pendingCookie.serialize({ token }, { secure: isHttps(request) });
}

export function endSecondStep(request: Request): Promise<string> {
  return pendingCookie.serialize("", { maxAge: 0, secure: isHttps(request) });
}

async function pendingToken(request: Request): Promise<string | null> {
  const value: unknown = await pendingCookie.parse(request.headers.get("Cookie"));
  const token = value && typeof value === "object" ? (value as { token?: unknown }).token : null;
  return typeof token === "string" && token.length > 0 && token.length <= 64 ? token : null;
}

/** The user waiting at this stage, or null (no cookie, too old, another stage, used, disabled since). */
export async function waitingUser(request: Request, stage: Stage): Promise<User | null> {
  const token = await pendingToken(request);
  const userId = token ? await pendingUserId(db, token, stage) : null;
  if (userId === null) return null;
  const user = await findUserById(db, userId);
  return user && !user.disabledAt ? user : null;
}

/** Spends this request's waiting sign-in: false when another request already did (a replayed cookie). */
export async function claimSecondStep(request: Request): Promise<boolean> {
  const token = await pendingToken(request);
  return token ? claimPendingSignIn(db, token) : false;
}

/** A code (TOTP or recovery) checked under the attempt limits like a password: 429 once they are reached. */
export async function secondFactorPasses(
  user: Pick<User, "id" | "username">,
  code: string,
  address: string,
): Promise<boolean> {
  const passed = await limitedAttempt(
    db,
    { purpose: "two-factor", username: user.username, address },
    ATTEMPT_LIMITS,
    TOO_MANY_CODES,
    async () => ((await checkSecondFactor(db, user.id, code)) ? true : null),
  );
  return passed === true;
}

/**
 * The enrolment's first code, limited like the second step: the ten recovery codes, or null for a
 * wrong code. 429 once the limits are reached; other refusals (none waiting, already on) go on.
 */
export async function confirmFirstCode(
  user: Pick<User, "id" | "username">,
  code: string,
  address: string,
): Promise<string[] | null> {
  return limitedAttempt(
    db,
    { purpose: "two-factor", username: user.username, address },
    ATTEMPT_LIMITS,
    TOO_MANY_CODES,
    async () => {
      try {
        return await confirmEnrolment(db, user.id, code, user.id);
      } catch (error) {
        if (error instanceof DomainError && error.message === INVALID_CODE) return null;
        throw error;
      }
    },
  );
}

/** The otpauth:// address as an SVG QR code, drawn on the server (nothing extra in the browser's bundle). */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}
