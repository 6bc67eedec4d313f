/**
 * The telemetry export (Nayax "Dynamic Transactions Monitor") parser: one module for the web
 * upload, its preview and the CLI. Row 1 is a title, row 2 the headers, data from row 3. The
 * workbook is read off the main thread (sales-report.worker.js) within a time budget; the rows are
 * interpreted here.
 */
// Default imports of Node's modules: the client build resolves this module too (and drops it).
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import workerThreads from "node:worker_threads";
import * as XLSX from "xlsx";
import { DomainError } from "./errors.ts";
import { parsePence } from "./money.ts";

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
} as const;
type Column = keyof typeof HEADERS;

const REQUIRED: Column[] = ["productName", "costPrice", "machinePrice", "settlementValue", "authorizationDate", "transactionId"];

export const SKIP_REASONS = {
  missingTransactionId: "missing transaction id",
  nonNumericCost: "non-numeric cost price",
  nonNumericMachinePrice: "non-numeric machine price",
  nonNumericSettlement: "non-numeric settlement value",
  settledAtZero: "settled at 0 (cancelled or declined vend)",
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

/** Strips zero-width characters and outer spaces, lower-cases: how headers are matched. */
export function normaliseHeader(value: unknown): string {
  return String(value ?? "")
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00A0]/g, " ")
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase();
}

const ZIP = [0x50, 0x4b];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** The most a workbook may unpack to: a 200,000-row export is about 60 MB of sheet XML. */
export const MAX_UNPACKED_BYTES = 150 * 1024 * 1024;

/**
 * The total unpacked size an .xlsx (a zip) declares in its central directory, read before anything
 * is inflated: a small file that unpacks to gigabytes (a zip bomb) is refused up front. Null when
 * the directory cannot be read (SheetJS then refuses the file itself).
 */
export function declaredUnpackedBytes(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 22 bytes plus up to 64 KB of comment.
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 22 - 65_535); end--) {
    if (view.getUint32(end, true) !== 0x06054b50) continue;
    const entries = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    let total = 0;
    for (let i = 0; i < entries; i++) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
      const unpacked = view.getUint32(at + 24, true);
      // 0xFFFFFFFF means a ZIP64 size: more than 4 GB, which no export is.
      if (unpacked === 0xffffffff) return Number.POSITIVE_INFINITY;
      total += unpacked;
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return total;
  }
  return null;
}

/** How long reading one workbook may take before it is given up: PARSE_TIMEOUT_MS, else 20 s. */
export function parseTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.PARSE_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : 20_000;
}

/** The heap a reading worker may grow to (a 200,000-row export needs more than 256 MB). */
const WORKER_HEAP_MB = 1024;
const WORKER_FILE = "sales-report.worker.js";
let workerFile: string | undefined;

/**
 * The worker script, found from this module up to the package root: this file sits beside it in
 * domain/, and the built server (build/server/index.js) finds it in the package's domain/ folder.
 */
function workerPath(): string {
  if (workerFile) return workerFile;
  const start = path.dirname(url.fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, WORKER_FILE), path.join(dir, "domain", WORKER_FILE)]) {
      if (fs.existsSync(candidate)) return (workerFile = candidate);
    }
    if (path.dirname(dir) === dir) throw new Error(`${WORKER_FILE} not found in domain/ above ${start}`);
  }
}

export interface SheetTable {
  sheetName: string;
  /** The first sheet's rows as plain cell values (numbers, text, booleans, null). */
  table: unknown[][];
}

type WorkerMessage = { rows: unknown[][] } | { done: true; ok: true; sheetName: string } | { done: true; ok: false };

/**
 * Reads a workbook's first sheet. Cheap checks first (the file's kind, the unpacked size its zip
 * declares); then SheetJS reads it in a worker with the row cap, so the event loop keeps serving
 * other requests. A worker still reading after `timeoutMs` (or past its heap) is terminated and
 * the file refused with a SalesReportError.
 */
export function readSheet(bytes: Uint8Array, options: { timeoutMs?: number } = {}): Promise<SheetTable> {
  if (!startsWith(bytes, ZIP) && !startsWith(bytes, OLE)) {
    return Promise.reject(new SalesReportError("The file is not an Excel workbook (.xlsx or .xls)"));
  }
  const unpacked = startsWith(bytes, ZIP) ? declaredUnpackedBytes(bytes) : null;
  if (unpacked !== null && unpacked > MAX_UNPACKED_BYTES) {
    return Promise.reject(new SalesReportError(`The workbook unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB: split it into smaller exports`));
  }
  const timeoutMs = options.timeoutMs ?? parseTimeoutMs();
  return new Promise<SheetTable>((resolve, reject) => {
    const table: unknown[][] = [];
    let settled = false;
    // The row cap applies while reading: rows past it are never parsed.
    const worker = new workerThreads.Worker(workerPath(), { workerData: { bytes, sheetRows: MAX_ROWS + 4 }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    const settle = (error: Error | null, value?: SheetTable) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // No worker outlives its read: it is gone (its memory freed) before the answer.
      void worker.terminate().finally(() => (error ? reject(error) : resolve(value!)));
    };
    const timer = setTimeout(() => settle(new SalesReportError("The file took too long to read: split it into smaller exports")), timeoutMs);
    // Rows arrive in batches, so copying them in never holds the event loop for long.
    worker.on("message", (message: WorkerMessage) => {
      if ("rows" in message) {
        for (const row of message.rows) table.push(row);
      } else if (message.ok) settle(null, { sheetName: message.sheetName, table });
      else settle(new SalesReportError("The file could not be read as an Excel workbook"));
    });
    worker.on("error", (error: Error & { code?: string }) => {
      settle(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new SalesReportError("The file is too large to read: split it into smaller exports") : error);
    });
    worker.on("exit", (code) => settle(new Error(`The workbook reader stopped (exit code ${code}) before it answered`)));
  });
}

/** Excel serial day (1900 system) → ISO date-time, rounded to the second. */
function serialToIso(serial: number): string | null {
  const ms = Math.round((serial - 25569) * 86_400) * 1000;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const UK_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** A date cell, or text in dd/MM/yyyy [HH:mm[:ss]] (GMT) or ISO form. */
export function parseSaleDate(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return serialToIso(value);
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
function transactionIdOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === "string" && value.trim()) return value.trim();
  return null;
}

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === "string" && !value.trim());

/** The most data rows one file may carry (a month of a very busy machine is a few thousand). */
export const MAX_ROWS = 200_000;

/**
 * Parses an export's bytes: read off the main thread (readSheet), then interpreted. Rejects with
 * SalesReportError, carrying the spec's messages, for a bad file.
 */
export async function parseSalesReport(bytes: Uint8Array, options: { requireMachineName?: boolean; timeoutMs?: number } = {}): Promise<ParsedSalesReport> {
  const { table } = await readSheet(bytes, { timeoutMs: options.timeoutMs });
  return interpretSalesTable(table, options);
}

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
    const costPence = parsePence(cell("costPrice"));
    const machinePricePence = parsePence(cell("machinePrice"));
    const settlementPence = parsePence(cell("settlementValue"));
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
    const machineName = cell("machineName");
    rows.push({
      rowNumber: r + 1,
      transactionId,
      machineName: isBlank(machineName) ? null : String(machineName).trim(),
      productName: String(cell("productName") ?? "").trim() || "Unknown product",
      costPence,
      machinePricePence,
      settlementPence,
      saleDate: parseSaleDate(cell("authorizationDate")),
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

/** Units and top products count sales only; refunds net off revenue; COGS is the cost of sales. */
export function summariseSales(rows: readonly Pick<SaleRow, "kind" | "settlementPence" | "costPence" | "productName">[]): SalesSummary {
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
    units++;
    cogsPence += row.costPence;
    counts.set(row.productName, (counts.get(row.productName) ?? 0) + 1);
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
  const totals = summariseSales(rows);
  const costOk = costPence === null || costPence === rows.reduce((s, r) => s + r.costPence, 0);
  const settlementOk = settlementPence === null || settlementPence === totals.revenuePence;
  return costOk && settlementOk;
}

export function monthOfSale(row: Pick<SaleRow, "saleDate">): string | null {
  return row.saleDate ? row.saleDate.slice(0, 7) : null;
}

/**
 * The export cut down to the rows whose transaction (with its kind) is in `keep`, as .xlsx: the
 * title, the headers and those rows as the file had them. What a partner may download of a file
 * that also names other sites.
 */
export async function exportWithRows(bytes: Uint8Array, keep: ReadonlySet<string>): Promise<Uint8Array> {
  const { sheetName, table } = await readSheet(bytes);
  const headers = (table[1] ?? []).map(normaliseHeader);
  const idColumn = headers.indexOf(normaliseHeader(HEADERS.transactionId));
  const settlementColumn = headers.indexOf(normaliseHeader(HEADERS.settlementValue));
  const rows = table.slice(2).filter((cells) => {
    const id = transactionIdOf(cells[idColumn]);
    const settlement = parsePence(cells[settlementColumn]);
    return id !== null && settlement !== null && keep.has(`${settlement < 0 ? "refund" : "sale"}:${id}`);
  });
  const out = XLSX.utils.aoa_to_sheet([table[0] ?? [], table[1] ?? [], ...rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, out, sheetName || "Transactions");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }));
}
