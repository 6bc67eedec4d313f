/**
 * Uploaded exports as rows: on PostgreSQL, where several app servers
 * share no disk, the bytes live in the database, keyed by the same "uploads/<sha256>.xlsx" path the
 * import receipts hold. On SQLite the table stays empty (files in the data directory, as before);
 * it exists on both so one schema serves both engines and `vendboard db copy` can fill it.
 */
import type { Kysely } from "kysely";
import { bytesType } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("stored_uploads")
    .addColumn("path", "text", (c) => c.primaryKey())
    .addColumn("bytes", bytesType(db), (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    // Milliseconds since the epoch: when it was stored or last stored again (the prune's grace).
    .addColumn("stored_at_ms", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stored_uploads").execute();
}
