/** Invoice status changes as the API and the Mark as Paid dialog take them: status, paid date, payment reference. */
import { z } from "zod";
import { INVOICE_STATUSES } from "./invoice-rules.ts";

export const PAYMENT_REFERENCE_MAX = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PAID_DATE_FORMAT = "Paid date must be a date (YYYY-MM-DD)";

function isRealDay(day: string): boolean {
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
  if (text.length > PAYMENT_REFERENCE_MAX) return `Payment reference must be at most ${PAYMENT_REFERENCE_MAX} characters`;
  return null;
}

const paidDate = z.string({ error: PAID_DATE_FORMAT }).trim().refine(isRealDay, PAID_DATE_FORMAT);

/** Trimmed; blank means none (null). */
const paymentReference = z
  .union([z.string({ error: "Payment reference must be text" }), z.null()], { error: "Payment reference must be text" })
  .transform((v, ctx) => {
    if (v === null) return null;
    const problem = paymentReferenceProblem(v);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return v.trim() || null;
  });

/** POST /api/fee-payments/{id}/status and /update-status. A paid date and reference go only with "paid". */
export const invoiceStatusSchema = z
  .object({
    status: z.enum(INVOICE_STATUSES, { error: "Status must be pending, paid, overdue or cancelled" }),
    paidDate: paidDate.optional(),
    paymentReference: paymentReference.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status !== "paid" && (body.paidDate !== undefined || (body.paymentReference ?? null) !== null)) {
      ctx.addIssue({ code: "custom", message: "A paid date and payment reference are recorded only with status paid" });
    }
  });
export type InvoiceStatusInput = z.output<typeof invoiceStatusSchema>;
