/**
 * Admin management and account status: list and create admins,
 * disable and enable any account (admins and partners), each in one transaction and audited.
 * Disabling deletes the account's sessions, so every one ends at once.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, User } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { conflict, forbidden, notFound } from "../shared/errors.ts";
import { TOO_MANY_CONFIRMATIONS } from "./attempt-rules.ts";
import { guardedAttempt, limitedAttempt, type AttemptGuard } from "./attempt-service.ts";
import { verifyPassword } from "./password.ts";
import { sendPasswordLink } from "./reset-service.ts";
import type { MailConfig } from "../mail/mail-service.ts";
import { createAdminSchema, disableRefusal, passwordFromBytes, GENERATED_PASSWORD_LENGTH } from "./admin-rules.ts";
import { endAllSessions } from "./session-service.ts";
import { createUser, findUserByUsername } from "./user-service.ts";

export interface AdminSummary {
  id: number;
  username: string;
  name: string | null;
  email: string | null;
  /** ISO time, null: never signed in. */
  lastSignInAt: string | null;
  /** ISO time, null: active. */
  disabledAt: string | null;
  /** Two-factor sign-in is on. */
  twoFactor: boolean;
  createdAt: string;
}

const summary = (user: User): AdminSummary => ({
  id: user.id,
  username: user.username,
  name: user.name,
  email: user.email,
  lastSignInAt: user.lastSignInAt,
  disabledAt: user.disabledAt,
  twoFactor: user.totpEnabledAt !== null,
  createdAt: user.createdAt,
});

/** Every admin, active ones first, then by username. */
export async function listAdmins(db: Kysely<Database>): Promise<AdminSummary[]> {
  const rows = await db
    .selectFrom("users")
    .selectAll()
    .where("isAdmin", "=", 1)
    .orderBy((eb) => eb("disabledAt", "is not", null))
    .orderBy((eb) => eb.fn("lower", ["username"]))
    .execute();
  return rows.map(summary);
}

export async function countActiveAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("isAdmin", "=", 1)
    .where("disabledAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function generatePassword(): string {
  return passwordFromBytes(randomBytes(GENERATED_PASSWORD_LENGTH));
}

/**
 * Creates an admin (409 'Username already exists'). With `sendSetPasswordLink` (and an email) the
 * admin gets a single-use link to choose their password (72 hours; their password until then is
 * random and known to nobody). Otherwise, without a password one is generated and answered once
 * as `generatedPassword`; it is never stored or shown again.
 */
export async function createAdmin(
  db: Kysely<Database>,
  input: unknown,
  actorId: number | null,
  mail?: MailConfig,
): Promise<{ admin: AdminSummary; generatedPassword: string | null; setPasswordLinkSentTo: string | null }> {
  const data = createAdminSchema.parse(input);
  if (data.sendSetPasswordLink && !mail)
    throw new Error("createAdmin: a set-password link needs the mail configuration");
  const generated = data.password ? null : generatePassword();
  const user = await createUser(
    db,
    {
      username: data.username,
      password: data.password ?? generated!,
      name: data.name,
      email: data.email,
      isAdmin: true,
    },
    actorId,
    { createdBy: actorId },
  );
  if (data.sendSetPasswordLink) {
    const link = await sendPasswordLink(db, mail!, user.id, { kind: "invite", actorId });
    return { admin: summary(user), generatedPassword: null, setPasswordLinkSentTo: link.sentTo };
  }
  return { admin: summary(user), generatedPassword: generated, setPasswordLinkSentTo: null };
}

async function findAccount(db: Kysely<Database>, idOrUsername: number | string): Promise<User> {
  const user =
    typeof idOrUsername === "number"
      ? await db.selectFrom("users").selectAll().where("id", "=", idOrUsername).executeTakeFirst()
      : await findUserByUsername(db, idOrUsername);
  if (!user) throw notFound("User not found");
  return user;
}

export interface AccountStatus {
  id: number;
  username: string;
  isAdmin: boolean;
  disabledAt: string | null;
}

const status = (user: User): AccountStatus => ({
  id: user.id,
  username: user.username,
  isAdmin: user.isAdmin === 1,
  disabledAt: user.disabledAt,
});

/**
 * Disables an account (by id or username): it can no longer sign in and every session ends. An
 * admin cannot disable themselves nor the last active admin (409). Disabling a disabled account
 * changes nothing. `actorId` null: the CLI.
 */
export async function disableAccount(
  db: Kysely<Database>,
  idOrUsername: number | string,
  actorId: number | null,
): Promise<AccountStatus> {
  return db.transaction().execute(async (trx) => {
    const user = await findAccount(trx, idOrUsername);
    if (user.disabledAt) return status(user);
    const refusal = disableRefusal(
      actorId,
      { id: user.id, isAdmin: user.isAdmin === 1, disabledAt: user.disabledAt },
      user.isAdmin ? await countActiveAdmins(trx) : 0,
    );
    if (refusal) throw conflict(refusal);
    const updated = await trx
      .updateTable("users")
      .set({ disabledAt: new Date().toISOString() })
      .where("id", "=", user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await endAllSessions(trx, user.id);
    await audit(trx, {
      actorId,
      action: "disable",
      entity: "user",
      entityId: user.id,
      partnerId: user.isAdmin ? null : user.id,
      before: { disabledAt: null },
      after: { disabledAt: updated.disabledAt },
      details: { username: user.username, isAdmin: user.isAdmin === 1 },
    });
    return status(updated);
  });
}

/** Lets a disabled account sign in again (its old sessions stay ended). Enabling an active account changes nothing. */
export async function enableAccount(
  db: Kysely<Database>,
  idOrUsername: number | string,
  actorId: number | null,
): Promise<AccountStatus> {
  return db.transaction().execute(async (trx) => {
    const user = await findAccount(trx, idOrUsername);
    if (!user.disabledAt) return status(user);
    const updated = await trx
      .updateTable("users")
      .set({ disabledAt: null })
      .where("id", "=", user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actorId,
      action: "enable",
      entity: "user",
      entityId: user.id,
      partnerId: user.isAdmin ? null : user.id,
      before: { disabledAt: user.disabledAt },
      after: { disabledAt: null },
      details: { username: user.username, isAdmin: user.isAdmin === 1 },
    });
    return status(updated);
  });
}

/** A successful sign-in: when it happened. */
export async function recordSignIn(db: Kysely<Database>, userId: number): Promise<void> {
  // The one before moves to previous_sign_in_at: the avatar menu shows it ("before this session").
  await db
    .updateTable("users")
    .set((eb) => ({ previousSignInAt: eb.ref("lastSignInAt"), lastSignInAt: new Date().toISOString() }))
    .where("id", "=", userId)
    .execute();
}

/**
 * The admin's own password, confirming a disable on the page (like Delete Partner): 403 'Incorrect
 * password', attempt-limited like sign-in when a guard (the caller's address) is given.
 */
export async function confirmAdminPassword(
  db: Kysely<Database>,
  adminId: number,
  password: string,
  guard?: AttemptGuard,
): Promise<void> {
  const actor = await db.selectFrom("users").selectAll().where("id", "=", adminId).executeTakeFirst();
  const check = async () => (actor && (await verifyPassword(password, actor.passwordHash)) ? true : null);
  const confirmed = guard
    ? await limitedAttempt(
        db,
        guardedAttempt("confirm", actor?.username ?? `#${adminId}`, guard),
        guard.limits,
        TOO_MANY_CONFIRMATIONS,
        check,
      )
    : await check();
  if (!confirmed) throw forbidden("Incorrect password");
}
