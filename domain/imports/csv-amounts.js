// Decimal commas in a CSV export (a semicolon file's £1.234,56): decided once per file from its
// amounts, then rewritten with a decimal point, which parsePence reads. Plain JavaScript, like csv-table.js.
import { isSpace } from "./csv-text.js";

/** @typedef {import("./csv-table.js").CsvFailure} CsvFailure */

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
export function settleDecimalComma(table, rowLines) {
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
