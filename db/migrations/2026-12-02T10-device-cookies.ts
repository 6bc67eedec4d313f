/**
 * Decision 65. auth_failures takes a fourth scope, 'device': failures from a browser's device cookie
 * (its nonce's SHA-256), counted apart from the username's wait. A check constraint cannot be
 * changed in place on SQLite, so the table is rebuilt (its rows copied, ids renumbered: nothing
 * refers to them). pending_sign_ins: the two-factor waiting cookie's state, so the cookie works once
 * (the row is claimed by the step that finishes the sign-in); the cookie holds a random token, the
 * row its SHA-256.
 */
import { sql, type Kysely } from "kysely";
import { autoIncrementId, inTransaction } from "../dialect.ts";

async function rebuildFailures(trx: Kysely<any>, scopes: string[]): Promise<void> {
  await trx.schema.alterTable("auth_failures").renameTo("auth_failures_old").execute();
  await trx.schema.dropIndex("auth_failures_key").execute();
  await trx.schema
    .createTable("auth_failures")
    .addColumn("id", "integer", autoIncrementId(trx))
    .addColumn("scope", "text", (c) => c.notNull().check(sql`scope in (${sql.join(scopes.map((s) => sql.lit(s)))})`))
    .addColumn("key_hash", "text", (c) => c.notNull())
    .addColumn("at_ms", "integer", (c) => c.notNull())
    .execute();
  await sql`insert into auth_failures (scope, key_hash, at_ms)
    select scope, key_hash, at_ms from auth_failures_old where scope in (${sql.join(scopes.map((s) => sql.lit(s)))})`.execute(
    trx,
  );
  await trx.schema.dropTable("auth_failures_old").execute();
  await trx.schema
    .createIndex("auth_failures_key")
    .on("auth_failures")
    .columns(["scope", "key_hash", "at_ms"])
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await rebuildFailures(trx, ["pair", "address", "user", "device"]);
    await trx.schema
      .createTable("pending_sign_ins")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("stage", "text", (c) => c.notNull().check(sql`stage in ('code', 'enrol')`))
      .addColumn("expires_at_ms", "integer", (c) => c.notNull())
      .execute();
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.dropTable("pending_sign_ins").execute();
    await rebuildFailures(trx, ["pair", "address", "user"]);
  });
}
