// One pass over a CSV export's text (RFC 4180: line breaks, separators and doubled quotes inside
// quotes are text): its records, its separator (decided from the header line, the second non-blank
// one, since the title may hold commas) and the bounds, enforced before anything is parsed. Plain
// JavaScript, like csv-table.js.
import { isSpace } from "./csv-text.js";

/**
 * @typedef {import("./csv-table.js").CsvLimits} CsvLimits
 * @typedef {import("./csv-table.js").CsvFailure} CsvFailure
 * @typedef {import("./csv-table.js").CsvRecord} CsvRecord
 */

export const COMMA = 44;
const SEMICOLON = 59;
const QUOTE = 34;
const LF = 10;
const CR = 13;

export const READ_FAILED = "The file could not be read as a CSV file";

/** @param {number} n */
const count = (n) => n.toLocaleString("en-GB");

/**
 * "Line 7" or "The record on lines 7-9": where a record of the file is.
 * @param {number} line
 * @param {number} lines
 */
function where(line, lines) {
  return lines > 1 ? `The record on lines ${line}-${line + lines - 1} of the CSV file` : `Line ${line} of the CSV file`;
}

/**
 * One pass over the text: its records, its separator and the bounds.
 * @param {string} text
 * @param {CsvLimits} limits
 * @returns {{ ok: true, separator: 44 | 59, records: CsvRecord[] } | CsvFailure}
 */
export function scanRecords(text, limits) {
  const { maxLineChars, maxFields } = limits;
  const cap = limits.maxRows + 4;
  const n = text.length;
  /** @type {0 | 44 | 59} 0 until the header line decides it. */
  let separator = 0;
  /** @type {CsvRecord[]} */
  const records = [];
  /** The title (the first non-blank record) while the separator is not known, with its separator counts. */
  let title = null;
  // Blank records before the header: the first line where each separator would give too many fields.
  let tooManyCommas = 0;
  let tooManySemicolons = 0;

  /**
   * @param {CsvRecord} record
   * @param {number} commas
   * @param {number} semicolons
   * @returns {string | null} an error, or null when the record is within the bounds
   */
  const fieldsWithin = (record, commas, semicolons) => {
    record.fields = (separator === COMMA ? commas : semicolons) + 1;
    return record.fields > maxFields
      ? `${where(record.line, record.lines)} has more than ${count(maxFields)} fields`
      : null;
  };

  let pos = 0;
  let line = 1;
  while (pos < n && records.length < cap) {
    const start = pos;
    const startLine = line;
    let commas = 0;
    let semicolons = 0;
    // Text other than spaces and (unquoted) separators: a record without any is blank.
    let content = false;
    // RFC 4180: a quote opens a quoted field only at the field's start; anywhere else csv-parse refuses it.
    let fieldStart = true;
    let i = pos;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE && fieldStart) {
        const quoteLine = line;
        for (i++; ; i++) {
          if (i >= n)
            return { ok: false, error: `${READ_FAILED}: a quote opened on line ${quoteLine} is never closed` };
          const q = text.charCodeAt(i);
          if (q === QUOTE) {
            if (text.charCodeAt(i + 1) !== QUOTE) break;
            content = true;
            i++;
          } else if (q === LF) line++;
          else if (q === CR) {
            if (text.charCodeAt(i + 1) !== LF) line++;
          } else if (!content && !isSpace(q)) content = true;
        }
        fieldStart = false;
        // Text after the closing quote is malformed (csv-parse says so): never dropped as blank.
        const next = text.charCodeAt(i + 1);
        if (
          !(
            i + 1 >= n ||
            next === LF ||
            next === CR ||
            (separator === 0 ? next === COMMA || next === SEMICOLON : next === separator)
          )
        )
          content = true;
      } else if (c === LF || c === CR) break;
      else if (c === COMMA) {
        commas++;
        fieldStart = separator !== SEMICOLON;
      } else if (c === SEMICOLON) {
        semicolons++;
        fieldStart = separator !== COMMA;
      } else {
        fieldStart = false;
        if (!content && !isSpace(c)) content = true;
      }
    }
    const end = i;
    const endLine = line;
    if (i < n) {
      pos = text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
      line++;
    } else pos = n;
    if (end === start) continue;

    /** @type {CsvRecord} */
    const record = { start, end, line: startLine, lines: endLine - startLine + 1, fields: 0 };
    if (end - start > maxLineChars)
      return { ok: false, error: `${where(startLine, record.lines)} is longer than ${count(maxLineChars)} characters` };

    if (separator === 0) {
      if (!content) {
        if (!tooManyCommas && commas + 1 > maxFields) tooManyCommas = startLine;
        if (!tooManySemicolons && semicolons + 1 > maxFields) tooManySemicolons = startLine;
        continue;
      }
      if (!title) {
        title = { record, commas, semicolons };
        continue;
      }
      // The header line: the separator it uses more often outside quotes is the file's.
      if (commas === 0 && semicolons === 0) {
        return {
          ok: false,
          error: `The CSV file's headers (line ${startLine}) are not separated by commas or semicolons`,
        };
      }
      if (commas === semicolons) {
        return {
          ok: false,
          error: `The CSV file's headers (line ${startLine}) hold as many commas as semicolons, so which one separates the columns cannot be told`,
        };
      }
      separator = commas > semicolons ? COMMA : SEMICOLON;
      const blankLine = separator === COMMA ? tooManyCommas : tooManySemicolons;
      if (blankLine && blankLine < title.record.line)
        return { ok: false, error: `Line ${blankLine} of the CSV file has more than ${count(maxFields)} fields` };
      const titleError = fieldsWithin(title.record, title.commas, title.semicolons);
      if (titleError) return { ok: false, error: titleError };
      if (blankLine)
        return { ok: false, error: `Line ${blankLine} of the CSV file has more than ${count(maxFields)} fields` };
      records.push(title.record);
      title = null;
    }

    const error = fieldsWithin(record, commas, semicolons);
    if (error) return { ok: false, error };
    // The other separator, unquoted, is text of the field.
    if (content || (separator === COMMA ? semicolons : commas) > 0) records.push(record);
  }

  if (separator === 0) {
    // No header line: the file has a title at most, which the caller refuses as too short.
    if (!title) return { ok: true, separator: COMMA, records };
    separator = title.semicolons > title.commas ? SEMICOLON : COMMA;
    const blankLine = separator === COMMA ? tooManyCommas : tooManySemicolons;
    if (blankLine)
      return { ok: false, error: `Line ${blankLine} of the CSV file has more than ${count(maxFields)} fields` };
    const titleError = fieldsWithin(title.record, title.commas, title.semicolons);
    if (titleError) return { ok: false, error: titleError };
    records.push(title.record);
  }
  return { ok: true, separator, records };
}
