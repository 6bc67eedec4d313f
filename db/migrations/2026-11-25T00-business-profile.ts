/**
 * The business profile: the one row of what the business's documents say about it, kept
 * by the admin settings page (/admin/settings): trading name, address, company and VAT numbers, the
 * VAT rate (basis points like every rate here; NULL when the business charges no VAT), the bank
 * details partners pay into, a logo (PNG or JPEG bytes, in the database so every server shares it,
 * section 12) and the contact email. No row until the profile is first saved: the domain answers
 * its defaults meanwhile (domain/business/business-rules.ts).
 * Invoices keep the VAT rate they were raised at (as they keep their monthly fee).
 */
import { sql, type Kysely } from "kysely";
import { bytesType, inTransaction, nowText } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, migrate);
}

async function migrate(db: Kysely<any>): Promise<void> {
  const now = nowText(db);
  await db.schema
    .createTable("business_profile")
    // One row: the id is always 1.
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("trading_name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("company_number", "text")
    .addColumn("vat_number", "text")
    .addColumn("vat_rate_bp", "integer", (c) => c.check(sql`vat_rate_bp between 0 and 10000`))
    .addColumn("bank_account_name", "text")
    .addColumn("bank_sort_code", "text")
    .addColumn("bank_account_number", "text")
    .addColumn("bank_iban", "text")
    .addColumn("contact_email", "text")
    .addColumn("website", "text")
    .addColumn("logo", bytesType(db))
    .addColumn("logo_type", "text", (c) => c.check(sql`logo_type in ('image/png', 'image/jpeg')`))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addCheckConstraint("business_profile_logo", sql`(logo is null) = (logo_type is null)`)
    .execute();
  await db.schema
    .alterTable("fee_payments")
    .addColumn("vat_rate_bp", "integer", (c) => c.check(sql`vat_rate_bp between 0 and 10000`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("fee_payments").dropColumn("vat_rate_bp").execute();
  await db.schema.dropTable("business_profile").ifExists().execute();
}
