/**
 * Two-factor sign-in rules, pure: TOTP codes (RFC 6238: SHA-1, six
 * digits, 30-second steps, one step of clock drift either way) through otpauth, never accepted
 * twice; ten single-use recovery codes, kept as SHA-256 (they carry 50 random bits: a slow hash
 * would add nothing); who must enrol.
 */
import { createHash } from "node:crypto";
import { Secret, TOTP } from "otpauth";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of clock drift accepted either side of now. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes: ten characters of this alphabet in two groups of five (no 0/o, 1/l/i look-alikes). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_LENGTH = 10;

export const TWO_FACTOR_ISSUER = "Vendboard";

/** A fresh base32 secret of 160 bits (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = ""): TOTP {
  return new TOTP({
    issuer: TWO_FACTOR_ISSUER,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, username: string): string {
  return totp(secret, username).toString();
}

/** The code for a time (tests and the enrolment's own checks use the library's generator). */
export function totpCode(secret: string, atMs: number): string {
  return totp(secret).generate({ timestamp: atMs });
}

/** The 30-second step a time falls in. */
export const totpStep = (atMs: number) => Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS);

/** Spaces and dashes people type or paste are dropped; letters compared in lower case. */
export function normaliseCode(input: string): string {
  return input.replace(/[\s-]/g, "").toLowerCase();
}

export const isTotpShape = (code: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);

/**
 * The step of a valid TOTP code at `nowMs`, or null: wrong, outside the drift window, or not later
 * than the last step accepted (a code seen once, or an older one, is refused).
 */
export function acceptTotp(secret: string, input: string, nowMs: number, lastStep: number | null): number | null {
  const code = normaliseCode(input);
  if (!isTotpShape(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(nowMs) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/**
 * Ten recovery codes, "abcde-fghjk", from 100 random bytes, one per character. A byte modulo the
 * 31 letters favours eight of them slightly (9/256 against 8/256): each code still carries over 49 bits.
 */
export function recoveryCodesFrom(bytes: Uint8Array): string[] {
  if (bytes.length < RECOVERY_CODE_COUNT * RECOVERY_LENGTH)
    throw new Error(`Need ${RECOVERY_CODE_COUNT * RECOVERY_LENGTH} random bytes`);
  const codes: string[] = [];
  for (let i = 0; i < RECOVERY_CODE_COUNT; i++) {
    const chars = Array.from(
      bytes.subarray(i * RECOVERY_LENGTH, (i + 1) * RECOVERY_LENGTH),
      (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length],
    );
    codes.push(`${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`);
  }
  return codes;
}

export const RECOVERY_BYTES = RECOVERY_CODE_COUNT * RECOVERY_LENGTH;

export const isRecoveryShape = (code: string) => new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_LENGTH}}$`).test(code);

/** What is stored for a recovery code (typed with or without its dash, in any case). */
export function hashRecoveryCode(input: string): string {
  return createHash("sha256").update(normaliseCode(input)).digest("hex");
}

export interface TwoFactorAccount {
  isAdmin: boolean;
  disabledAt: string | null;
  totpEnabledAt: string | null;
}

/**
 * What a correct password leads to: straight in, a code first, or (REQUIRE_ADMIN_2FA=1, an admin
 * without two-factor sign-in) enrolment first. Partners have no two-factor sign-in.
 */
export function secondStep(account: TwoFactorAccount, requireForAdmins: boolean): "none" | "code" | "enrol" {
  if (account.totpEnabledAt) return "code";
  if (account.isAdmin && requireForAdmins) return "enrol";
  return "none";
}
