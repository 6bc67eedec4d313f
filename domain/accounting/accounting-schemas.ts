/** What an export is asked for (the page's and the API's query): month, format, kind, which file of a split, only what is new. */
import { z } from "zod";
import { FORMATS, KINDS } from "./accounting-settings.ts";

export const exportQuerySchema = z.object({
  month: z.string({ error: "Month must be YYYY-MM" }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Month must be YYYY-MM"),
  format: z.enum(FORMATS, { error: "Format must be xero, quickbooks or sage" }),
  kind: z.enum(KINDS, { error: "Kind must be sales, bills or payments" }),
  part: z.coerce
    .number({ error: "Part must be a whole number from 1" })
    .int("Part must be a whole number from 1")
    .min(1, "Part must be a whole number from 1")
    .default(1),
  /** "1": only what no earlier export carried. */
  new: z.enum(["1"], { error: "New must be 1 or left out" }).optional(),
});
