/**
 * The reading workers of telemetry-export-reader.ts: one worker thread (telemetry-export.worker.js,
 * SheetJS loaded) per file, a spare started ahead of the next read, each read bounded by its time and
 * heap and gone, with its memory, before the answer.
 */
// Default imports of Node's modules: the client build resolves this module too (and drops it).
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import workerThreads from "node:worker_threads";
import type { CsvLimits } from "./csv-table.js";
import { refusalMessage, sheetRowsOf, type ReadLimits, type ReadRefusal } from "./read-limits.ts";
import { SalesReportError } from "./telemetry-export.ts";

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
  | { done: true; ok: false; error?: string; reason?: ReadRefusal };

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

/**
 * Reads one file in a worker: a CSV export (`csv`) or a workbook under `limits`, its zip checked
 * already (telemetry-export-reader.ts). A worker still
 * reading after `limits.timeoutMs` (or past its heap) is terminated and the file refused with a
 * SalesReportError.
 */
export function readInWorker(bytes: Uint8Array, csv: CsvLimits | null, limits: ReadLimits): Promise<SheetTable> {
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
    const refuse = (reason: ReadRefusal) => new SalesReportError(refusalMessage(reason, limits));
    const timer = setTimeout(() => settle(refuse("timeout")), limits.timeoutMs);
    // Rows arrive in batches, so copying them in never holds the event loop for long.
    worker.on("message", (message: WorkerMessage) => {
      if ("rows" in message) {
        for (const row of message.rows) table.push(row);
      } else if (message.ok)
        settle(null, { sheetName: message.sheetName, table, date1904: message.date1904, lines: message.lines });
      else settle(new SalesReportError(message.error ?? refusalMessage(message.reason ?? "unreadable", limits)));
    });
    worker.on("error", (error: Error & { code?: string }) => {
      settle(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? refuse("memory") : error);
    });
    worker.on("exit", (code) =>
      settle(new Error(`The workbook reader stopped (exit code ${code}) before it answered`)),
    );
    worker.postMessage({
      bytes,
      csv,
      limits: {
        sheetRows: sheetRowsOf(limits),
        maxUnpackedBytes: limits.maxUnpackedBytes,
        maxCells: limits.maxCells,
        zipChecked: true,
      },
    });
  });
}
