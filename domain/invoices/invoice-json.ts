/**
 * Fee invoices as the JSON API and the CLI's --json answer them: the views' pence become pounds at
 * this edge, field by field, with the spec's names (amount, vat, total; a quote's monthlyFee, gross,
 * discount). Pure: the services' types are imported as types only.
 */
import { penceToPounds, poundsToPence } from "../shared/money.ts";
import { publicUserJson, type PublicUserJson } from "../accounts/user-json.ts";
import type { PublicUser } from "../accounts/user-service.ts";
import type { InvoiceView } from "./invoice-queries.ts";
import type { InvoiceQuote } from "./invoice-generation.ts";

export interface InvoiceJson extends Omit<InvoiceView, "amountPence" | "vatPence" | "totalPence" | "leftToPayPence"> {
  amount: number;
  vat: number;
  total: number;
  /** What is left to pay, pounds: the total less payments and credit notes. */
  leftToPay: number;
}

export function invoiceJson(v: InvoiceView): InvoiceJson {
  return {
    id: v.id,
    displayId: v.displayId,
    partnerId: v.partnerId,
    partnerName: v.partnerName,
    amount: penceToPounds(v.amountPence),
    vatPercent: v.vatPercent,
    vat: penceToPounds(v.vatPence),
    total: penceToPounds(v.totalPence),
    leftToPay: penceToPounds(v.leftToPayPence),
    paymentPeriod: v.paymentPeriod,
    periodStart: v.periodStart,
    periodEnd: v.periodEnd,
    dueDate: v.dueDate,
    paidDate: v.paidDate,
    paymentReference: v.paymentReference,
    status: v.status,
    invoiceUrl: v.invoiceUrl,
    createdAt: v.createdAt,
    sentAt: v.sentAt,
    sentVia: v.sentVia,
    deletable: v.deletable,
    notDeletableBecause: v.notDeletableBecause,
  };
}

export interface InvoiceQuoteJson
  extends Omit<
    InvoiceQuote,
    "monthlyFeePence" | "grossPence" | "discountPence" | "amountPence" | "vatPence" | "totalPence"
  > {
  monthlyFee: number;
  gross: number;
  discount: number;
  amount: number;
  vat: number;
  total: number;
}

export function invoiceQuoteJson(q: InvoiceQuote): InvoiceQuoteJson {
  return {
    partnerId: q.partnerId,
    paymentPeriod: q.paymentPeriod,
    months: q.months,
    discountPercent: q.discountPercent,
    monthlyFee: penceToPounds(q.monthlyFeePence),
    gross: penceToPounds(q.grossPence),
    discount: penceToPounds(q.discountPence),
    amount: penceToPounds(q.amountPence),
    vatPercent: q.vatPercent,
    vat: penceToPounds(q.vatPence),
    total: penceToPounds(q.totalPence),
    periodStart: q.periodStart,
    periodEnd: q.periodEnd,
    dueDate: q.dueDate,
  };
}

/**
 * A partner as the partner API answers it (a user with their invoices): the user's monthly fee and
 * each invoice in pounds, every other field as it is, in its place.
 */
export function partnerWithInvoicesJson<T extends PublicUser & { feePayments: InvoiceView[] }>(
  partner: T,
): PublicUserJson<Omit<T, "feePayments">> & { feePayments: InvoiceJson[] } {
  const user: Record<string, unknown> = publicUserJson(partner);
  user.feePayments = partner.feePayments.map(invoiceJson);
  return user as PublicUserJson<Omit<T, "feePayments">> & { feePayments: InvoiceJson[] };
}

/** The quote as the API answered it back in pence, for a page that fetched it (the quote's pounds become pence at this edge). */
export function invoiceQuoteFromJson(q: InvoiceQuoteJson): InvoiceQuote {
  return {
    partnerId: q.partnerId,
    paymentPeriod: q.paymentPeriod,
    months: q.months,
    discountPercent: q.discountPercent,
    monthlyFeePence: poundsToPence(q.monthlyFee),
    grossPence: poundsToPence(q.gross),
    discountPence: poundsToPence(q.discount),
    amountPence: poundsToPence(q.amount),
    vatPercent: q.vatPercent,
    vatPence: poundsToPence(q.vat),
    totalPence: poundsToPence(q.total),
    periodStart: q.periodStart,
    periodEnd: q.periodEnd,
    dueDate: q.dueDate,
  };
}
