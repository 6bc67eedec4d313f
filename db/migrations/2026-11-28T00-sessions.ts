/**
 * Sessions are rows. The cookie holds a random token; `sessions.id`
 * is its SHA-256 in hex, never the token. Times are ISO text (like users.last_sign_in_at), set by the
 * app, so the table means the same on SQLite and PostgreSQL (no engine defaults, no 32-bit integer
 * milliseconds). users.session_version, which the signed cookies carried, goes: every cookie issued
 * before this migration stops working and everyone signs in again. users.previous_sign_in_at: the
 * sign-in before the current one, for the avatar menu's "Last signed in".
 */
import type { Kysely } from "kysely";
import { inTransaction } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable("sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("user_agent", "text")
      .execute();
    // Ending every session of a user and listing them.
    await trx.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
    await trx.schema.alterTable("users").addColumn("previous_sign_in_at", "text").execute();
    await trx.schema.alterTable("users").dropColumn("session_version").execute();
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .alterTable("users")
      .addColumn("session_version", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await trx.schema.alterTable("users").dropColumn("previous_sign_in_at").execute();
    await trx.schema.dropTable("sessions").execute();
  });
}
