/**
 * CSV as the accounting packages read it, pure: RFC 4180 quoting, CRLF line ends, and text cells
 * that a spreadsheet would run as a formula (starting =, +, -, @, tab or carriage return) prefixed
 * with a single quote, as OWASP advises for CSV injection. Amounts are never changed: a credit's
 * "-12.50" stays a number.
 */
import { formatPlainAmount } from "../shared/format.ts";

/** A cell: text (neutralised) or an amount in pence (written as 12.50, never neutralised). */
export type Cell = string | { pence: number } | { plain: string };

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would not run as a formula. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function cellText(cell: Cell): string {
  if (typeof cell === "string") return neutralise(cell);
  if ("pence" in cell) return formatPlainAmount(cell.pence);
  return cell.plain;
}

/** The file: a header row, then the rows; CRLF line ends, ending with one. */
export function csvText(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [header.map(quote), ...rows.map((row) => row.map((c) => quote(cellText(c))))];
  return lines.map((l) => l.join(",")).join("\r\n") + "\r\n";
}

/** DD/MM/YYYY from YYYY-MM-DD (Xero, QuickBooks Online UK, the payments file). */
export const ukDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
/** DD-MM-YYYY from YYYY-MM-DD (Sage's quick entries). */
export const sageDate = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;

/**
 * Groups of at most `limit` documents (rows of one document stay together); one group when the
 * limit is never reached. Rows are [documentNumber, row].
 */
export function splitByDocuments<R>(rows: readonly { number: string; row: R }[], limit: number): R[][] {
  const files: R[][] = [];
  let current: R[] = [];
  let count = 0;
  let last: string | null = null;
  for (const { number, row } of rows) {
    if (number !== last) {
      if (count === limit) {
        files.push(current);
        current = [];
        count = 0;
      }
      count += 1;
      last = number;
    }
    current.push(row);
  }
  files.push(current);
  return files;
}

/** The names of a file split in parts: accounts.csv → accounts-1.csv, accounts-2.csv…; one part keeps its name. */
export function partNames(name: string, parts: number): string[] {
  if (parts <= 1) return [name];
  const dot = name.lastIndexOf(".");
  // Stryker disable next-line EqualityOperator: dot and slash share an index only as -1 (none); dot > 0 decides then
  const stem = dot > name.lastIndexOf("/") && dot > 0 ? name.slice(0, dot) : name;
  const ext = stem === name ? "" : name.slice(dot);
  return Array.from({ length: parts }, (_, i) => `${stem}-${i + 1}${ext}`);
}
