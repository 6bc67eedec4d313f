/**
 * The dates of a telemetry export (ARCHITECTURE.md section 13), pure. A row's date arrives as a date
 * cell (an Excel serial in the workbook's 1900 or 1904 system), ISO text, or text written
 * day-first (`01/10/2026 14:05`) or month-first (`10/1/2026 7:40:26 AM`, `10/21/2026 09:14:00`).
 * The day/month order of text dates is decided once per file, never row by row:
 * 1. the title row's date range (the one reading of the title that is a valid range), choosing the
 *    reading of the rows under which more of them fall inside it (one day of slack either side:
 *    titles are local time, rows GMT);
 * 2. else any text date valid only one way (a first number above 12 is day-first; a second one,
 *    month-first);
 * 3. else AM/PM text is month-first.
 * A file still undecided whose text dates read differently each way is ambiguous: nothing is
 * guessed, the caller asks for the order (`given`).
 */
import { addDaysIso } from "../shared/dates.ts";

export type DateOrder = "dmy" | "mdy";
export const DATE_ORDERS: readonly DateOrder[] = ["dmy", "mdy"];

/** How the order was decided, for messages and tests. */
export type DecidedBy = "title" | "unambiguous date" | "AM/PM" | "given" | "not needed";

export interface DateRange {
  /** First and last calendar day, `yyyy-mm-dd`. */
  from: string;
  to: string;
}

export interface DateReading {
  /** The order text dates are read in; null while the file is ambiguous and no order was given. */
  order: DateOrder | null;
  decidedBy: DecidedBy | null;
  /** The file's text dates read differently each way and nothing in the file decides. */
  ambiguous: boolean;
  /** The title's date range, when the title carries one that reads one way only. */
  range: DateRange | null;
}

const DAY_MS = 86_400_000;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Days between Excel's 1904 and 1900 date systems. */
const EPOCH_1904_OFFSET = 1462;

/**
 * Excel serial day → ISO date-time, rounded to the second. `days` keeps each day's date text, so a
 * file of a month's sales formats 31 dates, not one per row (same text as toISOString).
 */
export function serialToIso(
  serial: number,
  options: { date1904?: boolean; days?: Map<number, string> } = {},
): string | null {
  const ms = Math.round((serial + (options.date1904 ? EPOCH_1904_OFFSET : 0) - 25569) * 86_400) * 1000;
  const day = Math.floor(ms / DAY_MS);
  let date = options.days?.get(day);
  // Stryker disable next-line ConditionalExpression: the cache only saves work; a day formatted again reads the same
  if (date === undefined) {
    const at = new Date(day * DAY_MS);
    if (Number.isNaN(at.getTime())) return null;
    const iso = at.toISOString();
    // Years outside 0000-9999 are written with a sign: leave them to toISOString whole.
    if (iso.length !== 24) return new Date(ms).toISOString();
    date = iso.slice(0, 10);
    options.days?.set(day, date);
  }
  const seconds = (ms - day * DAY_MS) / 1000;
  return `${date}T${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}.000Z`;
}

/** A text date of two numbers and a year, in either order, with an optional time (24-hour or AM/PM). */
interface TextDate {
  first: number;
  second: number;
  year: number;
  hour: number;
  minute: number;
  second_: number;
  meridiem: "am" | "pm" | null;
}

const TEXT_DATE =
  /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:(?:\s+|T)(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AaPp])\.?[Mm]\.?)?)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

function textDateOf(text: string): TextDate | null {
  const match = TEXT_DATE.exec(text);
  if (!match) return null;
  // Stryker disable next-line StringLiteral: Number("") is 0 as well
  const [, a, b, y, hh = "0", mm = "0", ss = "0", ampm] = match;
  return {
    first: Number(a),
    second: Number(b),
    year: Number(y),
    hour: Number(hh),
    minute: Number(mm),
    second_: Number(ss),
    meridiem: ampm ? (ampm.toLowerCase() === "a" ? "am" : "pm") : null,
  };
}

const tidy = (value: string) =>
  value
    .replace(/[\u00A0\u200B-\u200D\u2060\uFEFF]/g, " ")
    .trim()
    .replace(/\s+/g, " ");

/** A text date read day-first, then month-first. */
const bothReadings = (date: TextDate) => DATE_ORDERS.map((order) => textDateIso(date, order));

/** The UTC instant of a text date read in `order`, or null when that reading is not a real date and time. */
function textDateIso(date: TextDate, order: DateOrder): string | null {
  const day = order === "dmy" ? date.first : date.second;
  const month = order === "dmy" ? date.second : date.first;
  let hour = date.hour;
  if (date.meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (date.meridiem === "pm" ? 12 : 0);
  }
  // Minute 60 would roll over into the next hour unseen; a day, month or hour out of range (31/09, month 13, 24:00)
  // rolls over into another day or month, which the round trip below refuses.
  if (date.minute > 59 || date.second_ > 59) return null;
  const at = new Date(Date.UTC(date.year, month - 1, day, hour, date.minute, date.second_));
  return at.getUTCDate() === day && at.getUTCMonth() === month - 1 ? at.toISOString() : null;
}

function isoTextToIso(text: string): string | null {
  // A day that does not exist (2026-09-31) is unreadable, never rolled over into the next month: a day out of
  // range always lands in another month. A year before 100 is unreadable too (Date.UTC takes it for 19yy).
  const [y, m, d] = text.slice(0, 10).split("-").map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1) return null;
  const date = new Date(
    // Stryker disable next-line ConditionalExpression,EqualityOperator: without the Z, text is read in the server's time zone (GMT in tests); in Stryker's worker threads a change of TZ never reaches Date (the TZ test kills them under npm test).
    /[zZ]|[+-]\d{2}:?\d{2}$/.test(text) || text.length === 10 ? text : `${text.replace(" ", "T")}Z`,
  );
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export interface ReadDateOptions {
  /** The file's order for text dates (decideDateOrder); null reads only those that read the same both ways. */
  order: DateOrder | null;
  /** The workbook counts serials from 1904 (Mac Excel's old default). */
  date1904?: boolean;
  /** A per-file cache of serial days (serialToIso). */
  days?: Map<number, string>;
}

/** A row's date as an ISO UTC instant, or null when it cannot be read. Times are GMT. */
export function readExportDate(value: unknown, options: ReadDateOptions): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? serialToIso(value, options) : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== "string") return null;
  const text = tidy(value);
  const date = textDateOf(text);
  if (date) {
    if (options.order) return textDateIso(date, options.order);
    const [dmy, mdy] = bothReadings(date);
    return dmy === mdy ? dmy : null;
  }
  return ISO_DATE.test(text) ? isoTextToIso(text) : null;
}

/** The first two dates the title carries, as text dates or ISO days. */
function titleDates(title: string): [TextDate | string, TextDate | string] | null {
  const found: (TextDate | string)[] = [];
  for (const match of tidy(title).matchAll(/(\d{4}-\d{2}-\d{2})|(\d{1,2}[/.-]\d{1,2}[/.-]\d{4})/g)) {
    found.push(match[1] ?? textDateOf(match[2])!);
    if (found.length === 2) break;
  }
  // Stryker disable next-line ConditionalExpression: a missing second date reads as no day, so no range either way
  return found.length === 2 ? [found[0], found[1]] : null;
}

const dayOf = (date: TextDate | string, order: DateOrder): string | null => {
  if (typeof date === "string") return isoTextToIso(date)?.slice(0, 10) ?? null;
  return textDateIso({ ...date, hour: 0, minute: 0, second_: 0, meridiem: null }, order)?.slice(0, 10) ?? null;
};

/**
 * The title's date range, taken as the one reading of the title that is a valid range (both days
 * real, the first not after the second). Both readings valid and different: ambiguous (null).
 */
export function titleRange(title: string): { range: DateRange | null; ambiguous: boolean } {
  const dates = titleDates(title);
  if (!dates) return { range: null, ambiguous: false };
  const readings = DATE_ORDERS.map((order) => {
    const from = dayOf(dates[0], order);
    const to = dayOf(dates[1], order);
    // Stryker disable next-line LogicalOperator: a missing day (null) compares false with a day's text either way
    return from && to && from <= to ? { from, to } : null;
  }).filter((r): r is DateRange => r !== null);
  const distinct = new Map(readings.map((r) => [`${r.from}/${r.to}`, r]));
  if (distinct.size === 1) return { range: [...distinct.values()][0], ambiguous: false };
  // Stryker disable next-line EqualityOperator: one reading has returned above, so the size here is 0 or 2
  return { range: null, ambiguous: distinct.size > 1 };
}

/** Whether an instant falls inside a range, with one day of slack either side. */
export function insideRange(iso: string, range: DateRange): boolean {
  const day = iso.slice(0, 10);
  return day >= addDaysIso(range.from, -1) && day <= addDaysIso(range.to, 1);
}

/**
 * Decides the day/month order of a file's text dates once, from its title (row 1, as text) and
 * its date cells. `given` (the preview's answer, `--date-order`) is used only where the file does
 * not decide itself.
 */
export function decideDateOrder(title: string, cells: Iterable<unknown>, given?: DateOrder | null): DateReading {
  const { range } = titleRange(title);
  // Only text dates whose two readings differ carry any information; each distinct text is read once.
  const texts = new Map<string, TextDate>();
  for (const cell of cells) {
    if (typeof cell !== "string") continue;
    const text = tidy(cell);
    // Stryker disable next-line ConditionalExpression: reading a text again sets the same entry; the check saves work
    if (texts.has(text)) continue;
    const date = textDateOf(text);
    if (!date) continue;
    const [dmy, mdy] = bothReadings(date);
    if (dmy !== mdy) texts.set(text, date);
  }
  const answer = (order: DateOrder | null, decidedBy: DecidedBy | null, ambiguous = false): DateReading => ({
    order,
    decidedBy,
    ambiguous,
    range,
  });
  if (!texts.size) return answer("dmy", "not needed");
  const dates = [...texts.values()];

  if (range) {
    const inside = (order: DateOrder) =>
      dates.reduce((n, date) => {
        const iso = textDateIso(date, order);
        return n + (iso !== null && insideRange(iso, range) ? 1 : 0);
      }, 0);
    const [dmy, mdy] = DATE_ORDERS.map(inside);
    if (dmy > mdy) return answer("dmy", "title");
    if (mdy > dmy) return answer("mdy", "title");
  }
  // Every date kept reads at least one way, so a first number above 12 (no month) leaves the day-first reading.
  const dayFirst = dates.some((d) => d.first > 12);
  const monthFirst = dates.some((d) => d.second > 12);
  if (dayFirst !== monthFirst) return answer(dayFirst ? "dmy" : "mdy", "unambiguous date");
  if (!dayFirst && dates.some((d) => d.meridiem)) return answer("mdy", "AM/PM");
  if (given) return answer(given, "given");
  return answer(null, null, true);
}

/** The first day of the month after `now` (UTC), `yyyy-mm`: rows from then on have not happened yet. */
export function monthNotBegunFrom(now: Date): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 7);
}
