// The transactions workbook lists each line's Quantity: the totals line's units are the
// quantities of sales and its COGS the cost of one unit × quantity; refunds are never units and add no cost.
import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { transactionsWorkbook, type TransactionLine } from "#domain/shared/workbooks.ts";

const line = (overrides: Partial<TransactionLine>): TransactionLine => ({
  transactionId: "1",
  saleDate: "2026-10-03T10:00:00.000Z",
  productName: "Cola",
  quantity: 1,
  pricePence: 150,
  settlementPence: 150,
  costPence: 60,
  kind: "sale",
  ...overrides,
});

function rowsOf(bytes: Uint8Array) {
  const sheet = XLSX.read(bytes, { type: "array", cellNF: true }).Sheets.Transactions;
  return { sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false, defval: "" }) };
}

describe("the transactions workbook's quantities", () => {
  it("adds a Quantity column after the others and totals units and COGS by quantity, sales only", () => {
    const { sheet, rows } = rowsOf(
      transactionsWorkbook("Kiosk: transactions for October 2026", [
        line({ transactionId: "1", quantity: 1 }),
        line({ transactionId: "2", quantity: 3, settlementPence: 450 }),
        line({
          transactionId: "3",
          productName: "Crisps",
          quantity: 2,
          pricePence: 100,
          settlementPence: 200,
          costPence: 40,
        }),
        line({ transactionId: "2", quantity: 2, settlementPence: -300, kind: "refund" }),
      ]),
    );
    expect(rows[1]).toEqual([
      "Transaction ID",
      "Date (GMT)",
      "Product Name",
      "Machine Price (£)",
      "Settlement Value (£)",
      "Cost Price (£)",
      "Type",
      "Quantity",
    ]);
    expect(rows.slice(2, -1).map((r) => [r[0], r[5], r[6], r[7]])).toEqual([
      ["1", 0.6, "Sale", 1],
      ["2", 0.6, "Sale", 3],
      ["3", 0.4, "Sale", 2],
      ["2", 0.6, "Refund", 2],
    ]);
    // Units 1 + 3 + 2 = 6; revenue 1.50 + 4.50 + 2.00 − 3.00 = 5.00; COGS 0.60 + 1.80 + 0.80 = 3.20.
    expect(rows.at(-1)).toEqual(["Total", "", "6 units", "", 5, 3.2, "", ""]);
    expect(sheet.H4).toMatchObject({ t: "n", v: 3, z: "#,##0" });
  });

  it("a line without a quantity is one unit (as lines from before quantities)", () => {
    const { quantity: _quantity, ...bare } = line({ costPence: 45 });
    const { rows } = rowsOf(transactionsWorkbook("T", [bare, { ...bare, transactionId: "2" }]));
    expect(rows.slice(2, -1).map((r) => r[7])).toEqual([1, 1]);
    expect(rows.at(-1)).toEqual(["Total", "", "2 units", "", 3, 0.9, "", ""]);
  });
});
