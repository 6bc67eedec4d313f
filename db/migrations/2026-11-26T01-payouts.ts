/**
 * Commission payouts and remittances.
 * payout_batches: a month's batch marked paid at once (who, when, how many, the total).
 * commission_remittances: the remittance email owed for a commission payment made through the
 * product, queued in the payment's transaction and sent after it commits: at most one per payment
 * (unique), so a payment is never remitted twice; Reset Month deletes the payment and the link
 * becomes NULL (the row stays as history), so paying again is a new payment with its own remittance.
 */
import { sql, type Kysely } from "kysely";
import { autoIncrementId, inTransaction, isMonthText, nowText } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, migrate);
}

async function migrate(db: Kysely<any>): Promise<void> {
  const now = nowText(db);
  const month = (column: string) => isMonthText(db, sql.ref(column));
  await db.schema
    .createTable("payout_batches")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("month", "text", (c) => c.notNull().check(month("month")))
    .addColumn("paid_date", "text", (c) => c.notNull())
    .addColumn("partner_count", "integer", (c) => c.notNull())
    .addColumn("total_pence", "integer", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("commission_remittances")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("commission_payment_id", "integer", (c) => c.references("commission_payments.id").onDelete("set null"))
    .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("month", "text", (c) => c.notNull().check(month("month")))
    .addColumn("amount_pence", "integer", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("batch_id", "integer", (c) => c.references("payout_batches.id").onDelete("set null"))
    // queued → sent | written (outbox) | no_email | failed (retried later: failed → sent…)
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("queued")
        .check(sql`status in ('queued', 'sending', 'sent', 'written', 'no_email', 'failed')`),
    )
    .addColumn("to_address", "text")
    .addColumn("error", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("commission_remittances_payment")
    .unique()
    .on("commission_remittances")
    .column("commission_payment_id")
    .execute();
  await db.schema
    .createIndex("commission_remittances_month")
    .on("commission_remittances")
    .columns(["month", "status"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("commission_remittances").ifExists().execute();
  await db.schema.dropTable("payout_batches").ifExists().execute();
}
