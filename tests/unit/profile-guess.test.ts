import { describe, expect, it } from "vitest";
import { columnValues, guessColumns, guessHeaderRow, likelySaleStatuses } from "#domain/imports/profile-guess.ts";

describe("guessColumns", () => {
  it("maps Cantaloupe's names to the fields, case-insensitively, each header once", () => {
    expect(
      guessColumns([
        "Device",
        "Txn ID",
        "MACHINE AUTHORIZATION TIME",
        "Product Selection Info",
        "Amount",
        "Vend Price",
        "Unit Cost",
        "Qty",
        "Status",
      ]),
    ).toEqual({
      machineName: "Device",
      transactionId: "Txn ID",
      date: "MACHINE AUTHORIZATION TIME",
      productName: "Product Selection Info",
      settlementValue: "Amount",
      machinePrice: "Vend Price",
      costPrice: "Unit Cost",
      quantity: "Qty",
      status: "Status",
    });
  });

  it("prefers an exact name to one that contains a synonym, and leaves out fields with no header", () => {
    // "Refund Amount" contains "amount", but "Amount" is the exact settlement column.
    expect(guessColumns(["Refund Amount", "Amount", "Site", "  "])).toEqual({
      settlementValue: "Amount",
      refundAmount: "Refund Amount",
      machineName: "Site",
    });
    expect(guessColumns(["Colour", "Weight"])).toEqual({});
  });

  it("matches a synonym inside a longer header only on word boundaries", () => {
    expect(guessColumns(["Sale Date (UTC)", "Costume"])).toEqual({ date: "Sale Date (UTC)" });
  });

  it("keeps a field's exact header when another header merely contains one of its names", () => {
    // The exact pass gives "Amount" to the settlement value; the second pass must not take it back for "Total Amount Due".
    expect(guessColumns(["Amount", "Total Amount Due"])).toEqual({ settlementValue: "Amount" });
  });

  it("reads a synonym's punctuation as written: 'date/time' is no name for 'DateTime'", () => {
    expect(guessColumns(["DateTime"])).toEqual({});
    expect(guessColumns(["Date/Time"])).toEqual({ date: "Date/Time" });
  });

  it("answers the header as the file spells it, without its outer spaces", () => {
    expect(guessColumns(["  Amount ", "Qty\t"])).toEqual({ settlementValue: "Amount", quantity: "Qty" });
  });
});

describe("columnValues and likelySaleStatuses", () => {
  const table = [
    ["Title"],
    ["Status", "Amount"],
    ["Success", 1],
    ["declined", 2],
    ["SUCCESS", 3],
    [null, 4],
    ["Settled"],
  ];
  it("lists a column's distinct values below the header row, ignoring case and blanks", () => {
    expect(columnValues(table, 2, "status")).toEqual(["Success", "declined", "Settled"]);
    expect(columnValues(table, 2, "Nope")).toEqual([]);
    expect(columnValues(table, 2, "Status", 2)).toEqual(["Success", "declined"]);
  });
  it("answers each value without its outer spaces, and skips rows the sheet left out", () => {
    const sparse: unknown[][] = [["Status"], [" Paid  "]];
    sparse[3] = ["Declined"];
    expect(columnValues(sparse, 1, "Status")).toEqual(["Paid", "Declined"]);
  });
  it("answers nothing for a header row beyond the table", () => {
    expect(columnValues(table, 9, "Status")).toEqual([]);
  });
  it("picks the values that read as a sale", () => {
    expect(likelySaleStatuses(["Success", "declined", "Settled", "Refunded"])).toEqual(["Success", "Settled"]);
    expect(likelySaleStatuses([" Completed ", "Vended\t", "Not paid"])).toEqual([" Completed ", "Vended\t"]);
  });
});

describe("guessHeaderRow", () => {
  it("finds the row of text headers under a title and notes", () => {
    const table = [
      ["Cantaloupe Seed export"],
      ["Generated 2026-11-01"],
      [],
      ["Device", "Txn", "Amount"],
      ["Quay Kiosk", 1001, 1.1],
    ];
    expect(guessHeaderRow(table, 20)).toBe(4);
    expect(guessHeaderRow([], 20)).toBe(1);
    expect(guessHeaderRow(table, 3)).toBe(1);
  });

  it("takes a header row with blank cells in it", () => {
    expect(
      guessHeaderRow([["Report"], ["Device", null, "Txn", "", "Amount"], ["Quay Kiosk", 1, 1001, 2, 1.1]], 20),
    ).toBe(2);
  });

  it("stays on the first header row, not a later row of text values or a wider row with numbers", () => {
    const table = [
      ["Device", "Product", "Status"],
      ["Quay Kiosk", "Cola", "Success"],
      ["Quay Kiosk", "Crisps", "Success", "Meal deal", 2.5],
      [1001, 1002, 1003, 1004, 1005, 1006],
    ];
    expect(guessHeaderRow(table, 20)).toBe(1);
    expect(guessHeaderRow([["Report"], ["Device", "Product", "Status"], ["Quay Kiosk", "Cola", "Success"]], 20)).toBe(
      2,
    );
  });

  it("prefers the row with more text headers to a shorter one above it", () => {
    expect(
      guessHeaderRow(
        [
          ["Cantaloupe", "Seed", "export"],
          ["Device", "Txn", "Amount", "Status"],
        ],
        20,
      ),
    ).toBe(2);
  });

  it("stays on row 1 when no row holds three text headers", () => {
    const sparse: unknown[][] = [[1001, 1.1, 2, 3]];
    sparse[2] = ["From", "To"];
    expect(guessHeaderRow(sparse, 20)).toBe(1);
  });
});
