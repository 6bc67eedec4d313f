/**
 * How the product writes figures, in one place: every screen, PDF, workbook and email formats
 * money, units, percentages, invoice ids, dates and counted nouns through these.
 * Spec texts that fix a format keep it ("Amount (£)", the products report's "Month day, year").
 */
export { formatPence, formatPlainAmount } from "./money.ts";
export { formatDate, formatMonth } from "./dates.ts";
import { formatDate } from "./dates.ts";
import { formatPence, penceToPounds } from "./money.ts";

/** "+£1.20" or "−£1.20": a difference or adjustment with its sign (a true minus sign). */
export function formatSignedPence(pence: number): string {
  return `${pence < 0 ? "−" : "+"}${formatPence(Math.abs(pence))}`;
}

let units: Intl.NumberFormat | undefined;

/** 1,270 (whole units with thousands separators; the formatter is made on first use). */
export function formatUnits(count: number): string {
  units ??= new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
  return units.format(count);
}

/**
 * "1 machine", "3 machines", "1,270 transactions": a count with its noun, the plural given when it
 * is not the noun and an s ("1 sale", "2 sales"; "1 company", "2 companies").
 */
export function formatCount(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatUnits(count)} ${count === 1 ? noun : plural}`;
}

let amounts: Intl.NumberFormat | undefined;

/** 1,234.50 from pence: money without its £, for a column whose header carries it (the spec's "Amount (£)") or a form's starting amount. */
export function formatAmountPence(pence: number): string {
  amounts ??= new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return amounts.format(penceToPounds(pence));
}

/** 33.3% from a percentage (33.333…), to `digits` decimals (one by default), trailing zeros kept. */
export function formatPercent(percent: number, digits = 1): string {
  return `${percent.toFixed(digits)}%`;
}

/** INV-00001 */
export function formatInvoiceId(id: number): string {
  return `INV-${String(id).padStart(5, "0")}`;
}

/** CN-00001: a credit note's number. */
export function formatCreditNoteId(id: number): string {
  return `CN-${String(id).padStart(5, "0")}`;
}

/** RA-00001: a remittance advice's number (its PDF and file name). */
export function formatRemittanceId(id: number): string {
  return `RA-${String(id).padStart(5, "0")}`;
}

/** GB29 NWBK 6016 1331 9268 19: an IBAN in groups of four, as it is printed for people to copy. */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s/g, "")
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, "$1 ");
}

const axisMoney: { compact?: Intl.NumberFormat; standard?: Intl.NumberFormat } = {};
let compactUnits: Intl.NumberFormat | undefined;

/** From here on a chart axis writes thousands as k: below it, "1,250" is as short as "1.25k". */
const COMPACT_FROM = 10_000;

/** £850, £1,500, £12k from pence: a chart axis' round money values, short enough for a phone (no trailing zero pence). */
export function formatPenceCompact(pence: number): string {
  const pounds = penceToPounds(pence);
  const compact = Math.abs(pounds) >= COMPACT_FROM;
  const key = compact ? "compact" : "standard";
  axisMoney[key] ??= new Intl.NumberFormat("en-GB", {
    style: "currency",
    currency: "GBP",
    notation: key,
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
  return axisMoney[key].format(pounds);
}

/** 850, 1,250, 12k: a chart axis' round unit counts. */
export function formatUnitsCompact(count: number): string {
  if (Math.abs(count) < COMPACT_FROM) return formatUnits(count);
  compactUnits ??= new Intl.NumberFormat("en-GB", { notation: "compact", maximumFractionDigits: 2 });
  return compactUnits.format(count);
}

/** ****5678: an account number with all but its last four digits hidden. */
export function maskAccountNumber(accountNumber: string): string {
  const digits = accountNumber.replace(/[\s-]/g, "");
  return `****${digits.slice(-4)}`;
}

/** 05-01-23 from a sort code's 6 digits (as checkBankDetails keeps it). */
export function formatSortCode(digits: string): string {
  return /^\d{6}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : digits;
}

/** "23/11/2026 14:05" (UTC), or "Never" for an account that has not signed in. */
export function formatSignInTime(at: string | null): string {
  if (!at) return "Never";
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return `${formatDate(date)} ${date.toISOString().slice(11, 16)}`;
}

/** "Active", or "Disabled since 23/11/2026". */
export function accountStatusLabel(disabledAt: string | null): string {
  if (!disabledAt) return "Active";
  const date = new Date(disabledAt);
  return Number.isNaN(date.getTime()) ? "Disabled" : `Disabled since ${formatDate(date)}`;
}
