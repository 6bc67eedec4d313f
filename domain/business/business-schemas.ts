/**
 * The business profile form (/admin/settings), validated with zod: every field's message says what
 * a right value looks like. Blank optional fields become null; values are stored normalised (sort
 * code "12-34-56", VAT and company numbers and the IBAN upper case without spaces).
 */
import { z } from "zod";
import { BACS_TEXT } from "../shared/bacs-text.ts";
import { PAYOUT_PREFIX_MAX } from "./business-rules.ts";

/** A text field: trimmed, "" (or missing) → null. */
const optional = (max: number, label: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (typeof v === "string" && v.trim() ? v.trim() : null))
    .refine((v) => v === null || v.length <= max, `${label} must be at most ${max} characters`);

/** An optional field checked by `test` after `normalise`; `message` says what a right value looks like. */
const checked = (normalise: (v: string) => string, test: (v: string) => boolean, message: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (typeof v !== "string" || !v.trim()) return null;
      const value = normalise(v.trim());
      if (!test(value)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });

const compact = (v: string) => v.replace(/[\s-]+/g, "").toUpperCase();

/** An IBAN's check digits (ISO 13616, mod 97 = 1). */
export function validIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** "20", "17.5", "0" → basis points; blank → null (no VAT). 0 to 100 with at most 2 decimals. */
export const VAT_RATE_MESSAGE = "VAT rate must be a number from 0 to 100 with at most 2 decimals (blank for no VAT)";
const vatRate = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    const text = String(v).trim().replace(/%$/, "").trim();
    if (!text) return null;
    const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
    const bp = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : NaN;
    if (!match || bp > 10_000) {
      ctx.addIssue({ code: "custom", message: VAT_RATE_MESSAGE });
      return z.NEVER;
    }
    return bp;
  });

/** Refused payout reference prefixes: what a right one looks like. */
export const PAYOUT_PREFIX_MESSAGE = `Payout reference prefix must be 1 to ${PAYOUT_PREFIX_MAX} characters: letters A–Z, digits 0–9, spaces and . & / -, starting with a letter or digit (blank for the trading name's initials)`;

export const businessProfileSchema = z
  .object({
    tradingName: z
      .string({ error: "Trading name is required" })
      .trim()
      .min(1, "Trading name is required")
      .max(120, "Trading name must be at most 120 characters"),
    address: z
      .union([z.string(), z.null()])
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
          .join("\n"),
      )
      .refine((v) => v.length <= 300, "Address must be at most 300 characters")
      .refine((v) => v.split("\n").length <= 6, "Address must be at most 6 lines"),
    companyNumber: checked(
      compact,
      (v) => /^(\d{8}|[A-Z]{2}\d{6})$/.test(v),
      "Company number must be 8 characters, like 01234567 or SC123456",
    ),
    vatNumber: checked(
      compact,
      (v) => /^(GB|XI)(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/.test(v),
      "VAT number must be GB and 9 digits, like GB123456789",
    ),
    vatRate,
    bankAccountName: optional(120, "Account name"),
    bankSortCode: checked(
      (v) => v.replace(/[\s-]+/g, ""),
      (v) => /^\d{6}$/.test(v),
      "Sort code must be 6 digits, like 12-34-56",
    ).transform((v) => (v === null ? null : `${v.slice(0, 2)}-${v.slice(2, 4)}-${v.slice(4)}`)),
    bankAccountNumber: checked(
      (v) => v.replace(/\s+/g, ""),
      (v) => /^\d{8}$/.test(v),
      "Account number must be 8 digits",
    ),
    bankIban: checked(
      compact,
      validIban,
      "IBAN is not valid: check its letters and digits, like GB29 NWBK 6016 1331 9268 19",
    ),
    contactEmail: checked(
      (v) => v,
      (v) => z.email().safeParse(v).success,
      "Invalid email address",
    ),
    website: checked(
      (v) => v,
      (v) => /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v) && URL.canParse(v),
      "Website must be an https:// address, or empty",
    ),
    payoutPrefix: checked(
      (v) => v.replace(/\s+/g, " ").toUpperCase(),
      (v) => v.length <= PAYOUT_PREFIX_MAX && BACS_TEXT.test(v),
      PAYOUT_PREFIX_MESSAGE,
    ),
  })
  .superRefine((profile, ctx) => {
    // Partners are told where to pay only with all three: asking for the missing ones by name.
    const bank = {
      bankAccountName: profile.bankAccountName,
      bankSortCode: profile.bankSortCode,
      bankAccountNumber: profile.bankAccountNumber,
    };
    const given = Object.values(bank).filter((v) => v !== null).length;
    if (given > 0 && given < 3) {
      const labels = {
        bankAccountName: "account name",
        bankSortCode: "sort code",
        bankAccountNumber: "account number",
      } as const;
      for (const [key, value] of Object.entries(bank)) {
        if (value === null)
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: `Enter the ${labels[key as keyof typeof labels]} too: bank details need the account name, sort code and account number`,
          });
      }
    }
    if (profile.bankIban && given === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["bankAccountName"],
        message: "Enter the account name, sort code and account number with the IBAN",
      });
    }
  });

export type BusinessProfileInput = z.output<typeof businessProfileSchema>;
