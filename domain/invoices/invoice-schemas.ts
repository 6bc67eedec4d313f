/** Invoice status changes as the API and the Mark as Paid dialog take them: status, paid date, payment reference. */
import { z } from "zod";
import { INVOICE_STATUSES } from "./invoice-rules.ts";
import { PAID_DATE_FORMAT, isRealDay, paymentReferenceProblem } from "../receivables/payment-rules.ts";

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

/** Generate Invoice's optional first day of the period (YYYY-MM-DD); blank or absent: after the latest invoice, else today. */
export const periodStartSchema = z
  .string({ error: "periodStart must be a date (YYYY-MM-DD)" })
  .trim()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isRealDay(v), "periodStart must be a date (YYYY-MM-DD)")
  .optional();
