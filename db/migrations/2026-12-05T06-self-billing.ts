/**
 * Self-billing for VAT-registered partners (docs/decisions/072-self-billing.md, HMRC VAT Notice
 * 700/62). self_billing_agreements holds a partner's agreement: its start and review dates, the
 * partner's VAT number and the VAT rate their accountant gave (basis points; never assumed).
 * self_billed_invoices is each partner-month's self-billed invoice: its number in the partner's own
 * series (seq, never reused), the figures it was issued with, and its PDF as first issued.
 */
import { sql, type Kysely } from "kysely";
import { autoIncrementId, bytesType, inTransaction, nowText } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable("self_billing_agreements")
      .addColumn("partner_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("start_date", "text", (c) => c.notNull())
      .addColumn("review_date", "text", (c) => c.notNull())
      .addColumn("vat_number", "text", (c) => c.notNull())
      .addColumn("vat_rate_bp", "integer", (c) => c.notNull().check(sql`vat_rate_bp >= 0 and vat_rate_bp <= 10000`))
      .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(nowText(trx)))
      .execute();
    await trx.schema
      .createTable("self_billed_invoices")
      .addColumn("id", "integer", autoIncrementId(trx))
      .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("month", "text", (c) => c.notNull())
      .addColumn("seq", "integer", (c) => c.notNull())
      .addColumn("number", "text", (c) => c.notNull())
      .addColumn("vat_number", "text", (c) => c.notNull())
      .addColumn("vat_rate_bp", "integer", (c) => c.notNull())
      .addColumn("ex_vat_pence", "integer", (c) => c.notNull())
      .addColumn("vat_pence", "integer", (c) => c.notNull())
      .addColumn("total_pence", "integer", (c) => c.notNull())
      .addColumn("issued_on", "text", (c) => c.notNull())
      .addColumn("pdf", bytesType(trx))
      .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(trx)))
      .addUniqueConstraint("self_billed_invoices_month", ["partner_id", "month"])
      .addUniqueConstraint("self_billed_invoices_seq", ["partner_id", "seq"])
      .execute();
    // Every partner's month (the commission summary) reads the month's invoices.
    await trx.schema.createIndex("self_billed_invoices_by_month").on("self_billed_invoices").column("month").execute();
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.dropTable("self_billed_invoices").execute();
    await trx.schema.dropTable("self_billing_agreements").execute();
  });
}
