/** Dates and months: en-GB display, UTC calendar months as YYYY-MM, ISO days as YYYY-MM-DD. */

export const INVALID_DATE = "Invalid date";
const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

let enGB: Intl.DateTimeFormat | undefined;

/**
 * dd/MM/yyyy in UTC, or 'Invalid date' for anything unparseable or empty. A YYYY-MM-DD day is
 * UTC midnight (the language reads date-only ISO text as UTC). The formatter is made on first use,
 * so a bad option fails in the call, not at import.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value == null) return INVALID_DATE;
  const date = new Date(value);
  // Stryker disable next-line ObjectLiteral: en-GB writes dd/MM/yyyy unasked, so only the zone tells, and in Stryker's worker threads a change of TZ never reaches Intl (the TZ test kills it under npm test).
  enGB ??= new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
  return Number.isNaN(date.getTime()) ? INVALID_DATE : enGB.format(date);
}

/** YYYY-MM of a date's UTC calendar month. */
export function monthOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

export function currentMonth(now: Date = new Date()): string {
  return monthOf(now);
}

/** The previous calendar month in UTC: commission is always for this month. */
export function previousMonth(now: Date = new Date()): string {
  return monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
}

/** The report month's default: the first of the previous month at 12:00 UTC. */
export function previousMonthNoonUTC(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1, 12));
}

/** The month after `month`. */
export function nextMonth(month: string): string {
  const { year, monthIndex } = splitMonth(month);
  return monthOf(new Date(Date.UTC(year, monthIndex + 1, 1)));
}

/** Months before `month` (inclusive), newest first. */
export function recentMonths(month: string, count: number): string[] {
  const { year, monthIndex } = splitMonth(month);
  return Array.from({ length: count }, (_, i) => monthOf(new Date(Date.UTC(year, monthIndex - i, 1))));
}

function splitMonth(month: string): { year: number; monthIndex: number } {
  const match = MONTH_RE.exec(month);
  if (!match) throw new RangeError(`Not a YYYY-MM month: ${month}`);
  return { year: Number(match[1]), monthIndex: Number(match[2]) - 1 };
}

/** A time that ends in an offset from UTC ("T01:00:00+02:00", " 01:00-0500"). */
const UTC_OFFSET = /[T ].*[+-]\d{2}:?\d{2}$/;

/**
 * Accepts YYYY-MM or an ISO date/time and answers its UTC month, or null. The date must be a real
 * day (30 February is refused, not rolled into March), and a time on it stays on that day in UTC
 * unless it carries an offset that moves it (what the language's lenient parser makes of other
 * text after a day is refused).
 */
export function parseMonth(input: unknown): string | null {
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : monthOf(input);
  if (typeof input !== "string") return null;
  const text = input.trim();
  if (MONTH_RE.test(text)) return text;
  const day = text.slice(0, 10);
  if (!isIsoDay(day)) return null;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return null;
  if (isoDay(date) !== day && !UTC_OFFSET.test(text)) return null;
  return monthOf(date);
}

let monthYear: Intl.DateTimeFormat | undefined;

/** 'October 2026' (one formatter for every call: making one costs more than a page's other work). */
export function formatMonth(month: string): string {
  const { year, monthIndex } = splitMonth(month);
  monthYear ??= new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
  return monthYear.format(new Date(Date.UTC(year, monthIndex, 1)));
}

/** YYYY-MM-DD of a date in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** UTC midnight of a real calendar day written YYYY-MM-DD, else null: the day must read back the same. */
function realDay(day: string): Date | null {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDay(date) === day ? date : null;
}

export function parseIsoDay(day: string): Date {
  const date = realDay(day);
  if (!date) throw new RangeError(`Not a real YYYY-MM-DD day: ${day}`);
  return date;
}

const DAY_MS = 86_400_000;

export function addDaysIso(day: string, days: number): string {
  return isoDay(new Date(parseIsoDay(day).getTime() + days * DAY_MS));
}

/**
 * The day a period of `months` months starting on `day` is followed by. When the start day does
 * not exist in the target month (31 January + 1 month), the next period starts on the 1st of the
 * month after, so a period from 31 January ends on the last day of February.
 */
export function addMonthsRollingIso(day: string, months: number): string {
  const start = parseIsoDay(day);
  const year = start.getUTCFullYear();
  const targetMonth = start.getUTCMonth() + months;
  const daysInTarget = new Date(Date.UTC(year, targetMonth + 1, 0)).getUTCDate();
  if (start.getUTCDate() > daysInTarget) return isoDay(new Date(Date.UTC(year, targetMonth + 1, 1)));
  return isoDay(new Date(Date.UTC(year, targetMonth, start.getUTCDate())));
}

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(day: unknown): day is string {
  // Stryker disable next-line ConditionalExpression: other types make text that never reads back as itself; the check is for the type.
  return typeof day === "string" && realDay(day) !== null;
}
