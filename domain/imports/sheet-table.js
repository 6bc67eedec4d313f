// A workbook's first sheet as plain rows of cell values, read by SheetJS with the fast options of
// ARCHITECTURE.md section 2 (dense, no text, HTML, number formats, styles or formulas). Plain
// JavaScript, so the worker (telemetry-export.worker.js) runs it under vitest, tsx, the built
// server and Deno alike; telemetry-export-reader.ts runs it on its own thread for one-file imports.
import * as XLSX from "xlsx";
import { checkZip } from "./zip-check.js";

// SheetJS opens a zip through XLSX.CFB.read. Bytes whose entries the zip check has inflated already
// (a read on this thread: zip-check.js `keep`) are handed over as those entries instead, so the
// workbook is inflated once, not twice; any other bytes are read as ever.
/** @type {WeakMap<Uint8Array, [string, Uint8Array][]>} */
const inflated = new WeakMap();
const cfbRead = XLSX.CFB.read;
XLSX.CFB.read = function (/** @type {any} */ blob, /** @type {any} */ options) {
  const entries = inflated.get(blob);
  if (!entries) return cfbRead.call(this, blob, options);
  // The container SheetJS's own zip reader builds: the entries in the directory's order.
  const container = XLSX.CFB.utils.cfb_new();
  for (const [name, content] of entries) XLSX.CFB.utils.cfb_add(container, name, content, { unsafe: true });
  return container;
};

/**
 * A workbook's first sheet, read only once its zip has been checked by what it really unpacks to
 * (zip-check.js: every entry counted as it inflates, its rows and cells too): what the reading worker
 * and a read on this thread both do. Never throws.
 * @param {Uint8Array} bytes
 * @param {{ sheetRows: number, maxUnpackedBytes: number, maxCells: number, zipChecked?: boolean, entries?: [string, Uint8Array][] }} limits
 *   `zipChecked`: the caller has checked the zip already (the reader does, before it starts a worker);
 *   `entries`: what that check inflated, read instead of inflating the zip again.
 * @returns {Promise<{ ok: true, sheetName: string, table: unknown[][], date1904: boolean } | { ok: false, reason: "unreadable" | "lies" | "unpacked" | "rows" | "cells" }>}
 */
export async function readCheckedWorkbook(bytes, limits) {
  if (!limits.zipChecked && bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const zip = await checkZip(bytes, { ...limits, maxRows: limits.sheetRows });
    if (!zip.ok) return zip;
  }
  if (limits.entries) inflated.set(bytes, limits.entries);
  let result;
  try {
    result = readFirstSheet(bytes, limits.sheetRows, limits.maxCells);
  } finally {
    inflated.delete(bytes);
  }
  if (!result) return { ok: false, reason: "unreadable" };
  if ("tooManyCells" in result) return { ok: false, reason: "cells" };
  return { ok: true, ...result };
}

/**
 * @param {Uint8Array} bytes
 * @param {number} sheetRows SheetJS stops reading after this many rows.
 * @param {number} [maxCells] the most rows × columns the table may have (an .xls is not counted before).
 * @returns {{ sheetName: string, table: unknown[][], date1904: boolean } | { tooManyCells: true } | null} null when SheetJS cannot read the file.
 */
export function readFirstSheet(bytes, sheetRows, maxCells = Number.POSITIVE_INFINITY) {
  let workbook;
  try {
    workbook = XLSX.read(bytes, {
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
  } catch {
    return null;
  }
  const sheetName = workbook.SheetNames[0] ?? "";
  const sheet = workbook.Sheets[sheetName];
  // Mac Excel's old workbooks count date serials from 1904.
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  if (!sheet) return { sheetName, table: [], date1904 };
  // A dense sheet keeps its cells as rows of {t, v}: the table is their values over the sheet's range,
  // as sheet_to_json({ header: 1, raw: true, defval: null, blankrows: false }) answers, without its cost.
  const table = [];
  if (!sheet["!ref"]) return { sheetName, table, date1904 };
  const range = XLSX.utils.decode_range(sheet["!ref"]);
  const data = sheet["!data"] ?? [];
  // The table is as wide as the sheet's range: one far cell must not make every row that wide.
  let filledRows = 0;
  for (let r = range.s.r; r <= range.e.r; r++) if (data[r]) filledRows++;
  if (filledRows * (range.e.c - range.s.c + 1) > maxCells) return { tooManyCells: true };
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row = data[r];
    if (!row) continue;
    const values = new Array(range.e.c - range.s.c + 1).fill(null);
    let filled = false;
    for (let c = range.s.c; c <= range.e.c; c++) {
      const cell = row[c];
      if (!cell || cell.t === "z" || cell.t === "e" || cell.v === undefined || cell.v === null) continue;
      values[c - range.s.c] = cell.v;
      filled = true;
    }
    if (filled) table.push(values);
  }
  return { sheetName, table, date1904 };
}
