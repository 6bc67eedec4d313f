// Reads a workbook (or a CSV export: csv-table.js) off the main thread for readSheet in domain/imports/telemetry-export-reader.ts (plain JavaScript,
// so the same file runs under vitest, tsx, the built server and Deno). It starts before there is a
// file to read (the reader keeps one ready, with SheetJS loaded), reads the one file it is sent
// (readFirstSheet stops at `sheetRows`) and answers its first sheet as plain arrays of cell values,
// in batches so the main thread copies them in small steps. The caller bounds its time and heap.
import { parentPort } from "node:worker_threads";
import { readFirstSheet } from "./sheet-table.js";
import { readCsvTable } from "./csv-table.js";

const BATCH = 5_000;
parentPort.once("message", ({ bytes, sheetRows, csv }) => {
  if (csv) {
    const result = readCsvTable(bytes, csv);
    if (!result.ok) {
      parentPort.postMessage({ done: true, ok: false, error: result.error });
      return;
    }
    for (let at = 0; at < result.table.length; at += BATCH)
      parentPort.postMessage({ rows: result.table.slice(at, at + BATCH) });
    parentPort.postMessage({ done: true, ok: true, sheetName: "", date1904: false, lines: result.lines });
    return;
  }
  const result = readFirstSheet(bytes, sheetRows);
  if (result) {
    for (let at = 0; at < result.table.length; at += BATCH)
      parentPort.postMessage({ rows: result.table.slice(at, at + BATCH) });
    parentPort.postMessage({ done: true, ok: true, sheetName: result.sheetName, date1904: result.date1904 });
  } else parentPort.postMessage({ done: true, ok: false });
});
