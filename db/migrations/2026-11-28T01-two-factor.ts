/**
 * Two-factor sign-in for admins. users.totp_secret: the base32
 * TOTP secret once enrolment is confirmed (users.totp_enabled_at says when), users.totp_pending_secret
 * while an enrolment waits for its first code, users.totp_last_step: the 30-second step of the last
 * code accepted (a code is never accepted twice). recovery_codes: ten single-use codes per user,
 * only their SHA-256 kept. Written for both engines (no SQLite-only SQL, no autoincrement).
 */
import type { Kysely } from "kysely";
import { inTransaction } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.alterTable("users").addColumn("totp_secret", "text").execute();
    await trx.schema.alterTable("users").addColumn("totp_pending_secret", "text").execute();
    await trx.schema.alterTable("users").addColumn("totp_enabled_at", "text").execute();
    await trx.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();
    await trx.schema
      .createTable("recovery_codes")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .addPrimaryKeyConstraint("recovery_codes_pk", ["user_id", "code_hash"])
      .execute();
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("recovery_codes").execute();
  for (const column of ["totp_last_step", "totp_enabled_at", "totp_pending_secret", "totp_secret"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
