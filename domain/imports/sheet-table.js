// A workbook's first sheet as plain rows of cell values, read by SheetJS with the fast options of
// ARCHITECTURE.md section 2 (dense, no text, HTML, number formats, styles or formulas). Plain
// JavaScript, so the worker (telemetry-export.worker.js) runs it under vitest, tsx, the built
// server and Deno alike; telemetry-export-reader.ts runs it on its own thread for one-file imports.
import * as XLSX from "xlsx";

/**
 * @param {Uint8Array} bytes
 * @param {number} sheetRows SheetJS stops reading after this many rows.
 * @returns {{ sheetName: string, table: unknown[][], date1904: boolean } | null} null when SheetJS cannot read the file.
 */
export function readFirstSheet(bytes, sheetRows) {
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
