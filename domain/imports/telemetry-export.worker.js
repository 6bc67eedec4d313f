// Reads a workbook off the main thread for readSheet in domain/imports/telemetry-export-reader.ts (plain JavaScript,
// so the same file runs under vitest, tsx, the built server and Deno): SheetJS stops at
// `sheetRows`, and the first sheet goes back as plain arrays of cell values, in batches so the
// main thread copies them in small steps. The caller bounds its time and heap.
import { parentPort, workerData } from "node:worker_threads";
import * as XLSX from "xlsx";

const BATCH = 5_000;
const { bytes, sheetRows } = workerData;
let sheetName;
let table;
try {
  const workbook = XLSX.read(bytes, {
    type: "array",
    sheetRows,
    dense: true,
    cellText: false,
    cellHTML: false,
    cellNF: false,
    cellStyles: false,
    cellFormula: false,
    cellDates: false,
  });
  sheetName = workbook.SheetNames[0] ?? "";
  const sheet = workbook.Sheets[sheetName];
  table = sheet ? XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: null, blankrows: false }) : [];
} catch {
  table = null;
}
if (table) {
  for (let at = 0; at < table.length; at += BATCH) parentPort.postMessage({ rows: table.slice(at, at + BATCH) });
  parentPort.postMessage({ done: true, ok: true, sheetName });
} else parentPort.postMessage({ done: true, ok: false });
