/**
 * Password reset by emailed link and changing one's own password. Links: one per matching
 * account, single use, 30 minutes, only the token's SHA-256 stored; requests limited per address
 * (in auth_failures, like sign-in) and per account (the links it was sent). Using a link or changing
 * a password ends every session of the user; both are audited.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { DEFAULT_APP_URL } from "#db/config.ts";
import type { Database, User } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { getBusinessProfile } from "../business/business-service.ts";
import { sendMail, type MailConfig } from "../mail/mail-service.ts";
import { mailHtml, mailText, type MailBody } from "../mail/mail-templates.ts";
import { DomainError, badInput, conflict, notFound } from "../shared/errors.ts";
import { limitedAttempt } from "./attempt-service.ts";
import type { AttemptLimits } from "./attempt-rules.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { endAllSessions } from "./session-service.ts";
import {
  CURRENT_PASSWORD_WRONG,
  DISABLED_NO_LINK,
  INVITE_LINK_HOURS,
  NO_EMAIL,
  LINK_EXPIRED,
  RESET_LIMITS,
  RESET_LINK_MINUTES,
  TOO_MANY_PASSWORD_CHECKS,
  isResetUsable,
  looksLikeResetToken,
  resetExpiresAt,
  resetPath,
  underLimit,
  type ResetLimits,
} from "./reset-rules.ts";
import { hashResetToken, newResetToken } from "./reset-token.ts";

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

type LinkMail = "forgot" | "admin-reset" | "invite";

async function sendResetMail(
  db: DB,
  mail: MailConfig,
  user: User,
  to: string,
  token: string,
  kind: LinkMail = "forgot",
): Promise<void> {
  const business = await getBusinessProfile(db);
  const subject =
    kind === "invite" ? `Your ${business.tradingName} admin account` : `Reset your ${business.tradingName} password`;
  const first = {
    forgot: `Someone asked to reset the password of your account "${user.username}". If it was you, choose a new password with the link below.`,
    "admin-reset": `An administrator sent you a link to choose a new password for your account "${user.username}".`,
    invite: `An administrator account "${user.username}" was created for you. Choose your password with the link below, then sign in.`,
  }[kind];
  const second =
    kind === "invite"
      ? `The link works once, for ${INVITE_LINK_HOURS} hours. If it has expired, use "Forgot password?" on the sign-in page.`
      : `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask, ignore this email: your password stays as it is.`;
  const body: MailBody = {
    greeting: `Dear ${user.name ?? user.username},`,
    paragraphs: [first, second],
    action: { label: kind === "invite" ? "Choose your password" : "Choose a new password", path: resetPath(token) },
  };
  const appUrl = mail.appUrl ?? DEFAULT_APP_URL;
  await sendMail(db, mail, {
    to,
    subject,
    text: mailText(body, business, appUrl),
    html: mailHtml(body, business, appUrl, subject),
  });
}

/**
 * An admin sends an account (admin or partner) a single-use link to choose its password: `invite`
 * for a new admin (72 hours), `admin-reset` otherwise (30 minutes, like Forgot password). Not
 * limited (an admin asks), audited with the address it went to; the mail goes after the commit.
 * 404 unknown, 400 no email, 409 disabled.
 */
export async function sendPasswordLink(
  db: DB,
  mail: MailConfig,
  userId: number,
  options: { kind: "invite" | "admin-reset"; actorId: number | null },
  now = Date.now(),
): Promise<{ sentTo: string; expiresAt: string }> {
  const token = newResetToken();
  const { user, email, expiresAtMs } = await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
    if (!user) throw notFound("User not found");
    if (user.disabledAt) throw conflict(DISABLED_NO_LINK);
    const email = user.email?.trim();
    if (!email) throw badInput(NO_EMAIL);
    const expiresAtMs = resetExpiresAt(now, options.kind === "invite" ? "invite" : "reset");
    await trx
      .insertInto("passwordResets")
      .values({
        userId,
        tokenHash: hashResetToken(token),
        expiresAtMs,
        usedAtMs: null,
        createdAtMs: now,
        requestedFrom: options.actorId === null ? "cli" : `admin #${options.actorId}`,
      })
      .execute();
    await audit(trx, {
      actorId: options.actorId,
      action: "password_link_sent",
      entity: "user",
      entityId: userId,
      partnerId: user.isAdmin ? null : userId,
      details: { kind: options.kind, to: email, username: user.username },
    });
    return { user, email, expiresAtMs };
  });
  await sendResetMail(db, mail, user, email, token, options.kind);
  return { sentTo: email, expiresAt: new Date(expiresAtMs).toISOString() };
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

/**
 * A signed-in user changes their own password: the current one is checked under the attempt limits
 * (403 when wrong, 429 when over), then the password changes and every session ends (the caller
 * gives this request a fresh cookie).
 */
export async function changeOwnPassword(
  db: DB,
  userId: number,
  input: { currentPassword: string; newPassword: string },
  guard: { address: string; limits: AttemptLimits },
): Promise<User> {
  const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!user) throw new DomainError("unauthorized", "Not authenticated");
  const ok = await limitedAttempt(
    db,
    { purpose: "password", username: user.username, address: guard.address },
    guard.limits,
    TOO_MANY_PASSWORD_CHECKS,
    async () => ((await verifyPassword(input.currentPassword, user.passwordHash)) ? true : null),
  );
  if (!ok) throw new DomainError("forbidden", CURRENT_PASSWORD_WRONG);
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("users")
      .set({ passwordHash })
      .where("id", "=", userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    // Every session ends; the caller gives this device a fresh one.
    await endAllSessions(trx, userId);
    // A link asked for before is no longer needed: it could only undo this change.
    await trx
      .updateTable("passwordResets")
      .set({ usedAtMs: Date.now() })
      .where("userId", "=", userId)
      .where("usedAtMs", "is", null)
      .execute();
    await audit(trx, {
      actorId: userId,
      action: "password_change",
      entity: "user",
      entityId: userId,
      partnerId: updated.isAdmin ? null : userId,
      details: { changed: ["password"] },
    });
    return updated;
  });
}
