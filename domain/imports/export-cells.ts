/**
 * The cells of a telemetry export read one at a time, pure: headers matched, transaction ids kept as
 * text, quantities checked, a single date read on its own. telemetry-export.ts reads whole tables
 * with them.
 */
import { readExportDate } from "./export-dates.ts";

/** A cell's value as text: SheetJS gives strings, numbers, booleans or nothing. */
export function cellText(value: unknown): string {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : "";
}

/** Strips zero-width characters and outer spaces, lower-cases: how headers are matched. */
export function normaliseHeader(value: unknown): string {
  return cellText(value)
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00A0]/g, " ")
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase();
}

/**
 * One row's date read on its own (day-first for text that reads both ways): kept for callers that
 * have a single cell, not a file. A file's rows are read by `interpretSalesTable`, which decides the
 * order once for the whole file (export-dates.ts).
 */
export function parseSaleDate(value: unknown, days?: Map<number, string>): string | null {
  return readExportDate(value, { order: "dmy", days });
}

/** Transaction ids arrive as numbers or text: kept as digits-only text, never in exponent form. */
export function transactionIdOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value))
    return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === "string" && value.trim()) return value.trim();
  return null;
}

/** The most units one row may carry: a vend is one selection, a few at most. */
export const MAX_QUANTITY = 99;

/** A Quantity cell: empty is 1; a whole number from 1 to 99 (number or text), or -1 to -99 on a refund; anything else null. */
export function quantityOf(value: unknown, refund = false): number | null {
  if (value === null || value === undefined || (typeof value === "string" && !value.trim())) return 1;
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\s*-?\d+(\.0+)?\s*$/.test(value)
        ? Number(value)
        : Number.NaN;
  const units = refund && n < 0 ? -n : n;
  return Number.isInteger(units) && units >= 1 && units <= MAX_QUANTITY ? units : null;
}

export const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && !value.trim());
