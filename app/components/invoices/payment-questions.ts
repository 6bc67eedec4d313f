/**
 * The words of the payment and credit note confirmations: one source for the dialogs
 * (with JavaScript) and the page actions' questions (without), as invoice-questions.ts.
 */
import { formatDate } from "#domain/shared/dates.ts";
import { formatCreditNoteId, formatInvoiceId, formatPounds } from "#domain/shared/format.ts";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "#domain/receivables/payment-rules.ts";

/** "INV-00001 (£90.00, in full) and INV-00002 (£45.00 of £90.00 due)": what a payment settles, pounds. */
export function settlesText(
  allocations: readonly { invoiceId: number; amount: number }[],
  balances: Readonly<Record<number, { balance: number }>>,
): string {
  const parts = allocations.map((a) => {
    const due = balances[a.invoiceId]?.balance ?? a.amount;
    return `${formatInvoiceId(a.invoiceId)} (${a.amount >= due ? `${formatPounds(a.amount)}, in full` : `${formatPounds(a.amount)} of ${formatPounds(due)} due`})`;
  });
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

export const recordPaymentQuestion = (partnerName: string, dueText: string) => ({
  title: "Record payment",
  description: `A payment from ${partnerName} settles the oldest invoice due first. ${dueText}`,
  confirmLabel: "Record payment",
});

export const deletePaymentQuestion = (payment: {
  amount: number;
  receivedOn: string;
  method: PaymentMethod;
  reference: string | null;
  allocations: readonly { invoiceId: number }[];
}) => ({
  title: "Delete payment?",
  description: `${formatPounds(payment.amount)} received ${formatDate(payment.receivedOn)} (${PAYMENT_METHOD_LABELS[payment.method]}${payment.reference ? `, ${payment.reference}` : ""}) is removed; ${payment.allocations.map((a) => formatInvoiceId(a.invoiceId)).join(", ") || "the invoices it settled"} will be due again.`,
  confirmLabel: "Delete payment",
});

export const creditNoteQuestion = (invoice: { id: number; balance: number }) => ({
  title: "Credit note",
  description: `A credit note reduces what is due on ${formatInvoiceId(invoice.id)} (${formatPounds(invoice.balance)} left to pay) without changing the invoice. It gets its own number and PDF.`,
  confirmLabel: "Issue credit note",
});

export const creditNoteDone = (note: { id: number; invoiceId: number; amount: number }) =>
  `${formatCreditNoteId(note.id)} for ${formatPounds(note.amount)} against ${formatInvoiceId(note.invoiceId)}`;
