/** Payment and credit note bodies as the API and the partner page's forms take them (amounts in pounds). */
import { z } from "zod";
import { isWholePence, parsePence } from "../shared/money.ts";
import { PAYMENT_METHODS, RECEIVED_ON_FORMAT, isRealDay, paymentReferenceProblem } from "./payment-rules.ts";

/** Pounds (number or text, "£1,234.56" too) in whole pence, more than nothing; becomes pence. */
export const poundsField = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} must be a number` }).transform((value, ctx) => {
    const pence = parsePence(value);
    if (pence === null) {
      ctx.addIssue({ code: "custom", message: `${label} must be a number` });
      return z.NEVER;
    }
    if (!isWholePence(value)) {
      ctx.addIssue({ code: "custom", message: `${label} must be in whole pence` });
      return z.NEVER;
    }
    if (pence <= 0) {
      ctx.addIssue({ code: "custom", message: `${label} must be more than £0.00` });
      return z.NEVER;
    }
    return pence;
  });

const reference = z
  .union([z.string({ error: "Payment reference must be text" }), z.null()], { error: "Payment reference must be text" })
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    const problem = paymentReferenceProblem(v);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return v.trim() || null;
  });

const invoiceId = z
  .union([z.number(), z.string()], { error: "Invoice id must be a number" })
  .transform((value, ctx) => {
    const id = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0) {
      ctx.addIssue({ code: "custom", message: "Invoice id must be a number" });
      return z.NEVER;
    }
    return id;
  });

/** POST /api/partners/{id}/payments. */
export const paymentSchema = z.object({
  receivedOn: z.string({ error: RECEIVED_ON_FORMAT }).trim().refine(isRealDay, RECEIVED_ON_FORMAT),
  amount: poundsField("Amount"),
  method: z.enum(PAYMENT_METHODS, { error: "Method must be bank-transfer, card, cash, cheque, direct-debit or other" }),
  reference,
  allocations: z
    .array(z.object({ invoiceId, amount: poundsField("Allocation amount") }), {
      error: "Allocations must be a list of {invoiceId, amount}",
    })
    .max(500, "At most 500 allocations")
    .optional(),
});
export type PaymentBody = z.output<typeof paymentSchema>;

/** POST /api/fee-payments/{id}/credit-notes. */
export const creditNoteSchema = z.object({
  amount: poundsField("Amount"),
  reason: z.string({ error: "Reason is required" }),
});
