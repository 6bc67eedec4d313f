/** The audit trail's filters (partner, business month, date of change, page), one schema for the page, the API and the CLI. */
import { z } from "zod";
import { isIsoDay, parseMonth } from "../shared/dates.ts";
import { AUDIT_MAX_PAGE_SIZE, AUDIT_PAGE_SIZE } from "./audit-search.ts";

const PARTNER_MESSAGE = "Partner must be a partner id (a positive whole number)";
const MONTH_MESSAGE = "Month must be YYYY-MM";
const SINCE_MESSAGE = "Since must be a date as YYYY-MM-DD";
const PAGE_MESSAGE = "Page must be a positive whole number";
const PAGE_SIZE_MESSAGE = `Page size must be a whole number from 1 to ${AUDIT_MAX_PAGE_SIZE}`;

/** Form fields and query strings send "" for "any"; digits arrive as text. */
const blankToUndefined = (value: unknown) => {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "string") return value;
  const text = value.trim();
  return text === "" ? undefined : text;
};
const wholeNumber = (value: unknown) => {
  const v = blankToUndefined(value);
  return typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
};

const positiveInt = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

export const auditFilterSchema = z.object({
  /** The partner whose money or data the change affects (a deleted partner's id still works). */
  partnerId: z.preprocess(wholeNumber, positiveInt(PARTNER_MESSAGE).optional()),
  /** The business month the change affects: YYYY-MM (an ISO date is taken as its UTC month). */
  month: z.preprocess(
    blankToUndefined,
    z
      .string({ error: MONTH_MESSAGE })
      .transform((value, ctx) => {
        const month = parseMonth(value);
        if (!month) {
          ctx.addIssue({ code: "custom", message: MONTH_MESSAGE });
          return z.NEVER;
        }
        return month;
      })
      .optional(),
  ),
  /** Changes made on or after this day (UTC), YYYY-MM-DD. */
  since: z.preprocess(blankToUndefined, z.string({ error: SINCE_MESSAGE }).refine(isIsoDay, SINCE_MESSAGE).optional()),
  page: z.preprocess(wholeNumber, positiveInt(PAGE_MESSAGE).default(1)),
  pageSize: z.preprocess(
    wholeNumber,
    positiveInt(PAGE_SIZE_MESSAGE).max(AUDIT_MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE).default(AUDIT_PAGE_SIZE),
  ),
});

export type AuditFilter = z.output<typeof auditFilterSchema>;
export type AuditFilterInput = z.input<typeof auditFilterSchema>;

/** The filter's field the first problem is about, for callers that name their own inputs (CLI flags). */
export function auditFilterField(error: z.ZodError): keyof AuditFilter | undefined {
  return error.issues[0]?.path[0] as keyof AuditFilter | undefined;
}
