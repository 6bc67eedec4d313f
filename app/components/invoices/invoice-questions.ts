/**
 * The words of every invoice confirmation, one source for the dialogs (with JavaScript) and the
 * page actions' questions (confirmFirst, without JavaScript): each names the invoice, the partner
 * and the amount.
 */
import { formatDate } from "#domain/shared/dates.ts";
import { formatInvoiceId, paymentPeriodLabel, type InvoiceStatus } from "#domain/invoices/invoice-rules.ts";
import type { InvoiceQuote } from "#domain/invoices/invoice-generation.ts";
import { formatPence } from "#domain/shared/money.ts";

export interface QuestionInvoice {
  id: number;
  partnerName: string;
  amountPence: number;
  /** What the partner pays (amount + VAT), pence: the figure a question names. */
  totalPence: number;
  status: InvoiceStatus;
}

export interface InvoiceQuestion {
  title: string;
  description: string;
  confirmLabel: string;
}

/** What a quote for the next invoice says: the API's InvoiceQuote without the partner it is for. */
export type QuestionQuote = Omit<InvoiceQuote, "partnerId">;

const STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  overdue: "Overdue",
  cancelled: "Cancelled",
};

export const invoiceStatusLabel = (status: InvoiceStatus): string => STATUS_LABELS[status];

/** "INV-00005 for Harrogate Fitness Club (£90.00)": the amount due, VAT included. */
export const invoiceNaming = (invoice: QuestionInvoice) =>
  `${formatInvoiceId(invoice.id)} for ${invoice.partnerName} (${formatPence(invoice.totalPence)})`;

/** The tail of a status change's description after the invoice's naming. */
export function statusChangeTail(invoice: QuestionInvoice, status: InvoiceStatus): string {
  if (status === "paid") return " is recorded as paid.";
  if (status === "cancelled")
    return " is cancelled for good: it can no longer be paid or sent, and its period can be invoiced again.";
  const cleared = invoice.status === "paid" ? " Its paid date and payment reference are cleared." : "";
  return ` goes from ${invoiceStatusLabel(invoice.status)} to ${invoiceStatusLabel(status)}.${cleared}`;
}

/** Mark as Paid, Cancel, or another status chosen on the partner page. */
export function statusQuestion(invoice: QuestionInvoice, status: InvoiceStatus): InvoiceQuestion {
  const displayId = formatInvoiceId(invoice.id);
  const description = `${invoiceNaming(invoice)}${statusChangeTail(invoice, status)}`;
  if (status === "paid") return { title: `Mark ${displayId} as paid?`, description, confirmLabel: "Mark as Paid" };
  if (status === "cancelled") return { title: `Cancel ${displayId}?`, description, confirmLabel: "Cancel Invoice" };
  return {
    title: `Set ${displayId} to ${invoiceStatusLabel(status)}?`,
    description,
    confirmLabel: `Set to ${invoiceStatusLabel(status)}`,
  };
}

/** A pending invoice goes as the invoice email, an overdue one as the overdue reminder. */
export function emailQuestion(invoice: QuestionInvoice): InvoiceQuestion {
  const displayId = formatInvoiceId(invoice.id);
  const reminder = invoice.status === "overdue";
  return {
    title: reminder ? `Send a reminder for ${displayId}?` : `Email ${displayId}?`,
    description: `${reminder ? "The overdue reminder for " : ""}${invoiceNaming(invoice)} is emailed to the partner with the invoice PDF.`,
    confirmLabel: reminder ? "Send Reminder" : "Send Email",
  };
}

export const DELETE_TAIL = " is removed; its number stays in the audit trail. Only an invoice never sent is deleted.";

export function deleteQuestion(invoice: QuestionInvoice): InvoiceQuestion {
  return {
    title: `Delete ${formatInvoiceId(invoice.id)}?`,
    description: `${invoiceNaming(invoice)}${DELETE_TAIL}`,
    confirmLabel: "Delete Invoice",
  };
}

/** The next invoice's term, discount and amount, in one line. */
export const quoteSummary = (quote: QuestionQuote) =>
  `${paymentPeriodLabel(quote.paymentPeriod)}, ${formatDate(quote.periodStart)} - ${formatDate(quote.periodEnd)}: ${formatPence(quote.monthlyFeePence)} × ${quote.months} = ${formatPence(quote.grossPence)}, ${quote.discountPercent}% discount (${formatPence(quote.discountPence)}), ${formatPence(quote.amountPence)} due ${formatDate(quote.dueDate)}.`;

export function generateQuestion(partnerName: string, quote: QuestionQuote): InvoiceQuestion {
  return {
    title: `Generate an invoice for ${partnerName}?`,
    description: quoteSummary(quote),
    confirmLabel: "Generate Invoice",
  };
}
