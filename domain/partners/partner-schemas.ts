/** Partner forms and API bodies, validated the same way in the browser and on the server. */
import { z } from "zod";
import { bpToFraction, fractionToBp, percentToBp } from "../shared/commission-rules.ts";
import { PAYMENT_PERIODS } from "../invoices/invoice-rules.ts";
import { formatPence, isWholePence, parsePence } from "../shared/money.ts";
import { PARTNER_TYPES, type PartnerType } from "./partner-rules.ts";
import { passwordSchema, usernameSchema } from "../accounts/account-schemas.ts";
import {
  holderProblem,
  normalizeAccountNumber,
  normalizeRollNumber,
  normalizeSortCode,
} from "../commissions/bank-rules.ts";

/** The one minimum (reset-rules.ts holds it without zod, for pages that only show it). */
export { MIN_PASSWORD_LENGTH, passwordSchema, usernameSchema } from "../accounts/account-schemas.ts";

const optionalText = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (typeof v === "string" ? v.trim() || null : v));

/** Commission arrives as a fraction ("0.10", may be a number); becomes basis points. */
const commissionFraction = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const bp = fractionToBp(value);
  if (bp === null) {
    ctx.addIssue({ code: "custom", message: "Commission must be between 0 and 100" });
    return z.NEVER;
  }
  return bp;
});

/** The largest monthly fee a partner can be charged: £100,000.00. */
export const MAX_MONTHLY_FEE_PENCE = 10_000_000;

/** Monthly fee in pounds (number or text), 0 to £100,000.00 in whole pence; becomes pence. Empty means none. */
const monthlyFee = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === "") return value === undefined ? undefined : null;
    const pence = parsePence(value);
    if (pence === null || pence < 0) {
      ctx.addIssue({ code: "custom", message: "Monthly fee must be a number of at least 0" });
      return z.NEVER;
    }
    if (pence > MAX_MONTHLY_FEE_PENCE) {
      ctx.addIssue({ code: "custom", message: `Monthly fee must be at most ${formatPence(MAX_MONTHLY_FEE_PENCE)}` });
      return z.NEVER;
    }
    if (!isWholePence(value)) {
      ctx.addIssue({ code: "custom", message: "Monthly fee must be in whole pence" });
      return z.NEVER;
    }
    return pence;
  });

const email = z.string({ error: "Invalid email address" }).trim().email("Invalid email address");
const billingAddress = z.string({ error: "Billing address is required" }).trim().min(1, "Billing address is required");
const name = z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(120, "Name is too long");
const partnerType = z.enum(PARTNER_TYPES, { error: "Choose a partner type" });

/** A bank number: blank → null, else as bank-rules.ts keeps it, or its field's message. */
const bankNumber = (normalize: typeof normalizeSortCode) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const checked = normalize(value);
      if (checked.ok) return checked.value;
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    });

/** Bank details and commercial terms: optional alike when creating and when updating. */
const optionalTerms = {
  bankName: optionalText,
  accountNumber: bankNumber(normalizeAccountNumber),
  sortCode: bankNumber(normalizeSortCode),
  rollNumber: bankNumber(normalizeRollNumber),
  accountHolderName: optionalText,
  commissionPercentage: commissionFraction.optional(),
  monthlyFee,
  paymentPeriod: z.enum(PAYMENT_PERIODS).nullable().optional(),
};

export const partnerCreateSchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    name,
    partnerType,
    email,
    billingAddress,
    ...optionalTerms,
  })
  .superRefine((input, ctx) => {
    // The holder once either number is given (an update checks the details as they will be saved, in the service).
    const holder = holderProblem({
      sortCode: input.sortCode ?? null,
      accountNumber: input.accountNumber ?? null,
      accountHolderName: input.accountHolderName ?? null,
    });
    if (holder) ctx.addIssue({ code: "custom", path: ["accountHolderName"], message: holder });
  });
export type PartnerCreateInput = z.output<typeof partnerCreateSchema>;

export const partnerUpdateSchema = z
  .object({
    username: usernameSchema.optional(),
    // A blank password keeps the current one.
    password: z
      .union([z.literal(""), passwordSchema])
      .optional()
      .transform((v) => v || undefined),
    name: name.optional(),
    partnerType: partnerType.optional(),
    email: email.optional(),
    billingAddress: billingAddress.optional(),
    ...optionalTerms,
  })
  .strict();
export type PartnerUpdateInput = z.output<typeof partnerUpdateSchema>;

export const deletePartnerSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

/**
 * The terms a partner type allows: non-profit-sharing earns 0 commission; only fee-paying
 * partners carry a monthly fee and payment period.
 */
export function termsForType<
  T extends { commissionBp?: number; monthlyFeePence?: number | null; paymentPeriod?: string | null },
>(type: PartnerType, terms: T): T {
  const next = { ...terms };
  if (type === "non-profit-sharing" || type === "fee-paying") next.commissionBp = 0;
  if (type !== "fee-paying") {
    next.monthlyFeePence = null;
    next.paymentPeriod = null;
  }
  return next;
}

/* The commission input of forms: a percent, checked with the spec's messages. */

/** Create form: percent 0–100 (step 0.1) sent as a fraction string. */
export function percentToFraction(percent: number): string {
  return bpToFraction(percentToBp(percent));
}

/** Partner detail's inline edit: 'Invalid commission' / 'Commission must be between 0 and 100'. */
export function checkCommissionPercent(input: string): { ok: true; percent: number } | { ok: false; message: string } {
  const text = input.trim();
  const percent = Number(text);
  if (!text || !Number.isFinite(percent)) return { ok: false, message: "Invalid commission" };
  if (percent < 0 || percent > 100) return { ok: false, message: "Commission must be between 0 and 100" };
  return { ok: true, percent };
}

/** Another admin's confirmation of changed bank details: how they verified them (POST …/bank-details/confirm, the partner page). */
export const VERIFIED_BY_MESSAGE = "How were they verified? Say how the new bank details were checked";
export const bankConfirmSchema = z.object({
  verifiedBy: z
    .string({ error: VERIFIED_BY_MESSAGE })
    .trim()
    .min(1, VERIFIED_BY_MESSAGE)
    .max(500, "How were they verified? Keep it under 500 characters"),
});
