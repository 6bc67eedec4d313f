// Reads a workbook (or a CSV export: csv-table.js) off the main thread for readSheet in domain/imports/telemetry-export-reader.ts (plain JavaScript,
// so the same file runs under vitest, tsx, the built server and Deno). It starts before there is a
// file to read (the reader keeps one ready, with SheetJS loaded), reads the one file it is sent
// (readCheckedWorkbook: SheetJS stopping at `sheetRows`, its zip counted by the reader already) and
// answers its first sheet as plain arrays of cell values, in batches so the main thread copies them in
// small steps. The caller bounds its time and heap.
import { parentPort } from "node:worker_threads";
import { readCheckedWorkbook } from "./sheet-table.js";
import { readCsvTable } from "./csv-table.js";

const BATCH = 5_000;
parentPort.once("message", async ({ bytes, csv, limits }) => {
  const result = csv ? readCsvTable(bytes, csv) : await readCheckedWorkbook(bytes, limits);
  if (!result.ok) {
    parentPort.postMessage({ done: true, ok: false, error: result.error, reason: result.reason });
    return;
  }
  for (let at = 0; at < result.table.length; at += BATCH)
    parentPort.postMessage({ rows: result.table.slice(at, at + BATCH) });
  parentPort.postMessage({
    done: true,
    ok: true,
    sheetName: result.sheetName ?? "",
    date1904: Boolean(result.date1904),
    lines: result.lines,
  });
});
