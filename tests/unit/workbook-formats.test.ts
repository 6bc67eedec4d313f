// Workbooks keep figures numeric and carry the screens' formats: money 1,234.50, units 1,270.
import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { MONEY_CELL, UNITS_CELL, formatColumns, transactionsWorkbook } from "#domain/shared/workbooks.ts";

describe("workbook number formats", () => {
  it("formats the numeric cells of the chosen columns from a row on, leaving text alone", () => {
    const sheet = XLSX.utils.aoa_to_sheet([["Title"], ["Units", "Revenue (£)"], [1270, 1234.5], ["Total", "n/a"]]);
    formatColumns(sheet, { 0: UNITS_CELL, 1: MONEY_CELL }, 2);
    expect([sheet.A2.z, sheet.A3.z, sheet.B3.z, sheet.A4.z, sheet.B4.z]).toEqual([
      undefined,
      "#,##0",
      "#,##0.00",
      undefined,
      undefined,
    ]);
    expect(sheet.B3.v).toBe(1234.5);
  });

  it("the transactions workbook's money columns read back as numbers shown 1,234.50", () => {
    const bytes = transactionsWorkbook("T", [
      {
        transactionId: "1",
        saleDate: "2026-09-01T10:00:00Z",
        productName: "Water",
        pricePence: 123450,
        settlementPence: 100000,
        costPence: 5000,
        kind: "sale",
      },
    ]);
    const sheet = XLSX.read(bytes, { type: "array", cellNF: true }).Sheets.Transactions;
    expect(sheet.D3).toMatchObject({ t: "n", v: 1234.5, z: "#,##0.00", w: "1,234.50" });
    expect(sheet.E4).toMatchObject({ t: "n", v: 1000, w: "1,000.00" });
  });
});
