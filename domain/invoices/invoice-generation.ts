/** Raising fee invoices: the quote of the next term's invoice, and the invoice itself with its audit entry. */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { isoDay } from "../shared/dates.ts";
import { conflict, notFound } from "../shared/errors.ts";
import { formatDate } from "../shared/format.ts";
import { issueInvoiceDocument } from "./invoice-documents.ts";
import {
  formatInvoiceId,
  invoiceCharge,
  invoicePeriod,
  nextPeriodStart,
  overlappingInvoice,
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

/**
 * The invoice generating would raise now: its charge in integer pence and its period. `periodStart`
 * (YYYY-MM-DD) chooses the first day; without it the period follows the latest non-cancelled
 * invoice, else starts today. A period sharing a day with a non-cancelled invoice is refused (409).
 */
async function quote(
  db: Tx,
  partnerId: number,
  period: PaymentPeriod,
  today: string,
  periodStart?: string,
): Promise<InvoiceCharge & InvoicePeriod> {
  const partner = await db.selectFrom("users").selectAll().where("id", "=", partnerId).executeTakeFirst();
  if (!partner || partner.isAdmin) throw notFound("Partner not found");
  if (partner.partnerType !== "fee-paying") throw conflict("Only fee-paying partners are invoiced");
  if (!partner.monthlyFeePence) throw conflict("The partner has no monthly fee");
  const invoices = await db
    .selectFrom("feePayments")
    .select(["id", "periodStart", "periodEnd", "status"])
    .where("partnerId", "=", partnerId)
    .where("status", "!=", "cancelled")
    .orderBy("periodEnd", "desc")
    .execute();
  const start = periodStart ?? nextPeriodStart(invoices[0]?.periodEnd ?? null, today);
  const dates = invoicePeriod(start, period, today);
  const clash = overlappingInvoice(dates.periodStart, dates.periodEnd, invoices);
  if (clash)
    throw conflict(
      `The period ${formatDate(dates.periodStart)} - ${formatDate(dates.periodEnd)} overlaps ${formatInvoiceId(clash.id)} (${formatDate(clash.periodStart)} - ${formatDate(clash.periodEnd)}): choose another first day, or cancel ${formatInvoiceId(clash.id)} first`,
    );
  return { ...invoiceCharge(partner.monthlyFeePence, period), ...dates };
}

/** What generating an invoice would produce, without saving it (pence; invoice-json.ts answers it in pounds). */
export async function quoteInvoice(
  db: DB,
  partnerId: number,
  period: PaymentPeriod,
  today = isoDay(new Date()),
  periodStart?: string,
): Promise<InvoiceQuote> {
  const q = await quote(db, partnerId, period, today, periodStart);
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

/** Inserts the next invoice in the transaction, with its audit entry and its issued PDF (generateInvoice, and the due check's catch-up). */
export async function insertInvoice(
  trx: Transaction<Database>,
  partnerId: number,
  period: PaymentPeriod,
  today: string,
  actorId: number | null,
  periodStart?: string,
) {
  const q = await quote(trx, partnerId, period, today, periodStart);
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
  // The PDF as issued, kept unchanged from now on (decision 67).
  await issueInvoiceDocument(trx, row.id);
  return row.id;
}

/** Raises the next invoice for a term (from `periodStart` when given), stores its PDF; sets the partner's payment period and next payment due. */
export async function generateInvoice(
  db: DB,
  partnerId: number,
  period: PaymentPeriod,
  actorId: number | null,
  today = isoDay(new Date()),
  periodStart?: string,
): Promise<InvoiceView> {
  const id = await db
    .transaction()
    .execute((trx) => insertInvoice(trx, partnerId, period, today, actorId, periodStart));
  return invoiceView(await findInvoice(db, id));
}
