/**
 * Reading telemetry exports (telemetry-export.ts interprets their rows): cheap checks first (the file's
 * kind, the unpacked size its zip declares), then SheetJS in a worker thread
 * (telemetry-export.worker.js) with the row cap and a time budget, so a hostile or huge file is refused
 * with its message while the event loop goes on serving everyone else. The web upload, its preview,
 * the partner's download and `vendboard import` all read files here.
 */
// Default imports of Node's modules: the client build resolves this module too (and drops it).
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import workerThreads from "node:worker_threads";
import * as XLSX from "xlsx";
import { parsePence } from "../shared/money.ts";
import { readFirstSheet } from "./sheet-table.js";
import { readCsvTable } from "./csv-table.js";
import {
  HEADERS,
  interpretSalesTable,
  MAX_ROWS,
  normaliseHeader,
  SalesReportError,
  transactionIdOf,
  type InterpretOptions,
  type ParsedSalesReport,
} from "./telemetry-export.ts";

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
const WORKER_FILE = "telemetry-export.worker.js";
let workerFile: string | undefined;

/**
 * The worker script, found from this module up to the package root: this file sits beside it in
 * domain/imports/, and the built server (build/server/index.js) finds it in the package's domain/imports/.
 */
function workerPath(): string {
  if (workerFile) return workerFile;
  const start = path.dirname(url.fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, WORKER_FILE), path.join(dir, "domain", "imports", WORKER_FILE)]) {
      if (fs.existsSync(candidate)) return (workerFile = candidate);
    }
    if (path.dirname(dir) === dir) break;
  }
  // A build kept elsewhere (VENDBOARD_BUILD_DIR) runs from the package root.
  const fromCwd = path.join(process.cwd(), "domain", "imports", WORKER_FILE);
  if (fs.existsSync(fromCwd)) return (workerFile = fromCwd);
  throw new Error(`${WORKER_FILE} not found in domain/ above ${start} or in ${process.cwd()}`);
}

export interface SheetTable {
  sheetName: string;
  /** The first sheet's rows as plain cell values (numbers, text, booleans, null). */
  table: unknown[][];
  /** The workbook counts date serials from 1904. */
  date1904: boolean;
  /** A CSV export's lines as written (decoded), one per row of `table`, when asked for (`raw`). */
  lines?: string[];
}

type WorkerMessage =
  | { rows: unknown[][] }
  | { done: true; ok: true; sheetName: string; date1904: boolean; lines?: string[] }
  | { done: true; ok: false; error?: string };

/** A file is read as CSV by its name only (`.csv`), never by sniffing its bytes (ARCHITECTURE.md section 13). */
export const isCsvName = (name: string | undefined) => Boolean(name && /\.csv$/i.test(name.trim()));

/** The file names an upload takes: the spreadsheets the spec names, and CSV exports. */
export const EXPORT_NAME = /\.(xlsx|xls|csv)$/i;

/** The longest line a CSV export may have, and the most fields on one line: a telemetry export's rows are a few hundred characters. */
export const CSV_MAX_LINE_CHARS = 64 * 1024;
export const CSV_MAX_FIELDS = 512;

export interface ReadOptions {
  timeoutMs?: number;
  /** The file's name: `.csv` is read as a CSV export, any other as a workbook. */
  fileName?: string;
  /** A CSV export's original lines too (SheetTable.lines), for a filtered copy. */
  rawLines?: boolean;
  /**
   * Read on this thread: for a process that has nothing else to serve while it reads (`vendboard
   * import` of one file), where a worker would only add its start and a copy of every row. The
   * file checks and the row cap still apply; the time budget does not (nothing could interrupt it).
   */
  onThisThread?: boolean;
}

/** Rows past the cap are never parsed: SheetJS stops one row past it. */
const SHEET_ROWS = MAX_ROWS + 4;
let spare: workerThreads.Worker | undefined;

const failedSpares = new WeakSet<workerThreads.Worker>();

function startWorker(): workerThreads.Worker {
  const worker = new workerThreads.Worker(workerPath(), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  // A spare worker waiting for a file never keeps the process alive, and one that fails before it is used is replaced.
  worker.unref();
  worker.once("error", () => failedSpares.add(worker));
  return worker;
}

/**
 * Starts a reading worker (with SheetJS loaded) ahead of the next read, so that read does not wait for
 * it: the server does this at start, `vendboard import` before it opens its files. Each worker reads one
 * file and is gone, with its memory; the next spare is started as a read begins.
 */
export function prewarmReader(): void {
  spare ??= startWorker();
}

function takeWorker(): workerThreads.Worker {
  const worker = spare && spare.threadId !== -1 && !failedSpares.has(spare) ? spare : startWorker();
  spare = undefined;
  return worker;
}

/** The cheap checks before any reading: the file's kind and the unpacked size its zip declares (or a CSV's size). */
function checkWorkbook(bytes: Uint8Array, csv: boolean): void {
  if (csv) {
    if (bytes.length > MAX_UNPACKED_BYTES)
      throw new SalesReportError(
        `The file is larger than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB: split it into smaller exports`,
      );
    // Read as CSV by its name, whatever it holds; a workbook under a .csv name is told so rather than read as text.
    if (startsWith(bytes, ZIP) || startsWith(bytes, OLE))
      throw new SalesReportError("The file is an Excel workbook named .csv: upload it as .xlsx or .xls");
    return;
  }
  if (!startsWith(bytes, ZIP) && !startsWith(bytes, OLE))
    throw new SalesReportError("The file is not an Excel workbook (.xlsx or .xls)");
  const unpacked = startsWith(bytes, ZIP) ? declaredUnpackedBytes(bytes) : null;
  if (unpacked !== null && unpacked > MAX_UNPACKED_BYTES) {
    throw new SalesReportError(
      `The workbook unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB: split it into smaller exports`,
    );
  }
}

/**
 * Reads a workbook's first sheet. Cheap checks first (the file's kind, the unpacked size its zip
 * declares); then SheetJS reads it in a worker with the row cap, so the event loop keeps serving
 * other requests. A worker still reading after `timeoutMs` (or past its heap) is terminated and
 * the file refused with a SalesReportError.
 */
export function readSheet(bytes: Uint8Array, options: ReadOptions = {}): Promise<SheetTable> {
  const csv = isCsvName(options.fileName)
    ? { maxRows: MAX_ROWS, maxLineChars: CSV_MAX_LINE_CHARS, maxFields: CSV_MAX_FIELDS, raw: Boolean(options.rawLines) }
    : null;
  try {
    checkWorkbook(bytes, Boolean(csv));
  } catch (error) {
    return Promise.reject(error as Error);
  }
  if (options.onThisThread) {
    if (csv) {
      const read = readCsvTable(bytes, csv);
      return read.ok
        ? Promise.resolve({ sheetName: "", table: read.table, date1904: false, lines: read.lines })
        : Promise.reject(new SalesReportError(read.error));
    }
    const result = readFirstSheet(bytes, SHEET_ROWS);
    return result
      ? Promise.resolve(result)
      : Promise.reject(new SalesReportError("The file could not be read as an Excel workbook"));
  }
  const timeoutMs = options.timeoutMs ?? parseTimeoutMs();
  return new Promise<SheetTable>((resolve, reject) => {
    const table: unknown[][] = [];
    let settled = false;
    const worker = takeWorker();
    worker.ref();
    // The next read finds its worker started.
    prewarmReader();
    const settle = (error: Error | null, value?: SheetTable) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // No worker outlives its read: it is gone (its memory freed) before the answer.
      void worker.terminate().finally(() => (error ? reject(error) : resolve(value!)));
    };
    const timer = setTimeout(
      () => settle(new SalesReportError("The file took too long to read: split it into smaller exports")),
      timeoutMs,
    );
    // Rows arrive in batches, so copying them in never holds the event loop for long.
    worker.on("message", (message: WorkerMessage) => {
      if ("rows" in message) {
        for (const row of message.rows) table.push(row);
      } else if (message.ok)
        settle(null, { sheetName: message.sheetName, table, date1904: message.date1904, lines: message.lines });
      else settle(new SalesReportError(message.error ?? "The file could not be read as an Excel workbook"));
    });
    worker.on("error", (error: Error & { code?: string }) => {
      settle(
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new SalesReportError("The file is too large to read: split it into smaller exports")
          : error,
      );
    });
    worker.on("exit", (code) =>
      settle(new Error(`The workbook reader stopped (exit code ${code}) before it answered`)),
    );
    worker.postMessage({ bytes, sheetRows: SHEET_ROWS, csv });
  });
}

/**
 * Parses an export's bytes: read off the main thread (readSheet), then interpreted. Rejects with
 * SalesReportError, carrying the spec's messages, for a bad file.
 */
export async function parseSalesReport(
  bytes: Uint8Array,
  options: ReadOptions & InterpretOptions = {},
): Promise<ParsedSalesReport> {
  const { table, date1904 } = await readSheet(bytes, options);
  return interpretSalesTable(table, { ...options, date1904 });
}

/**
 * The export cut down to the rows whose transaction (with its kind) is in `keep`: the title, the
 * headers and those rows as the file had them. What a partner may download of a file that also
 * names other sites: a workbook as .xlsx; a CSV export as CSV (UTF-8) of its original lines.
 */
export async function exportWithRows(
  bytes: Uint8Array,
  keep: ReadonlySet<string>,
  fileName?: string,
): Promise<Uint8Array> {
  const { sheetName, table, lines } = await readSheet(bytes, { fileName, rawLines: true });
  const headers = (table[1] ?? []).map(normaliseHeader);
  const idColumn = headers.indexOf(normaliseHeader(HEADERS.transactionId));
  const settlementColumn = headers.indexOf(normaliseHeader(HEADERS.settlementValue));
  const kept = (cells: unknown[]) => {
    const id = transactionIdOf(cells[idColumn]);
    const settlement = parsePence(cells[settlementColumn]);
    return id !== null && settlement !== null && keep.has(`${settlement < 0 ? "refund" : "sale"}:${id}`);
  };
  if (lines) {
    const out = lines.filter((_, i) => i < 2 || kept(table[i]));
    return new TextEncoder().encode(`\uFEFF${out.join("\r\n")}\r\n`);
  }
  const rows = table.slice(2).filter(kept);
  const out = XLSX.utils.aoa_to_sheet([table[0] ?? [], table[1] ?? [], ...rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, out, sheetName || "Transactions");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }));
}
