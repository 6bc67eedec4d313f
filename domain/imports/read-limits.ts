/**
 * The bounds on reading one export (ARCHITECTURE.md; docs/operations.md, Limits): what it may unpack to, its rows,
 * its cells and its time, with the sentence for each refusal. The web always uses the defaults; `vendboard import`
 * may raise them for a trusted file (--max-unpacked-mb, --max-rows, --parse-timeout). Pure.
 */
import { formatUnits } from "../shared/format.ts";
import { MAX_ROWS } from "./telemetry-export.ts";

/** The most a workbook may unpack to: a 200,000-row export is about 60 MB of sheet XML. */
export const MAX_UNPACKED_BYTES = 150 * 1024 * 1024;
/** The most cells of a first sheet (its rows times its columns): 200,000 rows of 50 columns. */
export const MAX_CELLS = 10_000_000;
/** The time to read one file when PARSE_TIMEOUT_MS does not say. */
export const DEFAULT_PARSE_TIMEOUT_MS = 20_000;

export interface ReadLimits {
  /** Bytes a workbook may unpack to, every entry counted as it inflates (or a CSV file's size). */
  maxUnpackedBytes: number;
  /** Data rows (the title, the headers and a footer aside). */
  maxRows: number;
  /** The first sheet's rows × columns, and `<c>` elements in any sheet. */
  maxCells: number;
  /** Milliseconds a read may take before it is given up. */
  timeoutMs: number;
}

/** How long reading one workbook may take before it is given up: PARSE_TIMEOUT_MS, else 20 s. */
export function parseTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.PARSE_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_PARSE_TIMEOUT_MS;
}

/** The limits: the defaults (the time from PARSE_TIMEOUT_MS), each given one replacing its default. */
export function readLimits(given: Partial<ReadLimits> = {}, env?: Record<string, string | undefined>): ReadLimits {
  const maxRows = given.maxRows ?? MAX_ROWS;
  return {
    maxUnpackedBytes: given.maxUnpackedBytes ?? MAX_UNPACKED_BYTES,
    maxRows,
    // Raising the rows raises the cells with them: 50 columns a row.
    maxCells: given.maxCells ?? Math.max(MAX_CELLS, maxRows * 50),
    timeoutMs: given.timeoutMs ?? parseTimeoutMs(env),
  };
}

/** Rows a sheet may hold before its data rows are certainly over the cap: the title, headers, footer and one more. */
export const sheetRowsOf = (limits: ReadLimits) => limits.maxRows + 4;

export type ReadRefusal = "unreadable" | "lies" | "unpacked" | "rows" | "cells" | "timeout" | "memory";

const count = formatUnits;
const megabytes = (bytes: number) => String(Math.round((bytes / 1024 / 1024) * 10) / 10);

/** The one sentence a refused file gets. */
export function refusalMessage(reason: ReadRefusal, limits: ReadLimits): string {
  switch (reason) {
    case "unreadable":
      return "The file could not be read as an Excel workbook";
    case "lies":
      return "The workbook unpacks to more than its zip declares: it is damaged or not a real export, and was not read";
    case "unpacked":
      return `The workbook unpacks to more than ${megabytes(limits.maxUnpackedBytes)} MB: split it into smaller exports`;
    case "rows":
      return `The file has more than ${count(limits.maxRows)} rows: split it into smaller exports`;
    case "cells":
      return `The file's first sheet has more than ${count(limits.maxCells)} cells: split it into smaller exports`;
    case "timeout":
      return "The file took too long to read: split it into smaller exports";
    case "memory":
      return "The file is too large to read: split it into smaller exports";
  }
}
