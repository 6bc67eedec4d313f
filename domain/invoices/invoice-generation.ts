/** Raising fee invoices: the quote of the next term's invoice, and the invoice itself with its audit entry. */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { isoDay } from "../shared/dates.ts";
import { conflict, notFound } from "../shared/errors.ts";
import {
  invoiceCharge,
  invoicePeriod,
  nextPeriodStart,
  type InvoiceCharge,
  type InvoicePeriod,
  type PaymentPeriod,
} from "./invoice-rules.ts";
import { getBusinessProfile } from "../business/business-service.ts";
import { vatLines } from "../business/business-rules.ts";
import { penceToPounds } from "../shared/money.ts";
import { syncPartner } from "../receivables/settlement-service.ts";
import { invoiceMonth } from "../receivables/invoice-balance-rules.ts";
import { findInvoice, invoiceView, type InvoiceView } from "./invoice-queries.ts";

type DB = Kysely<Database>;
type Tx = DB | Transaction<Database>;

export interface InvoiceQuote {
  partnerId: number;
  paymentPeriod: PaymentPeriod;
  months: number;
  discountPercent: number;
  /** Pence, as every money field of the quote. */
  monthlyFeePence: number;
  grossPence: number;
  discountPence: number;
  amountPence: number;
  /** The VAT the invoice would carry at the business's rate now (null: no VAT), and what the partner pays. */
  vatPercent: number | null;
  vatPence: number;
  totalPence: number;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
}

/** The invoice generating would raise now: its charge in integer pence and its period. */
async function quote(
  db: Tx,
  partnerId: number,
  period: PaymentPeriod,
  today: string,
): Promise<InvoiceCharge & InvoicePeriod> {
  const partner = await db.selectFrom("users").selectAll().where("id", "=", partnerId).executeTakeFirst();
  if (!partner || partner.isAdmin) throw notFound("Partner not found");
  if (partner.partnerType !== "fee-paying") throw conflict("Only fee-paying partners are invoiced");
  if (!partner.monthlyFeePence) throw conflict("The partner has no monthly fee");
  const latest = await db
    .selectFrom("feePayments")
    .select("periodEnd")
    .where("partnerId", "=", partnerId)
    .where("status", "!=", "cancelled")
    .orderBy("periodEnd", "desc")
    .executeTakeFirst();
  return {
    ...invoiceCharge(partner.monthlyFeePence, period),
    ...invoicePeriod(nextPeriodStart(latest?.periodEnd ?? null, today), period),
  };
}

/** What generating an invoice would produce, without saving it (pence; invoice-json.ts answers it in pounds). */
export async function quoteInvoice(
  db: DB,
  partnerId: number,
  period: PaymentPeriod,
  today = isoDay(new Date()),
): Promise<InvoiceQuote> {
  const q = await quote(db, partnerId, period, today);
  const vat = vatLines(q.amountPence, (await getBusinessProfile(db)).vatRateBp);
  return {
    partnerId,
    paymentPeriod: period,
    months: q.months,
    discountPercent: q.discountPercent,
    monthlyFeePence: q.monthlyFeePence,
    grossPence: q.grossPence,
    discountPence: q.discountPence,
    amountPence: q.amountPence,
    vatPercent: vat.rateBp === null ? null : vat.rateBp / 100,
    vatPence: vat.vatPence,
    totalPence: vat.grossPence,
    periodStart: q.periodStart,
    periodEnd: q.periodEnd,
    dueDate: q.dueDate,
  };
}

/** Inserts the next invoice in the transaction, with its audit entry (generateInvoice, and the due check's catch-up). */
export async function insertInvoice(
  trx: Transaction<Database>,
  partnerId: number,
  period: PaymentPeriod,
  today: string,
  actorId: number | null,
) {
  const q = await quote(trx, partnerId, period, today);
  // The invoice keeps the VAT rate in force when it is raised, as it keeps its fee.
  const { vatRateBp } = await getBusinessProfile(trx);
  const row = await trx
    .insertInto("feePayments")
    .values({
      partnerId,
      amountPence: q.amountPence,
      monthlyFeePence: q.monthlyFeePence,
      paymentPeriod: period,
      periodStart: q.periodStart,
      periodEnd: q.periodEnd,
      dueDate: q.dueDate,
      vatRateBp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx.updateTable("users").set({ paymentPeriod: period }).where("id", "=", partnerId).execute();
  await syncPartner(trx, partnerId);
  await audit(trx, {
    actorId,
    action: "generate",
    entity: "fee_payment",
    entityId: row.id,
    partnerId,
    month: invoiceMonth(q),
    before: null,
    after: { status: "pending", paidDate: null, paymentReference: null, amount: penceToPounds(q.amountPence) },
    details: {
      partnerId,
      period,
      amount: penceToPounds(q.amountPence),
      periodStart: q.periodStart,
      periodEnd: q.periodEnd,
      dueDate: q.dueDate,
    },
  });
  return row.id;
}

/** Raises the next invoice for a term; sets the partner's payment period and next payment due. */
export async function generateInvoice(
  db: DB,
  partnerId: number,
  period: PaymentPeriod,
  actorId: number | null,
  today = isoDay(new Date()),
): Promise<InvoiceView> {
  const id = await db.transaction().execute((trx) => insertInvoice(trx, partnerId, period, today, actorId));
  return invoiceView(await findInvoice(db, id));
}
