/**
 * The telemetry export (Nayax "Dynamic Transactions Monitor"): its rows interpreted, pure. Row 1 is
 * a title, row 2 the headers, data from row 3. Files are read in telemetry-export-reader.ts (off the main
 * thread); the web upload, its preview and the CLI all go through it.
 */
import { DomainError } from "../shared/errors.ts";
import { formatGBP, parsePence } from "../shared/money.ts";
import { formatSignedPence } from "../shared/format.ts";
import {
  decideDateOrder,
  insideRange,
  monthNotBegunFrom,
  readExportDate,
  type DateOrder,
  type DateRange,
  type DateReading,
} from "./export-dates.ts";

/** A file that cannot be imported: answered as 400 with the spec's message. */
export class SalesReportError extends DomainError {
  constructor(message: string) {
    super("bad_input", message);
    this.name = "SalesReportError";
  }
}

export const HEADERS = {
  machineName: "Machine Name",
  productName: "Product Name",
  costPrice: "Cost Price",
  machinePrice: "Machine Price",
  settlementValue: "Settlement Value (Vend Price)",
  authorizationDate: "Authorization Date and Time (GMT)",
  transactionId: "Transaction ID",
  quantity: "Quantity",
} as const;
type Column = keyof typeof HEADERS;

const REQUIRED: Column[] = [
  "productName",
  "costPrice",
  "machinePrice",
  "settlementValue",
  "authorizationDate",
  "transactionId",
];

export const SKIP_REASONS = {
  missingTransactionId: "missing transaction id",
  nonNumericCost: "non-numeric cost price",
  nonNumericMachinePrice: "non-numeric machine price",
  nonNumericSettlement: "non-numeric settlement value",
  settledAtZero: "settled at 0 (cancelled or declined vend)",
  badQuantity: "quantity is not a whole number from 1 to 99",
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;

/**
 * Rows left out for their date (ARCHITECTURE.md section 13): never booked, and a file with any is
 * written only once the user confirms (acceptExclusions, --accept-exclusions, the page's confirm).
 */
export const DATE_REASONS = {
  unreadableDate: "without a readable date",
  notBegun: "dated in a month that has not begun",
  outsideRange: "dated outside the file's date range",
} as const;
export type DateReason = keyof typeof DATE_REASONS;

/** Rows and the revenue (settlement values, refunds netted) they carry. */
export interface Tally {
  count: number;
  revenuePence: number;
}

/** The day/month order of a file's text dates could not be decided: the caller must choose it. */
export class DateOrderNeededError extends SalesReportError {
  readonly example: string;
  constructor(example: string) {
    super(
      `Dates in this file are: day/month or month/day? Its dates (such as ${example}) read either way and nothing in the file decides; choose the order (dmy or mdy) and try again`,
    );
    this.name = "DateOrderNeededError";
    this.example = example;
  }
}

export interface SaleRow {
  /** 1-based row number in the sheet, for messages. */
  rowNumber: number;
  transactionId: string;
  machineName: string | null;
  productName: string;
  costPence: number;
  machinePricePence: number;
  settlementPence: number;
  /** Units the row sold (the Quantity column, 1 where absent or empty): COGS is costPence × quantity. */
  quantity: number;
  /** ISO date-time (UTC), or null when the cell is empty or unreadable. */
  saleDate: string | null;
  /** A negative settlement is a refund: it nets off revenue but is not a unit sold. */
  kind: "sale" | "refund";
}

export interface ParsedSalesReport {
  rows: SaleRow[];
  /** Data rows read, the totals footer excluded. */
  rowsRead: number;
  /** Rows the spec skips, by reason (counts). */
  skipped: Partial<Record<SkipReason, number>>;
  /** The revenue the skipped rows carry, by reason (where their settlement value is a number). */
  skippedRevenuePence: Partial<Record<SkipReason, number>>;
  /** Rows left out for their date, by reason: these need the user's confirmation. */
  dateExcluded: Partial<Record<DateReason, Tally>>;
  /** How the file's dates were read: the order decided, and the title's range. */
  dates: DateReading;
  /** Totals the file's footer states, when it has one. */
  footer: { costPence: number | null; settlementPence: number | null; units: number | null } | null;
}

export interface InterpretOptions {
  requireMachineName?: boolean;
  /** The day/month order chosen by the user, used only where the file does not decide itself. */
  dateOrder?: DateOrder | null;
  /** The workbook counts date serials from 1904. */
  date1904?: boolean;
  /** Now: rows of a month after this one have not happened yet. */
  now?: Date;
}

/** A cell's value as text: SheetJS gives strings, numbers, booleans or nothing. */
function cellText(value: unknown): string {
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

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && !value.trim());

/** The most data rows one file may carry (a month of a very busy machine is a few thousand). */
export const MAX_ROWS = 200_000;

/** The rows of an export's first sheet (as readSheet gives them) interpreted: pure. */
export function interpretSalesTable(table: readonly unknown[][], options: InterpretOptions = {}): ParsedSalesReport {
  if (table.length > MAX_ROWS + 3) {
    // sheetRows stopped reading one row past the cap: the file has more rows than one export may.
    throw new SalesReportError(
      `The file has more than ${MAX_ROWS.toLocaleString("en-GB")} rows: split it into smaller exports`,
    );
  }
  if (table.length < 4) {
    throw new SalesReportError(
      "Excel file does not contain enough rows. Expected headers in row 2 and at least one data row.",
    );
  }
  const headerRow = (table[1] ?? []).map(normaliseHeader);
  const index = {} as Record<Column, number>;
  for (const column of Object.keys(HEADERS) as Column[])
    index[column] = headerRow.indexOf(normaliseHeader(HEADERS[column]));
  const required = options.requireMachineName ? [...REQUIRED, "machineName" as const] : REQUIRED;
  const missing = required.filter((column) => index[column] < 0).map((column) => HEADERS[column]);
  if (missing.length) throw new SalesReportError(`Missing required headers: ${missing.join(", ")}`);

  const dates = readingOf(table, index.authorizationDate, options.dateOrder);
  const rows: SaleRow[] = [];
  const skipped: Partial<Record<SkipReason, number>> = {};
  const skippedRevenuePence: Partial<Record<SkipReason, number>> = {};
  const dateExcluded: Partial<Record<DateReason, Tally>> = {};
  let footer: ParsedSalesReport["footer"] = null;
  let rowsRead = 0;
  const skip = (reason: SkipReason, revenuePence: number | null = null) => {
    skipped[reason] = (skipped[reason] ?? 0) + 1;
    skippedRevenuePence[reason] = (skippedRevenuePence[reason] ?? 0) + (revenuePence ?? 0);
  };
  const leaveOut = (reason: DateReason, revenuePence: number) => {
    const tally = (dateExcluded[reason] ??= { count: 0, revenuePence: 0 });
    tally.count++;
    tally.revenuePence += revenuePence;
  };
  const notBegun = monthNotBegunFrom(options.now ?? new Date());
  // Prices repeat across a file's rows, and its dates fall on a few days: each is read once.
  const amounts = new Map<unknown, number | null>();
  const pence = (value: unknown) => {
    if (typeof value !== "number") return parsePence(value);
    let amount = amounts.get(value);
    if (amount === undefined) amounts.set(value, (amount = parsePence(value)));
    return amount;
  };
  const days = new Map<number, string>();

  for (let r = 2; r < table.length; r++) {
    const cells = table[r] ?? [];
    const cell = (column: Column) => (index[column] >= 0 ? cells[index[column]] : null);
    const transactionId = transactionIdOf(cell("transactionId"));
    // A totals footer: 'Total' in its first filled cell, and no transaction id of its own.
    const first = cells.find((c) => !isBlank(c));
    const totalLabel = typeof first === "string" && /^totals?:?$/i.test(first.trim()) ? first.trim() : null;
    if (totalLabel && (!transactionId || transactionId === totalLabel)) {
      const units = cell("quantity");
      footer = {
        costPence: parsePence(cell("costPrice")),
        settlementPence: parsePence(cell("settlementValue")),
        units:
          typeof units === "number" || (typeof units === "string" && /^\s*\d+\s*$/.test(units)) ? Number(units) : null,
      };
      continue;
    }
    rowsRead++;
    const costPence = pence(cell("costPrice"));
    const machinePricePence = pence(cell("machinePrice"));
    const settlementPence = pence(cell("settlementValue"));
    if (!transactionId) {
      skip("missingTransactionId", settlementPence);
      continue;
    }
    if (costPence === null) {
      skip("nonNumericCost", settlementPence);
      continue;
    }
    if (machinePricePence === null) {
      skip("nonNumericMachinePrice", settlementPence);
      continue;
    }
    if (settlementPence === null) {
      skip("nonNumericSettlement");
      continue;
    }
    if (settlementPence === 0) {
      skip("settledAtZero");
      continue;
    }
    // A refund may carry its quantity negative (-1): it is the same unit returned.
    const quantity = quantityOf(cell("quantity"), settlementPence < 0);
    if (quantity === null) {
      skip("badQuantity", settlementPence);
      continue;
    }
    const saleDate = readExportDate(cell("authorizationDate"), {
      order: dates.order,
      date1904: options.date1904,
      days,
    });
    // A year outside 1900-9999 (a serial of millions, a negative one) is no sale date either.
    if (saleDate === null || saleDate.length !== 24 || saleDate < "1900") {
      leaveOut("unreadableDate", settlementPence);
      continue;
    }
    if (saleDate.slice(0, 7) >= notBegun) {
      leaveOut("notBegun", settlementPence);
      continue;
    }
    if (dates.range && !insideRange(saleDate, dates.range)) {
      leaveOut("outsideRange", settlementPence);
      continue;
    }
    const machineName = cell("machineName");
    rows.push({
      rowNumber: r + 1,
      transactionId,
      machineName: isBlank(machineName) ? null : String(machineName).trim(),
      productName: cellText(cell("productName")).trim() || "Unknown product",
      costPence,
      machinePricePence,
      settlementPence,
      quantity,
      saleDate,
      kind: settlementPence < 0 ? "refund" : "sale",
    });
  }
  if (!rows.length && !Object.keys(dateExcluded).length)
    throw new SalesReportError("No valid transaction data found in the Excel file");
  return { rows, rowsRead, skipped, skippedRevenuePence, dateExcluded, dates, footer };
}

/**
 * The file's reading of its dates, decided once from the title (row 1) and the date column's text
 * (export-dates.ts). Ambiguous with no order given: DateOrderNeededError, so nothing is guessed.
 */
function readingOf(table: readonly unknown[][], dateColumn: number, given: DateOrder | null | undefined): DateReading {
  const title = (table[0] ?? []).map(cellText).join(" ");
  const cells = function* () {
    for (let r = 2; r < table.length; r++) yield table[r]?.[dateColumn];
  };
  const reading = decideDateOrder(title, cells(), given);
  if (reading.ambiguous) {
    const example = [...cells()].find(
      (c): c is string =>
        typeof c === "string" &&
        /^\s*\d{1,2}[/.-]\d{1,2}[/.-]/.test(c) &&
        readExportDate(c, { order: "dmy" }) !== readExportDate(c, { order: "mdy" }),
    );
    throw new DateOrderNeededError((example ?? "").trim());
  }
  return reading;
}

/** The title's range in words for messages: "01/10/2026 to 31/10/2026". */
export function rangeText(range: DateRange): string {
  const uk = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  return `${uk(range.from)} to ${uk(range.to)}`;
}

export interface ProductCount {
  name: string;
  count: number;
}

export interface SalesSummary {
  units: number;
  revenuePence: number;
  cogsPence: number;
  refunds: number;
  topProducts: ProductCount[];
}

export const TOP_PRODUCTS = 10;

/** Units and top products count the quantities of sales only (refunds are not units); refunds net off revenue; COGS is the cost of sales. */
export function summariseSales(
  rows: readonly Pick<SaleRow, "kind" | "settlementPence" | "costPence" | "productName" | "quantity">[],
): SalesSummary {
  let units = 0;
  let revenuePence = 0;
  let cogsPence = 0;
  let refunds = 0;
  const counts = new Map<string, number>();
  for (const row of rows) {
    revenuePence += row.settlementPence;
    if (row.kind === "refund") {
      refunds++;
      continue;
    }
    units += row.quantity;
    cogsPence += row.costPence * row.quantity;
    counts.set(row.productName, (counts.get(row.productName) ?? 0) + row.quantity);
  }
  const topProducts = [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, TOP_PRODUCTS);
  return { units, revenuePence, cogsPence, refunds, topProducts };
}

/** One figure of the footer check: what the footer states, what the rows come to, and the difference. */
export interface FooterFigure {
  footer: number;
  rows: number;
  /** rows − footer. */
  difference: number;
}

export interface FooterCheck {
  agrees: boolean;
  /** Units (the Quantity column's total), where the footer states them. */
  units: FooterFigure | null;
  costPence: FooterFigure | null;
  settlementPence: FooterFigure | null;
}

/**
 * The file's stated totals beside what its kept rows come to (null without a footer): Cost Price
 * and Settlement Value summed over every kept row (refunds included), units over the rows' quantities.
 */
export function footerCheck(
  report: Pick<ParsedSalesReport, "footer" | "rows">,
  rows: readonly SaleRow[] = report.rows,
): FooterCheck | null {
  if (!report.footer) return null;
  let cost = 0;
  let revenue = 0;
  let units = 0;
  for (const row of rows) {
    cost += row.costPence;
    revenue += row.settlementPence;
    units += row.quantity;
  }
  const figure = (footer: number | null, sum: number): FooterFigure | null =>
    footer === null ? null : { footer, rows: sum, difference: sum - footer };
  const check = {
    units: figure(report.footer.units, units),
    costPence: figure(report.footer.costPence, cost),
    settlementPence: figure(report.footer.settlementPence, revenue),
  };
  return {
    agrees: [check.units, check.costPence, check.settlementPence].every((f) => f === null || f.difference === 0),
    ...check,
  };
}

/** Whether the file's stated totals match the rows imported (null without a footer). */
export function footerAgrees(
  report: Pick<ParsedSalesReport, "footer" | "rows">,
  rows: readonly SaleRow[] = report.rows,
): boolean | null {
  return footerCheck(report, rows)?.agrees ?? null;
}

/** "the totals footer differs: units 931 in the footer, 930 in the rows (−1); settlement £1,290.35 in the footer, £1,289.25 in the rows (−£1.10)". */
/** The footer check in words, for the preview, the CLI and the receipt. */
export function footerSentence(check: FooterCheck): string {
  const parts = [
    check.units
      ? `units ${check.units.footer} in the footer, ${check.units.rows} in the rows (${check.units.difference < 0 ? "−" : "+"}${Math.abs(check.units.difference)})`
      : null,
    check.costPence
      ? `cost ${formatGBP(check.costPence.footer)} in the footer, ${formatGBP(check.costPence.rows)} in the rows (${formatSignedPence(check.costPence.difference)})`
      : null,
    check.settlementPence
      ? `settlement ${formatGBP(check.settlementPence.footer)} in the footer, ${formatGBP(check.settlementPence.rows)} in the rows (${formatSignedPence(check.settlementPence.difference)})`
      : null,
  ].filter(Boolean);
  return `the totals footer ${check.agrees ? "agrees" : "differs"}: ${parts.join("; ")}`;
}

export function monthOfSale(row: Pick<SaleRow, "saleDate">): string | null {
  return row.saleDate ? row.saleDate.slice(0, 7) : null;
}
