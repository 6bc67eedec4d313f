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

/**
 * @typedef {{ maxRows: number, maxLineChars: number, maxFields: number, raw?: boolean }} CsvLimits
 * @typedef {{ ok: true, table: (string|null)[][], decimalComma: boolean, separator: "," | ";", encoding: "utf-8" | "windows-1252", lines?: string[] }} CsvTable
 * @typedef {{ ok: false, error: string }} CsvFailure
 * @typedef {{ start: number, end: number, line: number, lines: number, fields: number }} CsvRecord
 *   A record of the text: [start, end) without its line ending, the line it starts on, how many
 *   lines it spans (quoted line breaks), its number of fields.
 */

const COMMA = 44;
const SEMICOLON = 59;
const QUOTE = 34;
const LF = 10;
const CR = 13;

const READ_FAILED = "The file could not be read as a CSV file";

/** Windows-1252's 0x80-0x9F (the five bytes it leaves undefined map to the C1 control of that number, as WHATWG says). */
const CP1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * @param {Uint8Array} bytes
 * @returns {string}
 */
function decodeWindows1252(bytes) {
  const CHUNK = 8192;
  const codes = new Uint16Array(CHUNK);
  /** @type {string[]} */
  const parts = [];
  for (let at = 0; at < bytes.length; at += CHUNK) {
    const end = Math.min(bytes.length, at + CHUNK);
    for (let i = at; i < end; i++) {
      const b = bytes[i];
      codes[i - at] = b >= 0x80 && b < 0xa0 ? CP1252_80_9F[b - 0x80] : b;
    }
    parts.push(
      String.fromCharCode.apply(null, /** @type {number[]} */ (/** @type {unknown} */ (codes.subarray(0, end - at)))),
    );
  }
  return parts.join("");
}

/**
 * The file's text: UTF-8 with or without its BOM, else Windows-1252.
 * @param {Uint8Array} bytes
 * @returns {{ text: string, encoding: "utf-8" | "windows-1252" } | CsvFailure}
 */
function decode(bytes) {
  try {
    // TextDecoder drops a leading BOM unless told to keep it.
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    // not UTF-8
  }
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return {
      ok: false,
      error: 'The file is UTF-16 text, not a CSV file in UTF-8 or Windows-1252: save it from Excel as "CSV UTF-8"',
    };
  }
  // A UTF-8 BOM before bytes that are not UTF-8 is still no text.
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { text: decodeWindows1252(bom ? bytes.subarray(3) : bytes), encoding: "windows-1252" };
}

/**
 * Whitespace as String.prototype.trim and /\s/ know it (so a record the scan finds blank is one whose
 * fields all trim to nothing).
 * @param {number} c a UTF-16 code unit
 */
function isSpace(c) {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

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
function scanRecords(text, limits) {
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

// An amount as a telemetry export writes it: an optional sign or brackets and £ (before or after), digits with
// optional thousands groups (a dot, comma or space) and decimals. Dates (01.10.2026), times and
// text do not match; a digits-only id matches but holds no separator, so nothing changes it.
// Matched on the field without its outer spaces, and with no two quantifiers that could share a run
// of spaces: a hostile field of spaces must cost linear time, not polynomial.
const AMOUNT = /^((?:[-+(£]\s*)*)(\d(?:[\d.,\s]*\d)?)((?:\s*[)£])*)$/;
/** With a decimal comma: 1234,56 1.234,56 1 234,56 1.234 12,5 */
const COMMA_NUMBER = /^(?:\d+|\d{1,3}([.\s])\d{3}(?:\1\d{3})*)(?:,\d+)?$/;
/** With a decimal point: 1234.56 1,234.56 1 234.56 1,234 12.5 */
const POINT_NUMBER = /^(?:\d+|\d{1,3}([,\s])\d{3}(?:\1\d{3})*)(?:\.\d+)?$/;

/**
 * A field's amount parts (what comes before the number, the number, what comes after), or null
 * when it is not an amount.
 * @param {string} field
 * @returns {[string, string, string] | null}
 */
function amountParts(field) {
  const c = field.charCodeAt(0);
  // Most fields are names, dates, ids: let the cheap test turn the text away.
  if (!((c >= 48 && c <= 57) || c === 45 || c === 43 || c === 40 || c === 163 || isSpace(c))) return null;
  const from = field.length - field.trimStart().length;
  const to = field.trimEnd().length;
  if (from >= to) return null;
  const match = AMOUNT.exec(field.slice(from, to));
  if (!match) return null;
  const [, lead, number, trail] = match;
  let signs = 0;
  let pounds = 0;
  let opens = 0;
  let closes = 0;
  for (const ch of lead + trail) {
    if (ch === "-" || ch === "+") signs++;
    else if (ch === "£") pounds++;
    else if (ch === "(") opens++;
    else if (ch === ")") closes++;
  }
  if (signs > 1 || pounds > 1 || opens > 1 || opens !== closes || (signs && opens)) return null;
  if (!COMMA_NUMBER.test(number) && !POINT_NUMBER.test(number)) return null;
  return [field.slice(0, from) + lead, number, trail + field.slice(to)];
}

/**
 * @param {string} field
 * @param {number} max
 */
const quoted = (field, max = 40) => JSON.stringify(field.length > max ? `${field.slice(0, max)}…` : field);

/**
 * Whether a file writes its amounts with a decimal comma, decided once for the file, and if so its
 * amounts rewritten with a decimal point. A comma or a point followed by one or two digits at the
 * end of an amount can only be decimal (a thousands group has three); one followed by three digits
 * (`1,000`, `1.500`) decides nothing. A file with decimal commas and decimal points, or whose
 * amounts decide nothing but hold such a group, is refused. In a comma-separated file amounts with
 * a comma are quoted (`"1,10"`), and are decided the same way.
 * @param {(string|null)[][]} table
 * @param {number[]} rowLines the line each row starts on
 * @returns {{ ok: true, decimalComma: boolean } | CsvFailure}
 */
function settleDecimalComma(table, rowLines) {
  /** @type {{ line: number, field: string } | null} */
  let comma = null;
  /** @type {{ line: number, field: string } | null} */
  let point = null;
  /** @type {{ line: number, field: string } | null} */
  let unclear = null;
  for (let r = 0; r < table.length && !(comma && point); r++) {
    const row = table[r];
    for (let f = 0; f < row.length; f++) {
      const field = row[f];
      // Only a comma or a dot tells anything (ids and whole numbers hold neither).
      if (field === null || (!field.includes(",") && !field.includes("."))) continue;
      const parts = amountParts(field);
      if (!parts) continue;
      const number = parts[1];
      if (/,\d{1,2}$/.test(number) && COMMA_NUMBER.test(number)) comma ??= { line: rowLines[r], field };
      else if (/\.\d{1,2}$/.test(number) && POINT_NUMBER.test(number)) point ??= { line: rowLines[r], field };
      else if (/[,.]\d{3}$/.test(number)) unclear ??= { line: rowLines[r], field };
    }
  }
  if (comma && point) {
    return {
      ok: false,
      error: `The CSV file mixes decimal commas (line ${comma.line}: ${quoted(comma.field)}) and decimal points (line ${point.line}: ${quoted(point.field)}): export it again with one decimal separator`,
    };
  }
  if (!comma) {
    if (!point && unclear) {
      return {
        ok: false,
        error: `The CSV file's amounts do not show whether the comma or point is a decimal or a thousands separator (line ${unclear.line}: ${quoted(unclear.field)}): export it again with two decimal places`,
      };
    }
    return { ok: true, decimalComma: false };
  }
  for (const row of table) {
    for (let f = 0; f < row.length; f++) {
      const field = row[f];
      if (field === null || (!field.includes(",") && !field.includes("."))) continue;
      const parts = amountParts(field);
      if (!parts || !COMMA_NUMBER.test(parts[1])) continue;
      row[f] = parts[0] + parts[1].replace(/[.\s]/g, "").replace(",", ".") + parts[2];
    }
  }
  return { ok: true, decimalComma: true };
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
