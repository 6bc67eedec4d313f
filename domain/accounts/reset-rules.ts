/**
 * Password reset links, pure: the token, its hash, its life of 30 minutes, and the limits
 * on asking for links (per address and per account). No clock, no database and no node:crypto here
 * (the pages' scripts import these texts); the token and its hash are in reset-token.ts.
 */
export const RESET_LINK_MINUTES = 30;
const RESET_LINK_MS = RESET_LINK_MINUTES * 60_000;

/** The answer to every request for a link, whether or not an account matched or a limit was reached. */
export const FORGOT_ANSWER =
  "If an account matches, we have sent a link to reset its password. It works once, for 30 minutes.";
export const LINK_EXPIRED = "This link has expired or was already used";
export const PASSWORDS_DIFFER = "The two passwords are not the same";
export const CURRENT_PASSWORD_WRONG = "Current password is incorrect";
export const TOO_MANY_PASSWORD_CHECKS = "Too many wrong passwords. Please wait and try again.";

/** A token as it may appear in a link: anything else is refused before the database is asked. */
export function looksLikeResetToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** A new admin's emailed set-password link lasts longer than a reset: the first email may wait a weekend. */
export const INVITE_LINK_HOURS = 72;

/** When a link made at `createdAtMs` stops working: 30 minutes for a reset, 72 hours for a new account's. */
export function resetExpiresAt(createdAtMs: number, kind: "reset" | "invite" = "reset"): number {
  return createdAtMs + (kind === "invite" ? INVITE_LINK_HOURS * 3_600_000 : RESET_LINK_MS);
}

export const NO_EMAIL = "This account has no email address";
export const DISABLED_NO_LINK = "A disabled account gets no link";

/** A link works once, before it expires: at exactly 30 minutes it no longer does. */
export function isResetUsable(reset: { expiresAtMs: number; usedAtMs: number | null }, now: number): boolean {
  return reset.usedAtMs === null && now < reset.expiresAtMs;
}

/** The path of the link (APP_URL is put in front by the mail's appLink). */
export function resetPath(token: string): string {
  return `/auth/reset/${token}`;
}

export interface ResetLimits {
  /** Requests from one address (known account or not) within `addressWindowMs`. */
  perAddress: number;
  addressWindowMs: number;
  /** Links sent to one account within `accountWindowMs`. */
  perAccount: number;
  accountWindowMs: number;
}

export const RESET_LIMITS: ResetLimits = {
  perAddress: 5,
  addressWindowMs: 15 * 60_000,
  perAccount: 3,
  accountWindowMs: 60 * 60_000,
};

/** Whether one more request may go ahead, given the times (ms) of the earlier ones still in the window. */
export function underLimit(times: readonly number[], now: number, max: number, windowMs: number): boolean {
  return times.filter((t) => t > now - windowMs).length < max;
}

export const MIN_NEW_PASSWORD = 8;

/** What is wrong with a new password typed twice, or null: at least 8 characters, at most 256, both the same. */
export function newPasswordProblem(password: string, repeat: string): string | null {
  if (password.length < MIN_NEW_PASSWORD) return `Password must be at least ${MIN_NEW_PASSWORD} characters`;
  if (password.length > 256) return "Password is too long";
  if (password !== repeat) return PASSWORDS_DIFFER;
  return null;
}
