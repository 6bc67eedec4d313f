/** Password reset links: only the SHA-256 of each token is kept, never the token itself. */
import type { Kysely } from "kysely";
import { autoIncrementId } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("password_resets")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    // Milliseconds since the epoch, like auth_failures: compared with the injected clock.
    .addColumn("expires_at_ms", "integer", (c) => c.notNull())
    .addColumn("used_at_ms", "integer")
    .addColumn("created_at_ms", "integer", (c) => c.notNull())
    .addColumn("requested_from", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("password_resets_user")
    .on("password_resets")
    .columns(["user_id", "created_at_ms"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("password_resets").execute();
}
