/** Fee invoices: term discounts, amounts, periods, due dates, display ids and status transitions. */
import { addDaysIso, addMonthsRollingIso } from "../shared/dates.ts";
import { divRoundHalfUp } from "../shared/money.ts";
import { formatCount, formatDate, formatUnits } from "../shared/format.ts";
import { INVOICE_STATUSES, PAYMENT_PERIODS, type InvoiceStatus, type PaymentPeriod } from "#db/enums.ts";
import type { InvoiceSentVia } from "#db/schema.ts";

// The enumerations are the tables' (db/enums.ts); the rules about them are here.
export { INVOICE_STATUSES, PAYMENT_PERIODS, type InvoiceStatus, type PaymentPeriod };

export const TERMS: Record<PaymentPeriod, { months: number; discountPercent: number }> = {
  monthly: { months: 1, discountPercent: 0 },
  "6-months": { months: 6, discountPercent: 10 },
  "12-months": { months: 12, discountPercent: 15 },
};

/** fee × months × (1 − discount), rounded half-up to the penny. */
export function invoiceAmountPence(monthlyFeePence: number, period: PaymentPeriod): number {
  const { months, discountPercent } = TERMS[period];
  return divRoundHalfUp(monthlyFeePence * months * (100 - discountPercent), 100);
}

/** The monthly fee an invoice's amount stands for (older invoices kept no fee): amount ÷ (1 − discount) ÷ months, half-up. */
export function monthlyFeeOfAmount(amountPence: number, period: PaymentPeriod): number {
  const { months, discountPercent } = TERMS[period];
  return divRoundHalfUp(amountPence * 100, (100 - discountPercent) * months);
}

/** The figures of a term's invoice, all in integer pence: gross = fee × months, less the discount. */
export interface InvoiceCharge {
  months: number;
  discountPercent: number;
  monthlyFeePence: number;
  grossPence: number;
  discountPence: number;
  amountPence: number;
}

export function invoiceCharge(monthlyFeePence: number, period: PaymentPeriod): InvoiceCharge {
  const { months, discountPercent } = TERMS[period];
  const grossPence = monthlyFeePence * months;
  const amountPence = invoiceAmountPence(monthlyFeePence, period);
  return { months, discountPercent, monthlyFeePence, grossPence, discountPence: grossPence - amountPence, amountPence };
}

export const DUE_AFTER_DAYS = 14;

export interface InvoicePeriod {
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  /** The partner's next payment is due the day after the period ends. */
  nextPaymentDue: string;
}

/**
 * A period of the term's months from `periodStart` (YYYY-MM-DD). Due 14 days after it starts, or 14
 * days after the invoice is issued (`issuedOn`, default the start) when that is later, so a
 * backdated invoice is not overdue the day it is raised (decision 67).
 */
export function invoicePeriod(periodStart: string, period: PaymentPeriod, issuedOn = periodStart): InvoicePeriod {
  const nextStart = addMonthsRollingIso(periodStart, TERMS[period].months);
  return {
    periodStart,
    periodEnd: addDaysIso(nextStart, -1),
    dueDate: invoiceDueDate(periodStart, issuedOn),
    nextPaymentDue: nextStart,
  };
}

/** 14 days after the period starts, or after the invoice is issued if that is later. */
export function invoiceDueDate(periodStart: string, issuedOn: string): string {
  const later = issuedOn > periodStart ? issuedOn : periodStart;
  return addDaysIso(later, DUE_AFTER_DAYS);
}

/** The next period starts the day after the latest non-cancelled invoice ends, else today. */
export function nextPeriodStart(latestPeriodEnd: string | null, today: string): string {
  return latestPeriodEnd ? addDaysIso(latestPeriodEnd, 1) : today;
}

/** INV-00001 (written in domain/shared/format.ts with the product's other formats). */
export { formatInvoiceId } from "../shared/format.ts";

/** Paid, pending or overdue from any non-cancelled state; cancelled from pending or overdue; cancelled is final. */
export function canTransition(from: InvoiceStatus, to: InvoiceStatus): boolean {
  if (from === "cancelled") return false;
  if (to === "cancelled") return from === "pending" || from === "overdue";
  return true;
}

export function canDeleteInvoice(status: InvoiceStatus): boolean {
  return status !== "paid";
}

/** How and when an invoice first left the business (fee_payments.sent_at, sent_via); null: never sent. */
export interface InvoiceSent {
  sentAt: string | null;
  sentVia: InvoiceSentVia | null;
}

const SENT_WORDS: Record<InvoiceSentVia, string> = { email: "emailed", download: "downloaded", marked: "marked sent" };

/** "emailed on 27/11/2026" (null: never sent). */
export function sentWords(sent: InvoiceSent): string | null {
  if (!sent.sentAt) return null;
  return `${SENT_WORDS[sent.sentVia ?? "marked"]} on ${formatDate(sent.sentAt.slice(0, 10))}`;
}

/**
 * Why an invoice cannot be deleted (null: it can): paid; sent (emailed, downloaded by anyone or
 * marked sent), cancelled or not, since a partner may hold it (decision 67); or a payment or a
 * credit (not the cancellation) applied to it.
 */
export function notDeletableBecause(
  status: InvoiceStatus,
  moneyApplied: boolean,
  sent: InvoiceSent = { sentAt: null, sentVia: null },
): string | null {
  if (!canDeleteInvoice(status)) return "Paid invoices cannot be deleted";
  const words = sentWords(sent);
  if (words) return `Sent (${words}): cancel it instead, which issues a credit note`;
  if (moneyApplied) return "A payment or credit is applied to it: cancel it instead";
  return null;
}

/** The 409 text of a refused delete: the spec's message for a paid invoice, else what stops it, with the number. */
export function deleteRefusal(displayId: string, status: InvoiceStatus, why: string): string {
  if (status === "paid") return "Failed to delete invoice. Paid invoices cannot be deleted.";
  return `${displayId} cannot be deleted. ${why}.`;
}

/** The first invoice of `invoices` (not cancelled) whose period shares a day with start..end, or undefined. */
export function overlappingInvoice<T extends { periodStart: string; periodEnd: string; status: InvoiceStatus }>(
  periodStart: string,
  periodEnd: string,
  invoices: readonly T[],
): T | undefined {
  return invoices.find((i) => i.status !== "cancelled" && i.periodStart <= periodEnd && periodStart <= i.periodEnd);
}

const PERIOD_LABELS: Record<PaymentPeriod, string> = {
  monthly: "Monthly",
  "6-months": "6 Months",
  "12-months": "12 Months",
};

export function paymentPeriodLabel(period: PaymentPeriod | null | undefined): string {
  return PERIOD_LABELS[period ?? "monthly"];
}

/**
 * A partner's payment period follows the most recent non-cancelled invoice's settings, then the
 * partner's own, and defaults to monthly. Null when a fee-paying partner has no invoice yet.
 */
export function currentPaymentPeriod(
  invoices: readonly { paymentPeriod: PaymentPeriod; status: InvoiceStatus; periodStart: string }[],
  partnerPeriod: PaymentPeriod | null,
): PaymentPeriod | null {
  const latest = [...invoices]
    .filter((i) => i.status !== "cancelled")
    .sort((a, b) => b.periodStart.localeCompare(a.periodStart))[0];
  return paymentPeriodOf(
    { invoices: invoices.length, latestPaymentPeriod: latest?.paymentPeriod ?? null },
    partnerPeriod,
  );
}

/**
 * What the account state and the payment period read from a partner's invoices: counts and
 * extremes that one SQL GROUP BY gives for a page of partners at once, without loading their
 * invoices (partner-service.ts). accountState and currentPaymentPeriod work it out from a list.
 */
export interface InvoiceSummary {
  /** Invoices of any status. */
  invoices: number;
  overdue: number;
  /** Pending or overdue. */
  unpaid: number;
  /** The earliest due date of an unpaid invoice. */
  earliestUnpaidDue: string | null;
  /** The latest period end of an invoice that is not cancelled. */
  latestPeriodEnd: string | null;
  /** The term of the invoice, not cancelled, with the latest period start (the latest invoice on a tie). */
  latestPaymentPeriod: PaymentPeriod | null;
}

/** currentPaymentPeriod from a summary of the invoices. */
export function paymentPeriodOf(
  summary: Pick<InvoiceSummary, "invoices" | "latestPaymentPeriod">,
  partnerPeriod: PaymentPeriod | null,
): PaymentPeriod | null {
  if (!summary.invoices) return null;
  return summary.latestPaymentPeriod ?? partnerPeriod ?? "monthly";
}

/** A fee-paying partner's account state as every screen and answer shows it (ARCHITECTURE §11). */
export const ACCOUNT_STATUSES = ["Overdue", "Payment due", "Up to date"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export interface AccountState {
  paymentStatus: AccountStatus;
  /** The earliest unpaid invoice's due date, else the start of the next period; null with no invoice. */
  nextPaymentDue: string | null;
}

/**
 * "Overdue" when any invoice is overdue, else "Payment due" when any is pending, else "Up to date".
 * Next payment due: the due date of the earliest unpaid (pending or overdue) invoice, else the day
 * after the latest non-cancelled invoice's period end (the next period's start), else null.
 */
export function accountState(
  invoices: readonly { status: InvoiceStatus; dueDate: string; periodEnd: string }[],
): AccountState {
  const unpaid = invoices.filter((i) => i.status === "pending" || i.status === "overdue");
  const ends = invoices
    .filter((i) => i.status !== "cancelled")
    .map((i) => i.periodEnd)
    .sort();
  return accountStateOf({
    overdue: unpaid.filter((i) => i.status === "overdue").length,
    unpaid: unpaid.length,
    earliestUnpaidDue: unpaid.map((i) => i.dueDate).sort()[0] ?? null,
    latestPeriodEnd: ends.at(-1) ?? null,
  });
}

/** accountState from a summary of the invoices. */
export function accountStateOf(
  summary: Pick<InvoiceSummary, "overdue" | "unpaid" | "earliestUnpaidDue" | "latestPeriodEnd">,
): AccountState {
  const paymentStatus: AccountStatus = summary.overdue ? "Overdue" : summary.unpaid ? "Payment due" : "Up to date";
  if (summary.unpaid) return { paymentStatus, nextPaymentDue: summary.earliestUnpaidDue };
  return { paymentStatus, nextPaymentDue: summary.latestPeriodEnd ? addDaysIso(summary.latestPeriodEnd, 1) : null };
}

/** What the due check did, in words (its toast and `vendboard invoices check-due`): "2 marked overdue, 1 invoice raised, 2 reminders sent". */
export function dueCheckSummary(result: {
  markedOverdue: number;
  invoicesRaised: number;
  remindersSent: number;
}): string {
  return `${formatUnits(result.markedOverdue)} marked overdue, ${formatCount(result.invoicesRaised, "invoice")} raised, ${formatCount(result.remindersSent, "reminder")} sent`;
}
