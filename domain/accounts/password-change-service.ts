/** A signed-in user changes their own password: checked under the attempt limits, then every session ends. */
import type { Kysely } from "kysely";
import type { Database, User } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { DomainError } from "../shared/errors.ts";
import { guardedAttempt, limitedAttempt, type AttemptGuard } from "./attempt-service.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { endAllSessions } from "./session-service.ts";
import { CURRENT_PASSWORD_WRONG, TOO_MANY_PASSWORD_CHECKS } from "./reset-rules.ts";

type DB = Kysely<Database>;

/**
 * A signed-in user changes their own password: the current one is checked under the attempt limits
 * (403 when wrong, 429 when over), then the password changes and every session ends (the caller
 * gives this request a fresh cookie).
 */
export async function changeOwnPassword(
  db: DB,
  userId: number,
  input: { currentPassword: string; newPassword: string },
  guard: AttemptGuard,
): Promise<User> {
  const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!user) throw new DomainError("unauthorized", "Not authenticated");
  const ok = await limitedAttempt(
    db,
    guardedAttempt("password", user.username, guard),
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
