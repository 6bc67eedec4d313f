/**
 * The self-billing agreement as a form and the API take it: the start date, the review date (blank:
 * 12 months after the start), the partner's VAT number and the VAT rate their accountant gave, which
 * is required: there is no default rate.
 */
import { z } from "zod";
import { isIsoDay } from "../shared/dates.ts";
import { defaultReviewDate, type SelfBillingAgreement } from "../agreements/self-billing-rules.ts";

export const VAT_NUMBER_MESSAGE = "VAT number must be GB and 9 digits, like GB123456789";
export const SELF_BILLING_RATE_MESSAGE =
  "VAT rate is required: the rate the partner's accountant gives, a number from 0 to 100 with at most 2 decimals";

const day = (label: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (typeof v === "string" ? v.trim() : ""))
    .refine((v) => v === "" || isIsoDay(v), `${label} must be a date, YYYY-MM-DD`);

/** "20", "17.5", "20%", 20 → basis points; blank or anything else refused (the rate is never assumed). */
const vatRate = z.union([z.string(), z.number()], { error: SELF_BILLING_RATE_MESSAGE }).transform((v, ctx) => {
  const text = String(v).trim().replace(/%$/, "").trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  const bp = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : NaN;
  if (!match || bp > 10_000) {
    ctx.addIssue({ code: "custom", message: SELF_BILLING_RATE_MESSAGE });
    return z.NEVER;
  }
  return bp;
});

export const selfBillingSchema = z
  .object({
    startDate: day("Start date").refine((v) => v !== "", "Start date is required"),
    reviewDate: day("Review date"),
    vatNumber: z
      .string({ error: VAT_NUMBER_MESSAGE })
      .transform((v) => v.replace(/[\s-]+/g, "").toUpperCase())
      .refine((v) => /^(GB|XI)(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/.test(v), VAT_NUMBER_MESSAGE),
    vatRate,
  })
  .transform(
    (v): SelfBillingAgreement => ({
      startDate: v.startDate,
      reviewDate: v.reviewDate || defaultReviewDate(v.startDate),
      vatNumber: v.vatNumber,
      vatRateBp: v.vatRate,
    }),
  )
  .refine((v) => v.reviewDate > v.startDate, {
    message: "Review date must be after the start date",
    path: ["reviewDate"],
  });

export type SelfBillingInput = z.input<typeof selfBillingSchema>;
