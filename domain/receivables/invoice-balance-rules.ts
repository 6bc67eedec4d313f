/**
 * An invoice's balance and status follow from its payments and credit notes:
 * balance = gross (net + VAT) − allocations − credit notes, all integer pence. Pure functions; the
 * service writes fee_payments.status, paid_date and payment_reference from them after every change.
 */
import type { InvoiceStatus } from "#db/enums.ts";
import { vatLines } from "../business/business-rules.ts";
import { formatPence } from "../shared/format.ts";

/** What the partner pays for the invoice: its net amount plus VAT at the rate it was raised at. */
export function invoiceGrossPence(invoice: { amountPence: number; vatRateBp: number | null }): number {
  return vatLines(invoice.amountPence, invoice.vatRateBp).grossPence;
}

export interface InvoiceSettlement {
  grossPence: number;
  /** The payments allocated to the invoice: the day each was received, its reference, how much of it went to this invoice. */
  allocations: readonly { receivedOn: string; reference: string | null; amountPence: number }[];
  credits: readonly { issuedOn: string; amountPence: number; kind: "credit" | "cancellation" }[];
  dueDate: string;
  /** The status stored now: an unsettled invoice the admin or the due check marked overdue stays overdue. */
  status: InvoiceStatus;
}

export interface InvoiceState {
  status: InvoiceStatus;
  /** gross − allocated − credited; 0 once settled or cancelled. */
  balancePence: number;
  paidPence: number;
  creditedPence: number;
  /** The day the last payment (or credit) settled it, when paid. */
  paidDate: string | null;
  /** The settling payment's reference, when paid. */
  paymentReference: string | null;
}

/** What is left to pay on an invoice: its gross less what was paid and credited, never below 0 (pence). */
export function leftToPayPence(invoice: { grossPence: number; paidPence: number; creditedPence: number }): number {
  return Math.max(0, invoice.grossPence - invoice.paidPence - invoice.creditedPence);
}

/** Part of it paid or credited, some still to pay: the left-to-pay words are worth saying. */
const partSettled = (i: { leftToPayPence: number; totalPence: number }) =>
  i.leftToPayPence > 0 && i.leftToPayPence < i.totalPence;

/** What is left to pay as a figure: "£50.00 of £90.00" once part is paid or credited, else "£90.00" (or "£0.00" when settled). */
export function leftToPayFigure(invoice: { leftToPayPence: number; totalPence: number }): string {
  const left = formatPence(invoice.leftToPayPence);
  return partSettled(invoice) ? `${left} of ${formatPence(invoice.totalPence)}` : left;
}

/** "Left to pay £50.00 of £90.00" after part payments or credit notes; null when nothing or everything is paid. */
export function leftToPayWords(invoice: { leftToPayPence: number; totalPence: number }): string | null {
  return partSettled(invoice) ? `Left to pay ${leftToPayFigure(invoice)}` : null;
}

const sum = (rows: readonly { amountPence: number }[]) => rows.reduce((total, row) => total + row.amountPence, 0);

/**
 * Cancelled when a cancellation credit note exists; else paid when nothing is left to pay (on the
 * day of its latest payment, with that payment's reference); else
 * overdue when today is past its due date (or it was already overdue); else pending.
 */
export function invoiceState(invoice: InvoiceSettlement, today: string): InvoiceState {
  const paidPence = sum(invoice.allocations);
  const creditedPence = sum(invoice.credits);
  const balancePence = leftToPayPence({ grossPence: invoice.grossPence, paidPence, creditedPence });
  const base = { balancePence, paidPence, creditedPence, paidDate: null, paymentReference: null };
  if (invoice.credits.some((c) => c.kind === "cancellation")) return { ...base, status: "cancelled" };
  if (balancePence === 0) {
    // Paid on the day of its latest payment (what the partner paid last); credited in full without a payment: the credit's day.
    const settlingPayment = [...invoice.allocations].sort((a, b) => a.receivedOn.localeCompare(b.receivedOn)).at(-1);
    const lastCredit = [...invoice.credits].sort((a, b) => a.issuedOn.localeCompare(b.issuedOn)).at(-1);
    return {
      ...base,
      status: "paid",
      paidDate: settlingPayment?.receivedOn ?? lastCredit?.issuedOn ?? null,
      paymentReference: settlingPayment?.reference ?? null,
    };
  }
  const overdue = today > invoice.dueDate || invoice.status === "overdue";
  return { ...base, status: overdue ? "overdue" : "pending" };
}

/** The business month an invoice belongs to: the month its period starts (its audit entries' month). */
export const invoiceMonth = (row: { periodStart: string }) => row.periodStart.slice(0, 7);
