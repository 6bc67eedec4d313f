/**
 * Commission agreements. commission_rates becomes a partner's agreement
 * history: a row without terms is the seed's agreement of the partner's type at rate_bp (every row
 * until now, so no figure changes); a row with terms (JSON, domain/agreements/agreement-schemas.ts)
 * is a written agreement, in force from its effective month until the next row. A payment keeps the
 * terms it paid under (commission_payments.terms), so a paid month never changes.
 * commission_adjustments: a difference in a month already paid (a new agreement reaching back past
 * it) added to a later open month once the admin confirms it, and a negative month total carried to
 * the next month when a month is paid (source_payment_id: reset with that payment).
 */
import { sql, type Kysely } from "kysely";
import { autoIncrementId, inTransaction, isMonthText, nowText } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, migrate);
}

async function migrate(db: Kysely<any>): Promise<void> {
  const month = (column: string) => isMonthText(db, sql.ref(column));
  await db.schema.alterTable("commission_rates").addColumn("terms", "text").execute();
  await db.schema
    .alterTable("commission_rates")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  // The terms a payment paid under (JSON; null on payments from before: the seed's at their rate_bp).
  await db.schema.alterTable("commission_payments").addColumn("terms", "text").execute();
  await db.schema
    .createTable("commission_adjustments")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The open month whose commission it changes.
    .addColumn("month", "text", (c) => c.notNull().check(month("month")))
    // The month it corrects (a paid month), or the month whose negative total it carries.
    .addColumn("for_month", "text", (c) => c.notNull().check(month("for_month")))
    .addColumn("amount_pence", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull().check(sql`reason in ('agreement', 'carried')`))
    .addColumn("source_payment_id", "integer", (c) => c.references("commission_payments.id").onDelete("cascade"))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  await db.schema
    .createIndex("commission_adjustments_partner_month")
    .on("commission_adjustments")
    .columns(["partner_id", "month"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("commission_adjustments").execute();
  await db.schema.alterTable("commission_payments").dropColumn("terms").execute();
  await db.schema.alterTable("commission_rates").dropColumn("created_by").execute();
  await db.schema.alterTable("commission_rates").dropColumn("terms").execute();
}
