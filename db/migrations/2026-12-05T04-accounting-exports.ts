/**
 * Accounting exports (docs/accounting.md): the account codes, tax types and tracking each accounting
 * package is given (one row, JSON checked by domain/accounting/accounting-settings.ts), and the log of
 * every export written: its month, kind and format, who wrote it, and each document it carried with
 * its fingerprint, so a document changed after it was exported is never sent again under its number.
 */
import { type Kysely } from "kysely";
import { autoIncrementId, inTransaction, nowText } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable("accounting_settings")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("settings", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(nowText(trx)))
      .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .execute();
    await trx.schema
      .createTable("accounting_exports")
      .addColumn("id", "integer", autoIncrementId(trx))
      .addColumn("month", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("format", "text", (c) => c.notNull())
      // Each document as it was sent: [{number, base, fingerprint, document}] (JSON).
      .addColumn("documents", "text", (c) => c.notNull())
      .addColumn("exported_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("exported_at", "text", (c) => c.notNull().defaultTo(nowText(trx)))
      .execute();
    await trx.schema
      .createIndex("accounting_exports_month")
      .on("accounting_exports")
      .columns(["month", "kind", "format"])
      .execute();
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.dropTable("accounting_exports").execute();
    await trx.schema.dropTable("accounting_settings").execute();
  });
}
