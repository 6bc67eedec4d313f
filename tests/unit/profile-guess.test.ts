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
  it("picks the values that read as a sale", () => {
    expect(likelySaleStatuses(["Success", "declined", "Settled", "Refunded"])).toEqual(["Success", "Settled"]);
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
});
