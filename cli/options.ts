/**
 * Command-line options are parsed with zod like every other input: each command describes its
 * flags as a schema whose messages name the flag, and a flag that does not parse is a usage error
 * (exit 2) with that message.
 */
import { z } from "zod";
import { isIsoDay } from "#domain/shared/dates.ts";
import { UsageError } from "./errors.ts";

/** Parses commander's options object; the first problem becomes a UsageError. */
export function parseOptions<S extends z.ZodType>(schema: S, options: unknown): z.infer<S> {
  const parsed = schema.safeParse(options);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? "invalid options");
  return parsed.data;
}

export const MONTH_MESSAGE = "--month takes a month as YYYY-MM";

/** A month flag's value: YYYY-MM. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `--month YYYY-MM` (required wherever it is used: a missing month is the same mistake). */
export const monthFlag = z.string({ error: MONTH_MESSAGE }).regex(MONTH_PATTERN, MONTH_MESSAGE);

/** An id flag: a positive whole number, else `message`. */
export const idFlag = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((id) => Number.isSafeInteger(id) && id > 0, message);

/** A day flag as YYYY-MM-DD (a real calendar day), else `message`. */
export const dayFlag = (message: string) => z.string({ error: message }).refine(isIsoDay, message);
