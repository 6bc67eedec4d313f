/**
 * The telemetry export (Nayax "Dynamic Transactions Monitor"): its rows interpreted, pure. Row 1 is
 * a title, row 2 the headers, data from row 3. Files are read in telemetry-export-reader.ts (off the main
 * thread); the web upload, its preview and the CLI all go through it.
 */
import { DomainError } from "../shared/errors.ts";
import { parsePence } from "../shared/money.ts";

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

const REQUIRED: Column[] = ["productName", "costPrice", "machinePrice", "settlementValue", "authorizationDate", "transactionId"];

export const SKIP_REASONS = {
  missingTransactionId: "missing transaction id",
  nonNumericCost: "non-numeric cost price",
  nonNumericMachinePrice: "non-numeric machine price",
  nonNumericSettlement: "non-numeric settlement value",
  settledAtZero: "settled at 0 (cancelled or declined vend)",
  badQuantity: "quantity is not a whole number from 1 to 99",
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;

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
  skipped: Partial<Record<SkipReason, number>>;
  /** Totals the file's footer states, when it has one. */
  footer: { costPence: number | null; settlementPence: number | null } | null;
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

const DAY_MS = 86_400_000;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Excel serial day (1900 system) → ISO date-time, rounded to the second. `days` keeps each day's
 * date text, so a file of a month's sales formats 31 dates, not one per row (same text as toISOString).
 */
function serialToIso(serial: number, days?: Map<number, string>): string | null {
  const ms = Math.round((serial - 25569) * 86_400) * 1000;
  const day = Math.floor(ms / DAY_MS);
  let date = days?.get(day);
  if (date === undefined) {
    const at = new Date(day * DAY_MS);
    if (Number.isNaN(at.getTime())) return null;
    const iso = at.toISOString();
    // Years outside 0000-9999 are written with a sign: leave them to toISOString whole.
    if (iso.length !== 24) return new Date(ms).toISOString();
    date = iso.slice(0, 10);
    days?.set(day, date);
  }
  const seconds = (ms - day * DAY_MS) / 1000;
  return `${date}T${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}.000Z`;
}

const UK_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** A date cell, or text in dd/MM/yyyy [HH:mm[:ss]] (GMT) or ISO form. */
export function parseSaleDate(value: unknown, days?: Map<number, string>): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return serialToIso(value, days);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== "string" || !value.trim()) return null;
  const text = value.trim();
  const uk = UK_DATE.exec(text);
  if (uk) {
    const [, d, m, y, hh = "0", mm = "0", ss = "0"] = uk;
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm), Number(ss)));
    return date.getUTCDate() === Number(d) ? date.toISOString() : null;
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const date = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) || text.length === 10 ? text : `${text}Z`);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  return null;
}

/** Transaction ids arrive as numbers or text: kept as digits-only text, never in exponent form. */
export function transactionIdOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === "string" && value.trim()) return value.trim();
  return null;
}

/** The most units one row may carry: a vend is one selection, a few at most. */
export const MAX_QUANTITY = 99;

/** A Quantity cell: empty is 1; a whole number from 1 to 99 (number or text); anything else null. */
export function quantityOf(value: unknown): number | null {
  if (value === null || value === undefined || (typeof value === "string" && !value.trim())) return 1;
  const n = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+(\.0+)?\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY ? n : null;
}

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === "string" && !value.trim());

/** The most data rows one file may carry (a month of a very busy machine is a few thousand). */
export const MAX_ROWS = 200_000;

/** The rows of an export's first sheet (as readSheet gives them) interpreted: pure. */
export function interpretSalesTable(table: readonly unknown[][], options: { requireMachineName?: boolean } = {}): ParsedSalesReport {
  if (table.length > MAX_ROWS + 3) {
    // sheetRows stopped reading one row past the cap: the file has more rows than one export may.
    throw new SalesReportError(`The file has more than ${MAX_ROWS.toLocaleString("en-GB")} rows: split it into smaller exports`);
  }
  if (table.length < 4) {
    throw new SalesReportError("Excel file does not contain enough rows. Expected headers in row 2 and at least one data row.");
  }
  const headerRow = (table[1] ?? []).map(normaliseHeader);
  const index = {} as Record<Column, number>;
  for (const column of Object.keys(HEADERS) as Column[]) index[column] = headerRow.indexOf(normaliseHeader(HEADERS[column]));
  const required = options.requireMachineName ? [...REQUIRED, "machineName" as const] : REQUIRED;
  const missing = required.filter((column) => index[column] < 0).map((column) => HEADERS[column]);
  if (missing.length) throw new SalesReportError(`Missing required headers: ${missing.join(", ")}`);

  const rows: SaleRow[] = [];
  const skipped: Partial<Record<SkipReason, number>> = {};
  let footer: ParsedSalesReport["footer"] = null;
  let rowsRead = 0;
  const skip = (reason: SkipReason) => (skipped[reason] = (skipped[reason] ?? 0) + 1);
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
      footer = { costPence: parsePence(cell("costPrice")), settlementPence: parsePence(cell("settlementValue")) };
      continue;
    }
    rowsRead++;
    if (!transactionId) {
      skip("missingTransactionId");
      continue;
    }
    const costPence = pence(cell("costPrice"));
    const machinePricePence = pence(cell("machinePrice"));
    const settlementPence = pence(cell("settlementValue"));
    if (costPence === null) {
      skip("nonNumericCost");
      continue;
    }
    if (machinePricePence === null) {
      skip("nonNumericMachinePrice");
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
    const quantity = quantityOf(cell("quantity"));
    if (quantity === null) {
      skip("badQuantity");
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
      saleDate: parseSaleDate(cell("authorizationDate"), days),
      kind: settlementPence < 0 ? "refund" : "sale",
    });
  }
  if (!rows.length) throw new SalesReportError("No valid transaction data found in the Excel file");
  return { rows, rowsRead, skipped, footer };
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
export function summariseSales(rows: readonly Pick<SaleRow, "kind" | "settlementPence" | "costPence" | "productName" | "quantity">[]): SalesSummary {
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

/** Whether the file's stated totals match the rows imported (null without a footer). */
export function footerAgrees(report: ParsedSalesReport, rows: readonly SaleRow[] = report.rows): boolean | null {
  if (!report.footer) return null;
  const { costPence, settlementPence } = report.footer;
  let cost = 0;
  let revenue = 0;
  for (const row of rows) {
    cost += row.costPence;
    revenue += row.settlementPence;
  }
  const costOk = costPence === null || costPence === cost;
  const settlementOk = settlementPence === null || settlementPence === revenue;
  return costOk && settlementOk;
}

export function monthOfSale(row: Pick<SaleRow, "saleDate">): string | null {
  return row.saleDate ? row.saleDate.slice(0, 7) : null;
}
