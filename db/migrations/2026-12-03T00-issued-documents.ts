/**
 * Decision 67. An invoice remembers when it was first sent (emailed, downloaded by anyone, or
 * marked sent), and how: such an invoice is never deleted. issued_documents keeps an invoice's
 * and a credit note's PDF as first issued, so a later logo, address or VAT number change does not
 * alter a document a partner already holds (invoices raised before this migration are stored on
 * their first request after it).
 */
import { sql, type Kysely } from "kysely";
import { bytesType, inTransaction } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.alterTable("fee_payments").addColumn("sent_at", "text").execute();
    await trx.schema
      .alterTable("fee_payments")
      .addColumn("sent_via", "text", (c) => c.check(sql`sent_via in ('email', 'download', 'marked')`))
      .execute();
    await trx.schema
      .createTable("issued_documents")
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('invoice', 'credit_note')`))
      .addColumn("document_id", "integer", (c) => c.notNull())
      .addColumn("filename", "text", (c) => c.notNull())
      .addColumn("bytes", bytesType(trx), (c) => c.notNull())
      .addColumn("issued_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("issued_documents_pk", ["kind", "document_id"])
      .execute();
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.dropTable("issued_documents").execute();
    await trx.schema.alterTable("fee_payments").dropColumn("sent_via").execute();
    await trx.schema.alterTable("fee_payments").dropColumn("sent_at").execute();
  });
}
