/** Spreadsheets we write: the transactions behind a month's figures. */
import * as XLSX from "xlsx";
import { formatDate } from "./dates.ts";
import { penceToPounds } from "./money.ts";

/** Number formats a workbook's cells carry, the figures staying numbers: money under a "(£)" header, whole units. */
export const MONEY_CELL = "#,##0.00";
export const UNITS_CELL = "#,##0";

/**
 * Gives the numeric cells of columns (0-based) from row `fromRow` (0-based) on a number format, so
 * Excel shows 1,234.50 and 1,270 as the screens do (domain/shared/format.ts) and still totals them.
 */
export function formatColumns(sheet: XLSX.WorkSheet, formats: Record<number, string>, fromRow = 0): void {
  const range = XLSX.utils.decode_range(sheet["!ref"] ?? "A1");
  for (let r = Math.max(fromRow, range.s.r); r <= range.e.r; r++) {
    for (const [c, z] of Object.entries(formats)) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c: Number(c) })] as XLSX.CellObject | undefined;
      if (cell?.t === "n") cell.z = z;
    }
  }
}

export interface TransactionLine {
  transactionId: string;
  saleDate: string;
  productName: string;
  /** Units the line sold; 1 when not given (the export had no Quantity, or a line from before quantities). */
  quantity?: number;
  pricePence: number;
  settlementPence: number;
  /** The cost of one unit. */
  costPence: number;
  kind: "sale" | "refund";
}

/**
 * One row per stored transaction, pounds as numbers so the sheet can total them. The totals line
 * gives the record's figures: units (the quantities of sales; refunds are never units), revenue
 * (every line's settlement) and COGS (cost of one unit × quantity, sales only). Quantity is the last
 * column, so the columns before it stay where they were.
 */
export function transactionsWorkbook(title: string, lines: readonly TransactionLine[]): Uint8Array {
  const header = [
    "Transaction ID",
    "Date (GMT)",
    "Product Name",
    "Machine Price (£)",
    "Settlement Value (£)",
    "Cost Price (£)",
    "Type",
    "Quantity",
  ];
  const rows = lines.map((l) => [
    l.transactionId,
    `${formatDate(l.saleDate)} ${l.saleDate.slice(11, 19)}`,
    l.productName,
    penceToPounds(l.pricePence),
    penceToPounds(l.settlementPence),
    penceToPounds(l.costPence),
    l.kind === "refund" ? "Refund" : "Sale",
    l.quantity ?? 1,
  ]);
  const sales = lines.filter((l) => l.kind === "sale");
  const units = sales.reduce((s, l) => s + (l.quantity ?? 1), 0);
  const cogsPence = sales.reduce((s, l) => s + l.costPence * (l.quantity ?? 1), 0);
  const totals = [
    "Total",
    "",
    `${units} units`,
    "",
    penceToPounds(lines.reduce((s, l) => s + l.settlementPence, 0)),
    penceToPounds(cogsPence),
    "",
    "",
  ];
  const sheet = XLSX.utils.aoa_to_sheet([[title], header, ...rows, totals]);
  formatColumns(sheet, { 3: MONEY_CELL, 4: MONEY_CELL, 5: MONEY_CELL, 7: UNITS_CELL }, 2);
  sheet["!cols"] = [
    { wch: 16 },
    { wch: 20 },
    { wch: 30 },
    { wch: 16 },
    { wch: 18 },
    { wch: 14 },
    { wch: 8 },
    { wch: 9 },
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Transactions");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}
