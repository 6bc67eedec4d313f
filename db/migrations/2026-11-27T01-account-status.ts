/**
 * Account status. users.disabled_at: null while the account may sign
 * in, else when it was disabled (its sessions ended then). users.last_sign_in_at: the last successful
 * sign-in (web form or POST /api/login). users.created_by: the admin who created the account (null
 * for the CLI, the demo and older rows).
 */
import type { Kysely } from "kysely";
import { inTransaction } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.alterTable("users").addColumn("disabled_at", "text").execute();
    await trx.schema.alterTable("users").addColumn("last_sign_in_at", "text").execute();
    await trx.schema
      .alterTable("users")
      .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .execute();
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("created_by").execute();
  await db.schema.alterTable("users").dropColumn("last_sign_in_at").execute();
  await db.schema.alterTable("users").dropColumn("disabled_at").execute();
}
