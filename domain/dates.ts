/** Dates and months: en-GB display, UTC calendar months as YYYY-MM, ISO days as YYYY-MM-DD. */

export const INVALID_DATE = "Invalid date";
const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: string | number | Date): Date {
  if (value instanceof Date) return value;
  if (typeof value === "string" && DAY_RE.test(value)) return new Date(`${value}T00:00:00Z`);
  return new Date(value);
}

const EN_GB = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "UTC",
});

/** dd/MM/yyyy, or 'Invalid date' for anything unparseable or empty. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return INVALID_DATE;
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? INVALID_DATE : EN_GB.format(date);
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

/** Accepts YYYY-MM or an ISO date/time and answers its UTC month, or null. */
export function parseMonth(input: unknown): string | null {
  if (typeof input !== "string" && !(input instanceof Date)) return null;
  if (typeof input === "string" && MONTH_RE.test(input.trim())) return input.trim();
  if (typeof input === "string" && !/^\d{4}-\d{2}/.test(input.trim())) return null;
  const date = toDate(typeof input === "string" ? input.trim() : input);
  if (Number.isNaN(date.getTime())) return null;
  // An impossible day (30 February) is refused, not rolled into the next month.
  if (typeof input === "string" && DAY_RE.test(input.trim().slice(0, 10)) && isoDay(date) !== input.trim().slice(0, 10) && !/[T ].*[+-]\d{2}:?\d{2}$/.test(input.trim())) return null;
  return monthOf(date);
}

/** 'October 2026' */
export function formatMonth(month: string): string {
  const { year, monthIndex } = splitMonth(month);
  return new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, monthIndex, 1)),
  );
}

/** YYYY-MM-DD of a date in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function parseIsoDay(day: string): Date {
  if (!DAY_RE.test(day)) throw new RangeError(`Not a YYYY-MM-DD day: ${day}`);
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || isoDay(date) !== day) throw new RangeError(`Not a real day: ${day}`);
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
  if (typeof day !== "string" || !DAY_RE.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDay(date) === day;
}
