/** The statement of account's period as the API, the pages and the CLI take it: `from` and `to`, YYYY-MM-DD, both optional. */
import { z } from "zod";
import { isIsoDay } from "../shared/dates.ts";

export const FROM_AFTER_TO = "The statement's from date must not be after its to date";

const day = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .trim()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isIsoDay(v), `${name} must be a date (YYYY-MM-DD)`)
    .optional();

/** `?from=&to=`: blank means the default (from the first entry, to today); from after to is refused. */
export const statementPeriodSchema = z
  .object({ from: day("From"), to: day("To") })
  .refine((p) => !p.from || !p.to || p.from <= p.to, { message: FROM_AFTER_TO });
export type StatementPeriod = z.output<typeof statementPeriodSchema>;
