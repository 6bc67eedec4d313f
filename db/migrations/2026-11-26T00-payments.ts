/**
 * Payments and credit notes as records:
 * - `payments`: money a fee-paying partner paid (date, amount in pence, method, reference);
 * - `payment_allocations`: which invoices a payment settles, and how much of each;
 * - `credit_notes`: a credit ('credit') or the cancellation ('cancellation') of an invoice's unpaid balance.
 * An invoice's balance is its gross (net + VAT) less its allocations and credit notes; its stored
 * status and paid date follow from them (domain/receivables/invoice-balance-rules.ts).
 *
 * Existing data: each paid invoice becomes one payment of its gross, on its paid date, with its
 * payment reference, fully allocated to it; each cancelled invoice a cancellation credit note for
 * its gross, dated when the audit trail says it was cancelled, else when it was raised. Every row
 * created is written to the audit trail (action `migration_*`, details.migration), and one summary
 * line counts them: that is the migration's report (`vendboard db migrate`, /admin/audit).
 */
import { sql, type Kysely } from "kysely";
import { autoIncrementId, inTransaction, isDateText, isPostgres, nowText } from "../dialect.ts";

export const NAME = "2026-11-26T00-payments";

/** A method the reference names plainly ("Cheque 001234", "BACS 12"), else 'other'. */
export function methodFromReference(
  reference: string | null,
): "bank-transfer" | "card" | "cash" | "cheque" | "direct-debit" | "other" {
  if (!reference) return "other";
  if (/\b(cheque|chq)\b/i.test(reference)) return "cheque";
  if (/\b(direct debit|dd)\b/i.test(reference)) return "direct-debit";
  if (/\b(bacs|bank transfer|transfer|faster payments?|fps|chaps)\b/i.test(reference)) return "bank-transfer";
  if (/\bcard\b/i.test(reference)) return "card";
  if (/\bcash\b/i.test(reference)) return "cash";
  return "other";
}

/** net + VAT at the invoice's rate, VAT rounded half-up to the penny (as vatLines; written out so the migration never changes). */
function grossOf(netPence: number, vatRateBp: number | null): number {
  if (vatRateBp === null) return netPence;
  const numerator = netPence * vatRateBp;
  return netPence + Math.floor((Math.abs(numerator) * 2 + 10_000) / 20_000) * Math.sign(numerator);
}

const pounds = (pence: number) => (pence / 100).toFixed(2);
const invoiceId = (id: number) => `INV-${String(id).padStart(5, "0")}`;

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, migrate);
}

async function migrate(db: Kysely<any>): Promise<void> {
  const now = nowText(db);
  await db.schema
    .createTable("payments")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("received_on", "text", (c) => c.notNull().check(isDateText(db, sql`received_on`)))
    .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence > 0`))
    .addColumn("method", "text", (c) =>
      c.notNull().check(sql`method in ('bank-transfer', 'card', 'cash', 'cheque', 'direct-debit', 'other')`),
    )
    .addColumn("reference", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("payments_partner").on("payments").columns(["partner_id", "received_on"]).execute();

  await db.schema
    .createTable("payment_allocations")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("payment_id", "integer", (c) => c.notNull().references("payments.id").onDelete("cascade"))
    .addColumn("invoice_id", "integer", (c) => c.notNull().references("fee_payments.id").onDelete("cascade"))
    .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence > 0`))
    .addUniqueConstraint("payment_allocations_payment_invoice", ["payment_id", "invoice_id"])
    .execute();
  await db.schema.createIndex("payment_allocations_invoice").on("payment_allocations").column("invoice_id").execute();

  await db.schema
    .createTable("credit_notes")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("invoice_id", "integer", (c) => c.notNull().references("fee_payments.id").onDelete("cascade"))
    .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("issued_on", "text", (c) => c.notNull().check(isDateText(db, sql`issued_on`)))
    .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence > 0`))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('credit', 'cancellation')`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("credit_notes_invoice").on("credit_notes").column("invoice_id").execute();
  await db.schema.createIndex("credit_notes_partner").on("credit_notes").columns(["partner_id", "issued_on"]).execute();

  const invoices = await sql<{
    id: number;
    partnerId: number;
    amountPence: number;
    vatRateBp: number | null;
    status: string;
    paidDate: string | null;
    paymentReference: string | null;
    periodStart: string;
    createdAt: string;
    cancelledAt: string | null;
  }>`
    select f.id, f.partner_id as "partnerId", f.amount_pence as "amountPence", f.vat_rate_bp as "vatRateBp", f.status,
           f.paid_date as "paidDate", f.payment_reference as "paymentReference", f.period_start as "periodStart",
           f.created_at as "createdAt",
           ${isPostgres(db) ? sql`null` : cancelledAtSqlite} as "cancelledAt"
    from fee_payments f
    where f.status in ('paid', 'cancelled')
    order by f.id`.execute(db);

  if (isPostgres(db)) {
    const cancelled = await cancelledAtByInvoice(db);
    for (const invoice of invoices.rows) invoice.cancelledAt = cancelled.get(Number(invoice.id)) ?? null;
  }

  let payments = 0;
  let credits = 0;
  let skipped = 0;
  for (const invoice of invoices.rows) {
    const gross = grossOf(invoice.amountPence, invoice.vatRateBp);
    const month = invoice.periodStart.slice(0, 7);
    if (gross <= 0) {
      // A zero invoice needs no payment or credit: its balance is nothing already.
      skipped++;
      continue;
    }
    if (invoice.status === "paid") {
      const receivedOn = invoice.paidDate ?? invoice.createdAt.slice(0, 10);
      const method = methodFromReference(invoice.paymentReference);
      const payment = await sql<{ id: number }>`
        insert into payments (partner_id, received_on, amount_pence, method, reference, created_by)
        values (${invoice.partnerId}, ${receivedOn}, ${gross}, ${method}, ${invoice.paymentReference}, null)
        returning id`.execute(db);
      const paymentId = payment.rows[0].id;
      await sql`insert into payment_allocations (payment_id, invoice_id, amount_pence) values (${paymentId}, ${invoice.id}, ${gross})`.execute(
        db,
      );
      if (!invoice.paidDate)
        await sql`update fee_payments set paid_date = ${receivedOn} where id = ${invoice.id}`.execute(db);
      await sql`insert into audit_log (actor_id, action, entity, entity_id, partner_id, month, after, details)
        values (null, 'migration_payment', 'payment', ${String(paymentId)}, ${invoice.partnerId}, ${month},
          ${JSON.stringify({ receivedOn, amount: pounds(gross), method, reference: invoice.paymentReference, allocations: [{ invoiceId: invoice.id, amount: pounds(gross) }] })},
          ${JSON.stringify({ migration: NAME, reason: `paid invoice ${invoiceId(invoice.id)} migrated into a payment of £${pounds(gross)} received ${receivedOn}` })})`.execute(
        db,
      );
      payments++;
    } else {
      const issuedOn = (invoice.cancelledAt ?? invoice.createdAt).slice(0, 10);
      const note = await sql<{ id: number }>`
        insert into credit_notes (invoice_id, partner_id, issued_on, amount_pence, reason, kind, created_by)
        values (${invoice.id}, ${invoice.partnerId}, ${issuedOn}, ${gross}, 'Invoice cancelled', 'cancellation', null)
        returning id`.execute(db);
      const noteId = note.rows[0].id;
      await sql`insert into audit_log (actor_id, action, entity, entity_id, partner_id, month, after, details)
        values (null, 'migration_credit_note', 'credit_note', ${String(noteId)}, ${invoice.partnerId}, ${month},
          ${JSON.stringify({ invoiceId: invoice.id, issuedOn, amount: pounds(gross), kind: "cancellation", reason: "Invoice cancelled" })},
          ${JSON.stringify({ migration: NAME, reason: `cancelled invoice ${invoiceId(invoice.id)} migrated into a cancellation credit note of £${pounds(gross)} issued ${issuedOn}` })})`.execute(
        db,
      );
      credits++;
    }
  }
  if (!payments && !credits && !skipped) return;
  const summary = `${payments} paid invoice${payments === 1 ? "" : "s"} migrated into payments, ${credits} cancelled invoice${credits === 1 ? "" : "s"} into credit notes${skipped ? `, ${skipped} of nothing left alone` : ""}`;
  await sql`insert into audit_log (actor_id, action, entity, entity_id, details)
    values (null, 'migration_summary', 'payment', null, ${JSON.stringify({ migration: NAME, payments, creditNotes: credits, skipped, reason: summary })})`.execute(
    db,
  );
}

/** When the audit trail says each invoice was cancelled (its latest status change to 'cancelled'). */
const cancelledAtSqlite = sql`(select max(a.at) from audit_log a
             where a.entity = 'fee_payment' and a.entity_id = cast(f.id as text) and a.action = 'status'
               and json_valid(a.details) and json_extract(a.details, '$.to') = 'cancelled')`;

/** cancelledAtSqlite in code: PostgreSQL before 16 cannot tell valid JSON from other text in SQL. */
async function cancelledAtByInvoice(db: Kysely<any>): Promise<Map<number, string>> {
  const rows = await sql<{ entityId: string | null; at: string; details: string | null }>`
    select entity_id as "entityId", at, details from audit_log where entity = 'fee_payment' and action = 'status'`.execute(
    db,
  );
  const latest = new Map<number, string>();
  for (const row of rows.rows) {
    let to: unknown;
    try {
      to = (JSON.parse(row.details ?? "") as { to?: unknown } | null)?.to;
    } catch {
      continue;
    }
    const id = Number(row.entityId);
    if (to !== "cancelled" || !/^[0-9]+$/.test(row.entityId ?? "")) continue;
    if (!latest.has(id) || row.at > latest.get(id)!) latest.set(id, row.at);
  }
  return latest;
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("credit_notes").ifExists().execute();
  await db.schema.dropTable("payment_allocations").ifExists().execute();
  await db.schema.dropTable("payments").ifExists().execute();
}
