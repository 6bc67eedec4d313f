// A CSV telemetry export as plain rows of cell text, the same `table` sheet-table.js gives for a
// workbook: blank rows dropped, row 1 the title, row 2 the headers, data from row 3. Plain JavaScript,
// so the worker runs it under vitest, tsx, the built server and Deno alike.
//
// How a file is read:
// 1. Bytes → text: UTF-8 (its BOM dropped), else Windows-1252, Excel's default (£ is 0xA3). The
//    Windows-1252 table is our own: Node 20's TextDecoder("windows-1252") decodes 0x80-0x9F as
//    ISO-8859-1 (0x80 → U+0080 instead of €), Deno's does not.
// 2. One pass over the text (scanRecords) finds the records (RFC 4180: line breaks, separators and
//    doubled quotes inside quotes are text), decides the separator from the header line (the second
//    non-blank one: the title may hold commas) and enforces the bounds before anything is parsed: a
//    record longer than maxLineChars or with more than maxFields fields is refused, and the pass stops
//    after maxRows + 4 non-blank records. Blank records (only spaces and separators) are dropped here.
// 3. csv-parse splits the records kept into fields. They go to it grouped by their number of fields,
//    one string per group: csv-parse takes the first record's length as the expected one and builds a
//    CsvError (stack trace, JSON copies) for every record of another length even with
//    relax_column_count, which made a title line above 200,000 data rows cost seconds.
// 4. In a semicolon file the amounts decide once whether the comma is the decimal separator; if so
//    they are rewritten with a decimal point (£1.234,56 → £1234.56), which parsePence reads.
import { parse } from "csv-parse/sync";
import { settleDecimalComma } from "./csv-amounts.js";
import { COMMA, READ_FAILED, scanRecords } from "./csv-records.js";
import { decode } from "./csv-text.js";

/**
 * @typedef {{ maxRows: number, maxLineChars: number, maxFields: number, raw?: boolean }} CsvLimits
 * @typedef {{ ok: true, table: (string|null)[][], decimalComma: boolean, separator: "," | ";", encoding: "utf-8" | "windows-1252", lines?: string[] }} CsvTable
 * @typedef {{ ok: false, error: string }} CsvFailure
 * @typedef {{ start: number, end: number, line: number, lines: number, fields: number }} CsvRecord
 *   A record of the text: [start, end) without its line ending, the line it starts on, how many
 *   lines it spans (quoted line breaks), its number of fields.
 */

/**
 * csv-parse's reason, its line number turned into the file's: csv-parse counts lines in the string it
 * was given (and a quoted CRLF as two), so the record is found by its index, err.records.
 * @param {unknown} error
 * @param {CsvRecord[]} group the records of that string, in order
 * @returns {{ line: number, reason: string }}
 */
function parseFailure(error, group) {
  const message = error instanceof Error ? error.message : String(error);
  const info = /** @type {{ lines?: unknown, records?: unknown }} */ (error && typeof error === "object" ? error : {});
  const record = typeof info.records === "number" ? group[info.records] : undefined;
  if (!record) return { line: group[0]?.line ?? 1, reason: message };
  const place = record.lines > 1 ? `lines ${record.line}-${record.line + record.lines - 1}` : `line ${record.line}`;
  const reason =
    typeof info.lines === "number" ? message.replace(new RegExp(`\\bline ${info.lines}\\b`, "g"), place) : message;
  return { line: record.line, reason: reason.length > 300 ? `${reason.slice(0, 300)}…` : reason };
}

/**
 * The records' fields, csv-parse splitting and unquoting them, an empty field null.
 * @param {string} text
 * @param {CsvRecord[]} records
 * @param {44 | 59} separator
 * @param {CsvLimits} limits
 * @returns {{ ok: true, rows: (string|null)[][] } | CsvFailure}
 */
function parseRecords(text, records, separator, limits) {
  /** @type {Map<number, CsvRecord[]>} */
  const groups = new Map();
  /** @type {Map<number, number[]>} */
  const indexes = new Map();
  for (let r = 0; r < records.length; r++) {
    const record = records[r];
    let group = groups.get(record.fields);
    let index = indexes.get(record.fields);
    if (!group || !index) {
      groups.set(record.fields, (group = []));
      indexes.set(record.fields, (index = []));
    }
    group.push(record);
    index.push(r);
  }
  /** @type {(string|null)[][]} */
  const rows = new Array(records.length);
  /** @type {{ line: number, reason: string } | null} */
  let failure = null;
  for (const [fields, group] of groups) {
    const index = /** @type {number[]} */ (indexes.get(fields));
    /** @type {string[]} */
    const parts = new Array(group.length);
    for (let k = 0; k < group.length; k++) parts[k] = text.slice(group[k].start, group[k].end);
    /** @type {string[][]} */
    let parsed;
    try {
      parsed = parse(parts.join("\n"), {
        delimiter: separator === COMMA ? "," : ";",
        record_delimiter: "\n",
        quote: '"',
        escape: '"',
        relax_column_count: true,
        // A quote inside an unquoted field (12" Pizza) is text, as the scan took it.
        relax_quotes: true,
        // The scan has bounded every record already: a second guard on csv-parse's buffers (in bytes).
        max_record_size: limits.maxLineChars * 3 + 3,
      });
    } catch (error) {
      const found = parseFailure(error, group);
      if (!failure || found.line < failure.line) failure = found;
      continue;
    }
    if (parsed.length !== group.length) {
      const found = { line: group[0].line, reason: "its records could not be told apart" };
      if (!failure || found.line < failure.line) failure = found;
      continue;
    }
    for (let k = 0; k < parsed.length; k++) {
      const fieldsOf = /** @type {(string|null)[]} */ (parsed[k]);
      for (let f = 0; f < fieldsOf.length; f++) if (fieldsOf[f] === "") fieldsOf[f] = null;
      rows[index[k]] = fieldsOf;
    }
  }
  if (failure) return { ok: false, error: `${READ_FAILED}: ${failure.reason}` };
  return { ok: true, rows };
}

/**
 * A CSV export's rows: each field as written (null when empty), blank rows dropped; in a
 * semicolon file written with decimal commas, the amounts rewritten with a decimal point.
 * Reads at most `maxRows + 4` non-blank records (the caller refuses a longer table). Never throws.
 * @param {Uint8Array} bytes
 * @param {CsvLimits} limits `raw` adds each row's original text (decoded, without its line ending) as `lines`.
 * @returns {CsvTable | CsvFailure}
 */
export function readCsvTable(bytes, limits) {
  try {
    if (!(bytes instanceof Uint8Array)) return { ok: false, error: `${READ_FAILED}: no bytes were given` };
    const { maxRows, maxLineChars, maxFields } = limits ?? {};
    if (![maxRows, maxLineChars, maxFields].every((n) => Number.isInteger(n) && n > 0)) {
      return { ok: false, error: "readCsvTable needs maxRows, maxLineChars and maxFields as whole numbers above 0" };
    }
    const decoded = decode(bytes);
    if ("ok" in decoded) return decoded;
    const { text, encoding } = decoded;

    const scanned = scanRecords(text, limits);
    if (!scanned.ok) return scanned;
    const { separator, records } = scanned;
    const parsed = parseRecords(text, records, separator, limits);
    if (!parsed.ok) return parsed;

    // The scan kept only records with text; a row csv-parse finds blank anyway is dropped all the same.
    /** @type {(string|null)[][]} */
    const table = [];
    /** @type {number[]} */
    const rowLines = [];
    /** @type {string[] | undefined} */
    const lines = limits.raw ? [] : undefined;
    for (let r = 0; r < records.length; r++) {
      const row = parsed.rows[r];
      if (!row.some((field) => field !== null && field.trim() !== "")) continue;
      table.push(row);
      rowLines.push(records[r].line);
      lines?.push(text.slice(records[r].start, records[r].end));
    }

    // Decided once per file, for either separator (a comma file quotes its comma amounts).
    const settled = settleDecimalComma(table, rowLines);
    if (!settled.ok) return settled;
    const decimalComma = settled.decimalComma;
    /** @type {CsvTable} */
    const result = { ok: true, table, decimalComma, separator: separator === COMMA ? "," : ";", encoding };
    if (lines) result.lines = lines;
    return result;
  } catch (error) {
    return { ok: false, error: `${READ_FAILED}: ${error instanceof Error ? error.message : String(error)}` };
  }
}
