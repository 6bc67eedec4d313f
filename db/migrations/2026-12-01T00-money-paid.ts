/**
 * Money paid is never forgotten: commission_transfers keeps each payment of a
 * partner's month (amount, date, reference, batch) and each remittance names the transfer it
 * advises; Reset Month now sets the month's commission_payments row back to pending and keeps its
 * transfers, so paying the month again pays only what it now comes to minus what was paid.
 * payout_files keeps what each bank file said, so a batch is refused when an amount changed after
 * the file was made. commission_adjustments.reason gains 'written_off'.
 *
 * Existing data: every completed payment becomes the money paid for its month (its amount, paid
 * date, and its remittance's reference and batch, else "VB COMM YYYY-MM"); a remittance whose payment
 * an older Reset Month deleted is money that left the bank too, and becomes a transfer of its month
 * (dated by its batch, else the day it was queued). Each transfer created is written to the audit
 * trail (`migration_money_paid`) with one summary line that also names every month now shown as
 * paid more than it came to: that is the migration's report. No figure of any month changes.
 */
import { sql, type Kysely } from "kysely";
import { autoIncrementId, inTransaction, isDateText, isMonthText, isPostgres, nowText } from "../dialect.ts";
import { withReasons } from "./2026-11-30T01-adjustment-reasons.ts";

const NAME = "2026-12-01T00-money-paid";
const pounds = (pence: number) => (pence / 100).toFixed(2);

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await createTables(trx);
    await withReasons(trx, ["agreement", "carried", "late_sales", "record_deleted", "repaid", "written_off"]);
    await backfill(trx);
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await sql`delete from commission_adjustments where reason = 'written_off'`.execute(trx);
    await withReasons(trx, ["agreement", "carried", "late_sales", "record_deleted", "repaid"]);
    await trx.schema.dropIndex("commission_remittances_transfer").ifExists().execute();
    await trx.schema.dropIndex("commission_remittances_payment").ifExists().execute();
    // One remittance per payment again: a top-up's remittances (all but each payment's first) keep no link.
    await sql`update commission_remittances set commission_payment_id = null
      where commission_payment_id is not null and id <> (select min(r2.id) from commission_remittances r2 where r2.commission_payment_id = commission_remittances.commission_payment_id)`.execute(
      trx,
    );
    await trx.schema
      .createIndex("commission_remittances_payment")
      .unique()
      .on("commission_remittances")
      .column("commission_payment_id")
      .execute();
    // SQLite cannot drop a column that references another table: there it stays, emptied.
    if (isPostgres(trx)) await trx.schema.alterTable("commission_remittances").dropColumn("transfer_id").execute();
    else await sql`update commission_remittances set transfer_id = null`.execute(trx);
    await trx.schema.dropTable("payout_files").ifExists().execute();
    await trx.schema.dropTable("commission_transfers").ifExists().execute();
  });
}

async function createTables(db: Kysely<any>): Promise<void> {
  const month = (column: string) => isMonthText(db, sql.ref(column));
  await db.schema
    .createTable("commission_transfers")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("month", "text", (c) => c.notNull().check(month("month")))
    .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence >= 0`))
    .addColumn("paid_date", "text", (c) => c.notNull().check(isDateText(db, sql.ref("paid_date"))))
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("batch_id", "integer", (c) => c.references("payout_batches.id").onDelete("set null"))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  await db.schema
    .createIndex("commission_transfers_partner_month")
    .on("commission_transfers")
    .columns(["partner_id", "month"])
    .execute();
  await db.schema
    .createIndex("commission_transfers_month")
    .on("commission_transfers")
    .columns(["month", "partner_id"])
    .execute();

  await db.schema
    .createTable("payout_files")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("month", "text", (c) => c.notNull().check(month("month")))
    // [{partnerId, amountPence, reference}] as the file had them
    .addColumn("lines", "text", (c) => c.notNull())
    .addColumn("total_pence", "integer", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  await db.schema.createIndex("payout_files_month").on("payout_files").columns(["month", "id"]).execute();

  await db.schema
    .alterTable("commission_remittances")
    .addColumn("transfer_id", "integer", (c) => c.references("commission_transfers.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("commission_remittances_transfer")
    .unique()
    .on("commission_remittances")
    .column("transfer_id")
    .execute();
  // A payment row now outlives Reset Month: paying its month again is a second transfer with its own remittance.
  await db.schema.dropIndex("commission_remittances_payment").execute();
  await db.schema
    .createIndex("commission_remittances_payment")
    .on("commission_remittances")
    .column("commission_payment_id")
    .execute();
}

interface PaymentRow {
  id: number;
  partnerId: number;
  month: string;
  amountPence: number | null;
  paidDate: string | null;
  updatedAt: string;
}
interface RemittanceRow {
  id: number;
  paymentId: number | null;
  partnerId: number;
  month: string;
  amountPence: number;
  reference: string;
  batchId: number | null;
  batchPaidDate: string | null;
  createdAt: string;
}

async function backfill(db: Kysely<any>): Promise<void> {
  const { rows: payments } = await sql<PaymentRow>`
    select id, partner_id as "partnerId", month, amount_pence as "amountPence", paid_date as "paidDate", updated_at as "updatedAt"
    from commission_payments where status = 'completed' order by id`.execute(db);
  const { rows: remittances } = await sql<RemittanceRow>`
    select r.id, r.commission_payment_id as "paymentId", r.partner_id as "partnerId", r.month, r.amount_pence as "amountPence", r.reference,
           r.batch_id as "batchId", b.paid_date as "batchPaidDate", r.created_at as "createdAt"
    from commission_remittances r left join payout_batches b on b.id = r.batch_id order by r.id`.execute(db);
  const remittanceOf = new Map(remittances.filter((r) => r.paymentId !== null).map((r) => [r.paymentId!, r]));
  let fromPayments = 0;
  let fromResets = 0;
  const add = async (
    t: {
      partnerId: number;
      month: string;
      amountPence: number;
      paidDate: string;
      reference: string;
      batchId: number | null;
    },
    remittanceId: number | null,
    reason: string,
  ) => {
    const { rows } = await sql<{ id: number }>`
      insert into commission_transfers (partner_id, month, amount_pence, paid_date, reference, batch_id)
      values (${t.partnerId}, ${t.month}, ${Math.max(0, t.amountPence)}, ${t.paidDate}, ${t.reference}, ${t.batchId}) returning id`.execute(
      db,
    );
    const id = rows[0].id;
    if (remittanceId !== null)
      await sql`update commission_remittances set transfer_id = ${id} where id = ${remittanceId}`.execute(db);
    await sql`insert into audit_log (actor_id, action, entity, entity_id, partner_id, month, after, details)
      values (null, 'migration_money_paid', 'commission_transfer', ${String(id)}, ${t.partnerId}, ${t.month},
        ${JSON.stringify({ amount: Number(pounds(t.amountPence)), paidDate: t.paidDate, reference: t.reference, batchId: t.batchId })},
        ${JSON.stringify({ migration: NAME, reason })})`.execute(db);
  };
  // In the order the money left: a month's transfers read oldest first (the last is its latest payment).
  const found = [
    ...payments.map((p) => {
      const r = remittanceOf.get(p.id);
      const paidDate = p.paidDate ?? p.updatedAt.slice(0, 10);
      return {
        t: {
          partnerId: p.partnerId,
          month: p.month,
          amountPence: p.amountPence ?? 0,
          paidDate,
          reference: r?.reference ?? `VB COMM ${p.month}`,
          batchId: r?.batchId ?? null,
        },
        remittanceId: r?.id ?? null,
        reason: `the payment of £${pounds(p.amountPence ?? 0)} on ${paidDate} recorded as money paid`,
        reset: false,
        at: `${paidDate}|1|${String(p.id).padStart(12, "0")}`,
      };
    }),
    ...remittances
      .filter((r) => r.paymentId === null)
      .map((r) => {
        const paidDate = r.batchPaidDate ?? r.createdAt.slice(0, 10);
        return {
          t: {
            partnerId: r.partnerId,
            month: r.month,
            amountPence: r.amountPence,
            paidDate,
            reference: r.reference,
            batchId: r.batchId,
          },
          remittanceId: r.id,
          reason: `a payment of £${pounds(r.amountPence)} that Reset Month had deleted (its remittance was kept) recorded as money paid`,
          reset: true,
          at: `${paidDate}|0|${String(r.id).padStart(12, "0")}`,
        };
      }),
  ].sort((a, b) => a.at.localeCompare(b.at));
  for (const f of found) {
    await add(f.t, f.remittanceId, f.reason);
    if (f.reset) fromResets++;
    else fromPayments++;
  }
  if (!fromPayments && !fromResets) return;
  // A month paid more than once (its transfers exceed what it came to, or an open month paid twice): the old Reset Month's double payments.
  const { rows: over } = await sql<{
    partnerId: number;
    month: string;
    paid: number | string;
    count: number | string;
    amountPence: number | null;
    status: string | null;
  }>`
    select t.partner_id as "partnerId", t.month, sum(t.amount_pence) as paid, count(*) as count, p.amount_pence as "amountPence", p.status
    from commission_transfers t left join commission_payments p on p.partner_id = t.partner_id and p.month = t.month
    group by t.partner_id, t.month, p.amount_pence, p.status
    having (p.status = 'completed' and sum(t.amount_pence) > coalesce(p.amount_pence, 0)) or ((p.status is null or p.status <> 'completed') and count(*) > 1)
    order by t.month, t.partner_id`.execute(db);
  const overText = over.map((o) =>
    o.status === "completed"
      ? `partner ${o.partnerId} ${o.month}: £${pounds(Number(o.paid))} paid, the month came to £${pounds(o.amountPence ?? 0)}`
      : `partner ${o.partnerId} ${o.month} (open): £${pounds(Number(o.paid))} paid in ${Number(o.count)} payments`,
  );
  const summary =
    `${fromPayments} paid month${fromPayments === 1 ? "" : "s"} recorded as money paid` +
    (fromResets
      ? `, ${fromResets} payment${fromResets === 1 ? "" : "s"} deleted by an earlier Reset Month recorded as money paid too`
      : "") +
    (over.length ? `; paid more than once before this release: ${overText.join("; ")}` : "");
  await sql`insert into audit_log (actor_id, action, entity, entity_id, details)
    values (null, 'migration_summary', 'commission_transfer', null, ${JSON.stringify({ migration: NAME, transfers: fromPayments + fromResets, fromResets, paidTwice: over.length, reason: summary })})`.execute(
    db,
  );
}
