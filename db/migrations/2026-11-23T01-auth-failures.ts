/** Failed sign-ins and password confirmations, in the database so every worker and server shares the limits. */
import { sql, type Kysely } from "kysely";
import { autoIncrementId } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("auth_failures")
    .addColumn("id", "integer", autoIncrementId(db))
    // 'pair' (username and address), 'address' or 'user'; the key is a SHA-256, never the username itself.
    .addColumn("scope", "text", (c) => c.notNull().check(sql`scope in ('pair', 'address', 'user')`))
    .addColumn("key_hash", "text", (c) => c.notNull())
    .addColumn("at_ms", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("auth_failures_key")
    .on("auth_failures")
    .columns(["scope", "key_hash", "at_ms"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("auth_failures").execute();
}
