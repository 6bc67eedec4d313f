/**
 * Reading telemetry exports (telemetry-export.ts interprets their rows): cheap checks first (the file's
 * kind, the unpacked size its zip declares), then one large file at a time (parse-gate.ts), its zip
 * counted as it inflates (zip-check.js: zlib on libuv's threads, so a lying file is refused before any
 * worker starts), then read in a worker thread (reader-worker.ts, telemetry-export.worker.js) by SheetJS
 * with the row and cell caps within a time budget (read-limits.ts): a hostile or huge file is refused
 * with its message while the event loop goes on serving everyone else. The web upload, its preview, the partner's download and `vendboard import` all
 * read files here.
 */
import * as XLSX from "xlsx";
import { parsePence } from "../shared/money.ts";
import { readCheckedWorkbook } from "./sheet-table.js";
import { checkZip } from "./zip-check.js";
import { readCsvTable } from "./csv-table.js";
import { enterParseGate, queueWaitMs } from "./parse-gate.ts";
import { readLimits, refusalMessage, sheetRowsOf, type ReadLimits } from "./read-limits.ts";
import { readInWorker, type SheetTable } from "./reader-worker.ts";
import { readExport, type ProfileOptions } from "./profile-table.ts";
import type { ImportProfile } from "./import-profile.ts";
import {
  HEADERS,
  normaliseHeader,
  SalesReportError,
  transactionIdOf,
  type InterpretOptions,
  type ParsedSalesReport,
} from "./telemetry-export.ts";

export { MAX_UNPACKED_BYTES, parseTimeoutMs } from "./read-limits.ts";
export { prewarmReader, type SheetTable } from "./reader-worker.ts";

const ZIP = [0x50, 0x4b];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * The total unpacked size an .xlsx (a zip) declares in its central directory, read before anything
 * is inflated: a small file that says it unpacks to gigabytes is refused up front. What it declares
 * is only a first check (zip-check.js counts what it really unpacks to). Null when the directory
 * cannot be read.
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

/** A file is read as CSV by its name only (`.csv`), never by sniffing its bytes (ARCHITECTURE.md section 13). */
export const isCsvName = (name: string | undefined) => Boolean(name && /\.csv$/i.test(name.trim()));

/** The file names an upload takes: the spreadsheets the spec names, and CSV exports. */
export const EXPORT_NAME = /\.(xlsx|xls|csv)$/i;

/** The longest line a CSV export may have, and the most fields on one line: a telemetry export's rows are a few hundred characters. */
export const CSV_MAX_LINE_CHARS = 64 * 1024;
export const CSV_MAX_FIELDS = 512;

export interface ReadOptions {
  /** The file's name: `.csv` is read as a CSV export, any other as a workbook. */
  fileName?: string;
  /** A CSV export's original lines too (SheetTable.lines), for a filtered copy. */
  rawLines?: boolean;
  /** Limits other than the defaults (read-limits.ts): `vendboard import`'s flags for a trusted file. */
  limits?: Partial<ReadLimits>;
  /** How long a large file waits for the one being read (parse-gate.ts): PARSE_QUEUE_WAIT_MS, else 10 s. */
  queueWaitMs?: number;
  /**
   * Read on this thread, without a worker: for a process with nothing else to serve (the scale
   * benchmark). The checks and caps still apply; the time budget does not (nothing could interrupt it).
   */
  onThisThread?: boolean;
}

/** The cheap checks before any reading: the file's kind and the unpacked size its zip declares (or a CSV's size). */
function checkWorkbook(bytes: Uint8Array, csv: boolean, limits: ReadLimits): void {
  if (csv) {
    if (bytes.length > limits.maxUnpackedBytes)
      throw new SalesReportError(
        `The file is larger than ${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} MB: split it into smaller exports`,
      );
    // Read as CSV by its name, whatever it holds; a workbook under a .csv name is told so rather than read as text.
    if (startsWith(bytes, ZIP) || startsWith(bytes, OLE))
      throw new SalesReportError("The file is an Excel workbook named .csv: upload it as .xlsx or .xls");
    return;
  }
  if (!startsWith(bytes, ZIP) && !startsWith(bytes, OLE))
    throw new SalesReportError("The file is not an Excel workbook (.xlsx or .xls)");
  const unpacked = startsWith(bytes, ZIP) ? declaredUnpackedBytes(bytes) : null;
  if (unpacked !== null && unpacked > limits.maxUnpackedBytes)
    throw new SalesReportError(refusalMessage("unpacked", limits));
}

/** Reads a file on this thread (onThisThread). */
async function readHere(
  bytes: Uint8Array,
  csv: Parameters<typeof readCsvTable>[1] | null,
  limits: ReadLimits,
  entries?: [string, Uint8Array][],
): Promise<SheetTable> {
  if (csv) {
    const read = readCsvTable(bytes, csv);
    if (!read.ok) throw new SalesReportError(read.error);
    return { sheetName: "", table: read.table, date1904: false, lines: read.lines };
  }
  const read = await readCheckedWorkbook(bytes, {
    ...limits,
    sheetRows: sheetRowsOf(limits),
    zipChecked: true,
    entries,
  });
  if (!read.ok) throw new SalesReportError(refusalMessage(read.reason, limits));
  return { sheetName: read.sheetName, table: read.table, date1904: read.date1904 };
}

/**
 * Reads a workbook's first sheet (or a CSV export's rows). Cheap checks first (the file's kind, the
 * unpacked size its zip declares); then, once the parse gate lets a large file through (else 503
 * ReaderBusyError), what its zip really unpacks to is counted (zip-check.js) and a worker reads it
 * with the row and cell caps, so the event loop keeps serving other requests. A worker still reading after the time budget
 * (or past its heap) is terminated and the file refused with a SalesReportError.
 */
export async function readSheet(bytes: Uint8Array, options: ReadOptions = {}): Promise<SheetTable> {
  const limits = readLimits(options.limits);
  const csv = isCsvName(options.fileName)
    ? {
        maxRows: limits.maxRows,
        maxLineChars: CSV_MAX_LINE_CHARS,
        maxFields: CSV_MAX_FIELDS,
        raw: Boolean(options.rawLines),
      }
    : null;
  checkWorkbook(bytes, Boolean(csv), limits);
  const leave = await enterParseGate(bytes.length, options.queueWaitMs ?? queueWaitMs());
  try {
    // What the zip really unpacks to, counted here before any worker starts: zlib inflates on libuv's
    // threads and this thread only counts 64 KB chunks, so a lying file is refused at its first chunk
    // past what it declares, at the cost of a few milliseconds.
    // Read on this thread (the CLI), the entries it inflates are kept and read: the file is inflated once.
    let entries: [string, Uint8Array][] | undefined;
    if (!csv && startsWith(bytes, ZIP)) {
      const zip = await checkZip(bytes, { ...limits, maxRows: sheetRowsOf(limits) }, { keep: options.onThisThread });
      if (!zip.ok) throw new SalesReportError(refusalMessage(zip.reason, limits));
      entries = zip.entries;
    }
    return options.onThisThread ? await readHere(bytes, csv, limits, entries) : await readInWorker(bytes, csv, limits);
  } finally {
    leave();
  }
}

/**
 * Parses an export's bytes: read off the main thread (readSheet), then interpreted (with an import
 * profile where one is named or the file's headers are a saved profile's). Rejects with
 * SalesReportError, carrying the spec's messages, for a bad file.
 */
export async function parseSalesReport(
  bytes: Uint8Array,
  options: ReadOptions & InterpretOptions & ProfileOptions = {},
): Promise<ParsedSalesReport> {
  const { table, date1904 } = await readSheet(bytes, options);
  // The spec's layout, or an import profile's (profile-table.ts): the same report either way.
  return readExport(table, options, { ...options, date1904, maxRows: options.limits?.maxRows });
}

/**
 * The export cut down to the rows whose transaction (with its kind) is in `keep`: the title, the
 * headers and those rows as the file had them (on the profile's header row for a file read through one). What a partner may download of a file that also
 * names other sites: a workbook as .xlsx; a CSV export as CSV (UTF-8) of its original lines.
 */
export async function exportWithRows(
  bytes: Uint8Array,
  keep: ReadonlySet<string>,
  fileName?: string,
  profile?: Pick<ImportProfile, "headerRow" | "columns">,
): Promise<Uint8Array> {
  const { sheetName, table, lines } = await readSheet(bytes, { fileName, rawLines: true });
  // A file read through an import profile (its receipt's copy) has its headers on the profile's row.
  const headerIndex = profile ? profile.headerRow - 1 : 1;
  const headers = (table[headerIndex] ?? []).map(normaliseHeader);
  const idColumn = headers.indexOf(normaliseHeader(profile?.columns.transactionId ?? HEADERS.transactionId));
  const settlementColumn = headers.indexOf(
    normaliseHeader(profile?.columns.settlementValue ?? HEADERS.settlementValue),
  );
  const kept = (cells: unknown[]) => {
    const id = transactionIdOf(cells[idColumn]);
    if (id === null) return false;
    // A profile's row may stand for a sale and its refund: the row is the record's if either is.
    if (profile) return keep.has(`sale:${id}`) || keep.has(`refund:${id}`);
    const settlement = parsePence(cells[settlementColumn]);
    return settlement !== null && keep.has(`${settlement < 0 ? "refund" : "sale"}:${id}`);
  };
  if (lines) {
    const out = lines.filter((_, i) => i <= headerIndex || kept(table[i]));
    return new TextEncoder().encode(`\uFEFF${out.join("\r\n")}\r\n`);
  }
  const rows = table.slice(headerIndex + 1).filter(kept);
  const out = XLSX.utils.aoa_to_sheet([...table.slice(0, headerIndex + 1), ...rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, out, sheetName || "Transactions");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }));
}
