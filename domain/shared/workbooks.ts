/** Spreadsheets we write: the transactions behind a month's figures. */
import * as XLSX from "xlsx";
import { formatDate } from "./dates.ts";
import { penceToPounds } from "./money.ts";

export interface TransactionLine {
  transactionId: string;
  saleDate: string;
  productName: string;
  pricePence: number;
  settlementPence: number;
  costPence: number;
  kind: "sale" | "refund";
}

/** One row per stored transaction, pounds as numbers so the sheet can total them. */
export function transactionsWorkbook(title: string, lines: readonly TransactionLine[]): Uint8Array {
  const header = ["Transaction ID", "Date (GMT)", "Product Name", "Machine Price (£)", "Settlement Value (£)", "Cost Price (£)", "Type"];
  const rows = lines.map((l) => [
    l.transactionId,
    `${formatDate(l.saleDate)} ${l.saleDate.slice(11, 19)}`,
    l.productName,
    penceToPounds(l.pricePence),
    penceToPounds(l.settlementPence),
    penceToPounds(l.costPence),
    l.kind === "refund" ? "Refund" : "Sale",
  ]);
  const totals = ["Total", "", `${lines.filter((l) => l.kind === "sale").length} units`, "", penceToPounds(lines.reduce((s, l) => s + l.settlementPence, 0)), penceToPounds(lines.filter((l) => l.kind === "sale").reduce((s, l) => s + l.costPence, 0)), ""];
  const sheet = XLSX.utils.aoa_to_sheet([[title], header, ...rows, totals]);
  sheet["!cols"] = [{ wch: 16 }, { wch: 20 }, { wch: 30 }, { wch: 16 }, { wch: 18 }, { wch: 14 }, { wch: 8 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Transactions");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}
