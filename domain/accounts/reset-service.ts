/**
 * Password reset by emailed link and changing one's own password. Links: one per matching
 * account, single use, 30 minutes, only the token's SHA-256 stored; requests limited per address
 * (in auth_failures, like sign-in) and per account (the links it was sent). Using a link or changing
 * a password ends every session of the user; both are audited. The link emails are sent in
 * reset-mail-service.ts, a password changed by its user in password-change-service.ts.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, User } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import type { MailConfig } from "../mail/mail-service.ts";
import { DomainError } from "../shared/errors.ts";
import { hashPassword } from "./password.ts";
import { endAllSessions } from "./session-service.ts";
import {
  LINK_EXPIRED,
  RESET_LIMITS,
  isResetUsable,
  looksLikeResetToken,
  resetExpiresAt,
  underLimit,
  type ResetLimits,
} from "./reset-rules.ts";
import { hashResetToken, newResetToken } from "./reset-token.ts";

import { sendResetMail } from "./reset-mail-service.ts";

// The link emails and changing one's own password are their own modules; callers keep importing them from here.
export { sendPasswordLink } from "./reset-mail-service.ts";
export { changeOwnPassword } from "./password-change-service.ts";

type DB = Kysely<Database>;

export interface ResetRequestOutcome {
  /** Links sent (or written to the outbox), one per account. */
  sent: number;
  /** Accounts that matched but have no email address. */
  noEmail: number;
  /** 'address' when the address was over its limit (nothing sent), else accounts skipped for their own limit. */
  limited: "address" | number;
}

const addressKey = (address: string) => createHash("sha256").update(`forgot:address:${address}`).digest("hex");

/** The accounts whose username or email is the identifier (case and spaces aside). */
async function matchingAccounts(db: DB, identifier: string): Promise<User[]> {
  const wanted = identifier.trim().toLowerCase();
  if (!wanted) return [];
  return (
    db
      .selectFrom("users")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb(eb.fn("lower", ["username"]), "=", wanted),
          eb(eb.fn("lower", [eb.fn("trim", ["email"])]), "=", wanted),
        ]),
      )
      // A disabled account gets no link.
      .where("disabledAt", "is", null)
      .orderBy("id")
      .execute()
  );
}

/**
 * Handles one "forgot password" request: counts it against the address, then creates and mails a
 * link for each matching account under its own limit. Meant to run after the answer was sent.
 */
export async function requestPasswordReset(
  db: DB,
  mail: MailConfig,
  request: { identifier: string; address: string },
  now = Date.now(),
  limits: ResetLimits = RESET_LIMITS,
): Promise<ResetRequestOutcome> {
  const key = addressKey(request.address);
  const allowed = await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("authFailures")
      .where("scope", "=", "address")
      .where("keyHash", "=", key)
      .where("atMs", "<=", now - limits.addressWindowMs)
      .execute();
    const rows = await trx
      .selectFrom("authFailures")
      .select("atMs")
      .where("scope", "=", "address")
      .where("keyHash", "=", key)
      .execute();
    if (
      !underLimit(
        rows.map((r) => r.atMs),
        now,
        limits.perAddress,
        limits.addressWindowMs,
      )
    )
      return false;
    await trx.insertInto("authFailures").values({ scope: "address", keyHash: key, atMs: now }).execute();
    return true;
  });
  if (!allowed) {
    await audit(db, {
      actorId: null,
      action: "password_reset_limited",
      entity: "user",
      details: { limit: "address", address: request.address },
    });
    return { sent: 0, noEmail: 0, limited: "address" };
  }

  const outcome: ResetRequestOutcome = { sent: 0, noEmail: 0, limited: 0 };
  for (const user of await matchingAccounts(db, request.identifier)) {
    const email = user.email?.trim();
    if (!email) {
      outcome.noEmail++;
      continue;
    }
    const token = newResetToken();
    const created = await db.transaction().execute(async (trx) => {
      const recent = await trx
        .selectFrom("passwordResets")
        .select("createdAtMs")
        .where("userId", "=", user.id)
        .where("createdAtMs", ">", now - limits.accountWindowMs)
        .execute();
      if (
        !underLimit(
          recent.map((r) => r.createdAtMs),
          now,
          limits.perAccount,
          limits.accountWindowMs,
        )
      ) {
        await audit(trx, {
          actorId: null,
          action: "password_reset_limited",
          entity: "user",
          entityId: user.id,
          partnerId: user.isAdmin ? null : user.id,
          details: { limit: "account", address: request.address },
        });
        return false;
      }
      await trx
        .insertInto("passwordResets")
        .values({
          userId: user.id,
          tokenHash: hashResetToken(token),
          expiresAtMs: resetExpiresAt(now),
          usedAtMs: null,
          createdAtMs: now,
          requestedFrom: request.address,
        })
        .execute();
      await audit(trx, {
        actorId: null,
        action: "password_reset_requested",
        entity: "user",
        entityId: user.id,
        partnerId: user.isAdmin ? null : user.id,
        details: { address: request.address, to: email },
      });
      return true;
    });
    if (!created) {
      outcome.limited = (outcome.limited as number) + 1;
      continue;
    }
    await sendResetMail(db, mail, user, email, token);
    outcome.sent++;
  }
  return outcome;
}

/** The user a token's link is for, while it is usable; null for unknown, used or expired tokens. */
export async function findUsableReset(
  db: DB,
  token: string,
  now = Date.now(),
): Promise<{ id: number; userId: number } | null> {
  if (!looksLikeResetToken(token)) return null;
  const reset = await db
    .selectFrom("passwordResets")
    .select(["id", "userId", "expiresAtMs", "usedAtMs"])
    .where("tokenHash", "=", hashResetToken(token))
    .executeTakeFirst();
  return reset && isResetUsable(reset, now) ? { id: reset.id, userId: reset.userId } : null;
}

/**
 * Uses a link: sets the password, marks this and every other open link of the user used, and ends
 * every session (the caller signs this request in afresh). 400 LINK_EXPIRED for an unusable token.
 */
export async function resetPasswordWithToken(db: DB, token: string, password: string, now = Date.now()): Promise<User> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const reset = await findUsableReset(trx, token, now);
    if (!reset) throw new DomainError("bad_input", LINK_EXPIRED);
    // A link sent before the account was disabled no longer works.
    const owner = await trx.selectFrom("users").select("disabledAt").where("id", "=", reset.userId).executeTakeFirst();
    if (!owner || owner.disabledAt !== null) throw new DomainError("bad_input", LINK_EXPIRED);
    // The claim: only one of two parallel uses marks it used.
    const claimed = await trx
      .updateTable("passwordResets")
      .set({ usedAtMs: now })
      .where("id", "=", reset.id)
      .where("usedAtMs", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new DomainError("bad_input", LINK_EXPIRED);
    await trx
      .updateTable("passwordResets")
      .set({ usedAtMs: now })
      .where("userId", "=", reset.userId)
      .where("usedAtMs", "is", null)
      .execute();
    const user = await trx
      .updateTable("users")
      .set({ passwordHash })
      .where("id", "=", reset.userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await endAllSessions(trx, user.id);
    await audit(trx, {
      actorId: user.id,
      action: "password_reset",
      entity: "user",
      entityId: user.id,
      partnerId: user.isAdmin ? null : user.id,
      details: { reason: "Password reset by link" },
    });
    return user;
  });
}
