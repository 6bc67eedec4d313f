/**
 * Payments: what a payment may be and which invoices it settles. Pure; the
 * service (payment-service.ts) reads the invoices and writes the result in one transaction.
 */
import { PAYMENT_METHODS, type PaymentMethod } from "#db/enums.ts";
import { formatInvoiceId, formatPence } from "../shared/format.ts";

export { PAYMENT_METHODS, type PaymentMethod };

/** The largest payment recorded at once: £1,000,000.00. */
export const MAX_PAYMENT_PENCE = 100_000_000;

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  "bank-transfer": "Bank transfer",
  card: "Card",
  cash: "Cash",
  cheque: "Cheque",
  "direct-debit": "Direct debit",
  other: "Other",
};

export const RECEIVED_ON_FORMAT = "Received date must be a date (YYYY-MM-DD)";
export const CREDIT_REASON_MAX = 200;

/** The received date: a real day, not after today. Null when it is fine. */
export function receivedOnProblem(day: string, today: string): string | null {
  if (!isRealDay(day)) return RECEIVED_ON_FORMAT;
  if (day > today) return "Received date cannot be in the future";
  return null;
}

/** A payment's amount: whole pence, more than nothing, at most £1,000,000.00. Null when it is fine. */
export function paymentAmountProblem(pence: number): string | null {
  if (!Number.isInteger(pence) || pence <= 0) return "Amount must be more than £0.00";
  if (pence > MAX_PAYMENT_PENCE) return `Amount must be at most ${formatPence(MAX_PAYMENT_PENCE)}`;
  return null;
}

/** A credit note's reason: one line, 1 to 200 characters. Null when it is fine. */
export function creditReasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (!text) return "Reason is required";
  if (/[\u0000-\u001f\u007f]/.test(text)) return "Reason must be one line of text";
  if (text.length > CREDIT_REASON_MAX) return `Reason must be at most ${CREDIT_REASON_MAX} characters`;
  return null;
}

/** The method a reference names plainly ("Cheque 001234", "BACS HFC-0001"), else 'other' (Mark as Paid asks no method). */
export function methodFromReference(reference: string | null): PaymentMethod {
  if (!reference) return "other";
  if (/\b(cheque|chq)\b/i.test(reference)) return "cheque";
  if (/\b(direct debit|dd)\b/i.test(reference)) return "direct-debit";
  if (/\b(bacs|bank transfer|transfer|faster payments?|fps|chaps)\b/i.test(reference)) return "bank-transfer";
  if (/\bcard\b/i.test(reference)) return "card";
  if (/\bcash\b/i.test(reference)) return "cash";
  return "other";
}

/** An invoice a payment may settle: the partner's own, not cancelled, with something left to pay. */
export interface OpenInvoice {
  id: number;
  dueDate: string;
  balancePence: number;
}

export interface Allocation {
  invoiceId: number;
  amountPence: number;
}

/** The default: the oldest unpaid invoice first (by due date, then number), each settled as far as the money goes. */
export function allocateOldestFirst(
  amountPence: number,
  open: readonly OpenInvoice[],
): { allocations: Allocation[]; remainderPence: number } {
  const allocations: Allocation[] = [];
  let left = amountPence;
  for (const invoice of [...open].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id)) {
    if (left <= 0) break;
    if (invoice.balancePence <= 0) continue;
    const take = Math.min(left, invoice.balancePence);
    allocations.push({ invoiceId: invoice.id, amountPence: take });
    left -= take;
  }
  return { allocations, remainderPence: left };
}

/** Why the remainder of a payment cannot be stored: it is refused, never kept as credit. */
export function unallocatedProblem(remainderPence: number, duePence: number): string {
  return duePence === 0
    ? "Nothing is due from this partner: a payment must settle an invoice"
    : `The payment is ${formatPence(remainderPence)} more than it settles (${formatPence(duePence)} is due): record the amount due, or raise the invoice first`;
}

/**
 * The allocations an admin chose: each to an open invoice of the partner, at most its balance, each
 * invoice once, together exactly the payment's amount. Null when they are fine.
 */
export function allocationsProblem(
  amountPence: number,
  allocations: readonly Allocation[],
  open: readonly OpenInvoice[],
): string | null {
  if (!allocations.length) return "Choose at least one invoice the payment settles";
  const byId = new Map(open.map((i) => [i.id, i]));
  const seen = new Set<number>();
  let total = 0;
  for (const allocation of allocations) {
    const invoice = byId.get(allocation.invoiceId);
    if (!invoice) return `${formatInvoiceId(allocation.invoiceId)} is not an unpaid invoice of this partner`;
    if (seen.has(allocation.invoiceId)) return `${formatInvoiceId(allocation.invoiceId)} is named twice`;
    seen.add(allocation.invoiceId);
    if (!Number.isInteger(allocation.amountPence) || allocation.amountPence <= 0)
      return `The amount for ${formatInvoiceId(allocation.invoiceId)} must be more than £0.00`;
    if (allocation.amountPence > invoice.balancePence)
      return `${formatInvoiceId(allocation.invoiceId)} has only ${formatPence(invoice.balancePence)} left to pay`;
    total += allocation.amountPence;
  }
  if (total > amountPence)
    return `The invoices add up to ${formatPence(total)}, more than the payment of ${formatPence(amountPence)}`;
  if (total < amountPence)
    return `The invoices add up to ${formatPence(total)}, less than the payment of ${formatPence(amountPence)}: a payment is not kept as credit, so settle more or record less`;
  return null;
}

/* What a Mark as Paid and a payment record, checked alike by their dialogs and the services: a paid date and an optional payment reference (no zod, so the dialogs' bundle stays small). */

export const PAYMENT_REFERENCE_MAX = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const PAID_DATE_FORMAT = "Paid date must be a date (YYYY-MM-DD)";

/** A YYYY-MM-DD that names a day of the calendar (not 2027-02-30). */
export function isRealDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The paid date's rules, for the dialog and the service alike: a real day, not after today. Null when it is fine. */
export function paidDateProblem(paidDate: string, today: string): string | null {
  if (!isRealDay(paidDate)) return PAID_DATE_FORMAT;
  if (paidDate > today) return "Paid date cannot be in the future";
  return null;
}

/** The payment reference's rules: one line of at most 100 characters. Null when it is fine. */
export function paymentReferenceProblem(reference: string): string | null {
  const text = reference.trim();
  // Control characters (a newline included) would break the one-line PDF and table cells.
  if (/[\u0000-\u001f\u007f]/.test(text)) return "Payment reference must be one line of text";
  if (text.length > PAYMENT_REFERENCE_MAX)
    return `Payment reference must be at most ${PAYMENT_REFERENCE_MAX} characters`;
  return null;
}
