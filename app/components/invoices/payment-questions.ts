/**
 * The words of the payment and credit note confirmations: one source for the dialogs
 * (with JavaScript) and the page actions' questions (without), as invoice-questions.ts.
 */
import { formatDate } from "#domain/shared/dates.ts";
import { formatCreditNoteId, formatInvoiceId, formatPence } from "#domain/shared/format.ts";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "#domain/receivables/payment-rules.ts";

/** "INV-00001 (£90.00, in full) and INV-00002 (£45.00 of £90.00 due)": what a payment settles, from pence. */
export function settlesText(
  allocations: readonly { invoiceId: number; amountPence: number }[],
  balances: Readonly<Record<number, { balancePence: number }>>,
): string {
  const parts = allocations.map((a) => {
    const due = balances[a.invoiceId]?.balancePence ?? a.amountPence;
    return `${formatInvoiceId(a.invoiceId)} (${a.amountPence >= due ? `${formatPence(a.amountPence)}, in full` : `${formatPence(a.amountPence)} of ${formatPence(due)} due`})`;
  });
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

export const recordPaymentQuestion = (partnerName: string, dueText: string) => ({
  title: "Record payment",
  description: `A payment from ${partnerName} settles the oldest invoice due first. ${dueText}`,
  confirmLabel: "Record payment",
});

export const deletePaymentQuestion = (payment: {
  amountPence: number;
  receivedOn: string;
  method: PaymentMethod;
  reference: string | null;
  allocations: readonly { invoiceId: number }[];
}) => ({
  title: "Delete payment?",
  description: `${formatPence(payment.amountPence)} received ${formatDate(payment.receivedOn)} (${PAYMENT_METHOD_LABELS[payment.method]}${payment.reference ? `, ${payment.reference}` : ""}) is removed; ${payment.allocations.map((a) => formatInvoiceId(a.invoiceId)).join(", ") || "the invoices it settled"} will be due again.`,
  confirmLabel: "Delete payment",
});

export const creditNoteQuestion = (invoice: { id: number; balancePence: number }) => ({
  title: "Credit note",
  description: `A credit note reduces what is due on ${formatInvoiceId(invoice.id)} (${formatPence(invoice.balancePence)} left to pay) without changing the invoice. It gets its own number and PDF.`,
  confirmLabel: "Issue credit note",
});

export const creditNoteDone = (note: { id: number; invoiceId: number; amountPence: number }) =>
  `${formatCreditNoteId(note.id)} for ${formatPence(note.amountPence)} against ${formatInvoiceId(note.invoiceId)}`;
