/**
 * Two-factor sign-in: enrolment confirmed by a first code, the
 * second step at sign-in (a TOTP code or a recovery code, each accepted once), new recovery codes,
 * turning it off, and the CLI's reset for a lost device. Every change is audited; codes never are.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, User } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { badInput, conflict, notFound } from "../shared/errors.ts";
import {
  RECOVERY_BYTES,
  acceptTotp,
  hashRecoveryCode,
  isRecoveryShape,
  newTotpSecret,
  normaliseCode,
  otpauthUri,
  recoveryCodesFrom,
} from "./two-factor-rules.ts";
import { findUserByUsername } from "./user-service.ts";

type DB = Kysely<Database>;

export const TWO_FACTOR_REQUIRED = "Two-factor code required";
export const INVALID_CODE = "Invalid authentication code";
export const TOO_MANY_CODES = "Too many failed codes. Please wait and try again.";
export const REQUIRED_FOR_ADMINS = "Two-factor sign-in is required for every admin of this business";
export const ENROLMENT_REQUIRED = "Two-factor sign-in must be set up first: sign in on the web to set it up";

export interface TwoFactorStatus {
  enabled: boolean;
  /** ISO time it was turned on. */
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

async function recoveryCodesLeft(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom("recoveryCodes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An audit entry about a user's second factor (partnerId set when the user is a partner). */
function auditUser(
  trx: DB,
  user: Pick<User, "id" | "username" | "isAdmin">,
  actorId: number | null,
  action: string,
  extra: { before?: unknown; after?: unknown; details?: Record<string, unknown> } = {},
) {
  return audit(trx, {
    actorId,
    action,
    entity: "user",
    entityId: user.id,
    partnerId: user.isAdmin ? null : user.id,
    before: extra.before,
    after: extra.after,
    details: { username: user.username, ...extra.details },
  });
}

export async function twoFactorStatus(db: DB, userId: number): Promise<TwoFactorStatus> {
  const user = await db.selectFrom("users").select(["totpEnabledAt"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw notFound("User not found");
  return {
    enabled: user.totpEnabledAt !== null,
    enabledAt: user.totpEnabledAt,
    recoveryCodesLeft: await recoveryCodesLeft(db, userId),
  };
}

export interface Enrolment {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  /** otpauth:// address, drawn as the QR code. */
  uri: string;
}

/** The enrolment waiting for its first code, if one was started (read only). */
export async function enrolmentInProgress(db: DB, userId: number): Promise<Enrolment | null> {
  const user = await db
    .selectFrom("users")
    .select(["username", "totpEnabledAt", "totpPendingSecret"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user?.totpPendingSecret || user.totpEnabledAt) return null;
  return { secret: user.totpPendingSecret, uri: otpauthUri(user.totpPendingSecret, user.username) };
}

/**
 * The enrolment waiting for its first code: the same secret until it is confirmed (a reload shows the
 * same QR code), a new one when none waits. 409 when two-factor sign-in is already on.
 */
export async function pendingEnrolment(db: DB, userId: number): Promise<Enrolment> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["username", "totpEnabledAt", "totpPendingSecret"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) throw notFound("User not found");
    if (user.totpEnabledAt) throw conflict("Two-factor sign-in is already on");
    let secret = user.totpPendingSecret;
    if (!secret) {
      secret = newTotpSecret();
      await trx.updateTable("users").set({ totpPendingSecret: secret }).where("id", "=", userId).execute();
    }
    return { secret, uri: otpauthUri(secret, user.username) };
  });
}

async function replaceRecoveryCodes(trx: DB, userId: number, now: Date): Promise<string[]> {
  const codes = recoveryCodesFrom(randomBytes(RECOVERY_BYTES));
  await trx.deleteFrom("recoveryCodes").where("userId", "=", userId).execute();
  await trx
    .insertInto("recoveryCodes")
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: now.toISOString() })))
    .execute();
  return codes;
}

/**
 * Confirms the waiting enrolment with a first code from the app: two-factor sign-in is on, and ten
 * recovery codes are answered, once (only their hashes are kept). 400 'Invalid authentication code'.
 */
export async function confirmEnrolment(
  db: DB,
  userId: number,
  code: string,
  actorId: number | null,
  now = new Date(),
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
    if (!user) throw notFound("User not found");
    if (user.totpEnabledAt) throw conflict("Two-factor sign-in is already on");
    if (!user.totpPendingSecret) throw badInput("Start setting up two-factor sign-in first");
    const step = acceptTotp(user.totpPendingSecret, code, now.getTime(), null);
    if (step === null) throw badInput(INVALID_CODE);
    await trx
      .updateTable("users")
      .set({
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: now.toISOString(),
        totpLastStep: step,
      })
      .where("id", "=", userId)
      .execute();
    const codes = await replaceRecoveryCodes(trx, userId, now);
    await auditUser(trx, user, actorId, "two_factor_on");
    return codes;
  });
}

/**
 * The second step of a sign-in: a TOTP code (its step must be later than the last one accepted, so
 * a code is good once, even against two servers racing) or an unused recovery code (then spent and
 * audited). Answers how it passed, or null.
 */
export async function checkSecondFactor(
  db: DB,
  userId: number,
  input: string,
  now = new Date(),
): Promise<"totp" | "recovery" | null> {
  const code = normaliseCode(input);
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
    if (!user?.totpSecret || !user.totpEnabledAt) return null;
    if (isRecoveryShape(code)) {
      const spent = await trx
        .updateTable("recoveryCodes")
        .set({ usedAt: now.toISOString() })
        .where("userId", "=", userId)
        .where("codeHash", "=", hashRecoveryCode(code))
        .where("usedAt", "is", null)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) return null;
      await auditUser(trx, user, userId, "recovery_code_used", {
        details: { recoveryCodesLeft: await recoveryCodesLeft(trx, userId) },
      });
      return "recovery";
    }
    const step = acceptTotp(user.totpSecret, code, now.getTime(), user.totpLastStep);
    if (step === null) return null;
    // Conditional: of two requests carrying the same code, one moves the step and the other finds it moved.
    const moved = await trx
      .updateTable("users")
      .set({ totpLastStep: step })
      .where("id", "=", userId)
      .where((eb) => eb.or([eb("totpLastStep", "is", null), eb("totpLastStep", "<", step)]))
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1 ? "totp" : null;
  });
}

/** Ten fresh recovery codes (the old ones stop working), answered once. 409 when two-factor sign-in is off. */
export async function renewRecoveryCodes(
  db: DB,
  userId: number,
  actorId: number | null,
  now = new Date(),
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
    if (!user) throw notFound("User not found");
    if (!user.totpEnabledAt) throw conflict("Two-factor sign-in is off");
    const codes = await replaceRecoveryCodes(trx, userId, now);
    await auditUser(trx, user, actorId, "recovery_codes_renewed");
    return codes;
  });
}

async function turnOff(
  trx: DB,
  user: User,
  actorId: number | null,
  action: "two_factor_off" | "two_factor_reset",
): Promise<void> {
  await trx
    .updateTable("users")
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where("id", "=", user.id)
    .execute();
  await trx.deleteFrom("recoveryCodes").where("userId", "=", user.id).execute();
  await auditUser(trx, user, actorId, action, {
    before: { twoFactor: user.totpEnabledAt ? "on" : "off" },
    after: { twoFactor: "off" },
  });
}

/**
 * The user turns two-factor sign-in off (the route confirms the password first). 409 for an admin
 * when it is required of every admin (REQUIRE_ADMIN_2FA).
 */
export async function turnOffTwoFactor(db: DB, userId: number, options: { requiredForAdmins: boolean }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
    if (!user) throw notFound("User not found");
    if (user.isAdmin && options.requiredForAdmins) throw conflict(REQUIRED_FOR_ADMINS);
    if (!user.totpEnabledAt && !user.totpPendingSecret) return;
    await turnOff(trx, user, userId, "two_factor_off");
  });
}

/**
 * `vendboard admin reset-2fa USERNAME`: a lost device. Two-factor sign-in is off until the user sets it
 * up again (at the next sign-in when REQUIRE_ADMIN_2FA=1). Answers whether it was on.
 */
export async function resetTwoFactor(
  db: DB,
  username: string,
  actorId: number | null,
): Promise<{ username: string; wasOn: boolean }> {
  return db.transaction().execute(async (trx) => {
    const user = await findUserByUsername(trx, username);
    if (!user) throw notFound("User not found");
    const wasOn = user.totpEnabledAt !== null;
    if (wasOn || user.totpPendingSecret) await turnOff(trx, user, actorId, "two_factor_reset");
    return { username: user.username, wasOn };
  });
}
