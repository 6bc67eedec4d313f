/**
 * What the admin's lists read at a real operator's size, so each page reads only what it shows:
 * - fee_payments (status, period_start, id): a status tab's invoices newest period first, a page at
 *   a time, and the count of each tab from the index alone;
 * - fee_payments (period_start, id): All Invoices in the same order;
 * - monthly_records (month, machine_id, revenue_pence, cogs_pence): the stats' sums for a month,
 *   and the all-time sums, from the index alone.
 * (The partners' order, users (is_admin, name, username), is 2026-11-24T01-summary-indexes'.)
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("fee_payments_status_period")
    .on("fee_payments")
    .columns(["status", "period_start", "id"])
    .execute();
  await db.schema.createIndex("fee_payments_period").on("fee_payments").columns(["period_start", "id"]).execute();
  await db.schema
    .createIndex("monthly_records_month_figures")
    .on("monthly_records")
    .columns(["month", "machine_id", "revenue_pence", "cogs_pence"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ["monthly_records_month_figures", "fee_payments_period", "fee_payments_status_period"]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
