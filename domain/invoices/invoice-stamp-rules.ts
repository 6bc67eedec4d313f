/**
 * What is stamped over an invoice's PDF as issued when it has since been paid, cancelled or part
 * settled: the issued text never changes (docs/decisions/067-*), the stamp says where it stands now.
 */
import type { InvoiceStatus } from "#db/enums.ts";
import { formatDate, formatPence } from "../shared/format.ts";

export interface InvoiceStamp {
  /** The big word across the page (PAID, CANCELLED), or null for a note alone. */
  word: "PAID" | "CANCELLED" | null;
  /** The lines under it, in reading order. */
  lines: string[];
}

export interface StampedInvoice {
  status: InvoiceStatus;
  paidDate: string | null;
  paymentReference: string | null;
  /** Net plus VAT, pence. */
  grossPence: number;
  paidPence: number;
  creditedPence: number;
}

/** "Of the £90.00 total, £25.00 paid and £15.00 credited so far: £50.00 is left to pay." (null: nothing in yet). */
export function settledSoFarWords(invoice: {
  grossPence: number;
  paidPence: number;
  creditedPence: number;
}): string | null {
  const left = Math.max(0, invoice.grossPence - invoice.paidPence - invoice.creditedPence);
  if (left <= 0 || left >= invoice.grossPence) return null;
  const parts = [
    invoice.paidPence > 0 ? `${formatPence(invoice.paidPence)} paid` : "",
    invoice.creditedPence > 0 ? `${formatPence(invoice.creditedPence)} credited` : "",
  ].filter(Boolean);
  return `Of the ${formatPence(invoice.grossPence)} total, ${parts.join(" and ")} so far: ${formatPence(left)} is left to pay.`;
}

/**
 * The stamp for an invoice now: paid (its date and reference), cancelled (by which credit note),
 * or part paid or credited (what is left); null when the issued document still says it all.
 */
export function invoiceStamp(
  invoice: StampedInvoice,
  cancellation: { displayId: string; issuedOn: string } | null = null,
): InvoiceStamp | null {
  if (invoice.status === "paid") {
    const lines = [`Paid${invoice.paidDate ? ` on ${formatDate(invoice.paidDate)}` : ""}. Thank you.`];
    if (invoice.paymentReference) lines.push(`Reference: ${invoice.paymentReference}`);
    return { word: "PAID", lines };
  }
  if (invoice.status === "cancelled") {
    const by = cancellation ? ` by credit note ${cancellation.displayId} of ${formatDate(cancellation.issuedOn)}` : "";
    return { word: "CANCELLED", lines: [`Cancelled${by}: nothing is due.`] };
  }
  const soFar = settledSoFarWords(invoice);
  return soFar ? { word: null, lines: [soFar] } : null;
}
