import { describe, expect, it } from "vitest";
import {
  CostSheetError,
  costLineOf,
  costLineText,
  costPenceOf,
  fromDayOf,
  MAX_COST_ROWS,
  readCostSheet,
  unknownNames,
} from "#domain/products/cost-sheet-rules.ts";

const TODAY = "2026-11-28";

describe("a cost as typed", () => {
  it("is whole pence from £0 to £10,000", () => {
    expect(costPenceOf("0.43")).toBe(43);
    expect(costPenceOf("£1,234.50")).toBe(123450);
    expect(costPenceOf(0.425)).toBe(43);
    expect(costPenceOf("0")).toBe(0);
    expect(costPenceOf("10000")).toBe(1_000_000);
    expect(costPenceOf("10000.01")).toBeNull();
    expect(costPenceOf("-0.10")).toBeNull();
    expect(costPenceOf("free")).toBeNull();
    expect(costPenceOf("")).toBeNull();
  });

  it("applies from a day: ISO, day-first text or an Excel date", () => {
    expect(fromDayOf("2026-10-15")).toBe("2026-10-15");
    expect(fromDayOf("15/10/2026")).toBe("2026-10-15");
    expect(fromDayOf(46310)).toBe("2026-10-15");
    expect(fromDayOf(" 2026-10-15 ")).toBe("2026-10-15");
    expect(fromDayOf(46310, true)).toBe("2030-10-16");
    expect(fromDayOf("31/02/2026")).toBeNull();
    expect(fromDayOf("1899-12-31")).toBeNull();
    expect(fromDayOf("1900-01-01")).toBe("1900-01-01");
    expect(fromDayOf(99_999_999)).toBeNull();
    expect(fromDayOf("soon")).toBeNull();
  });
});

describe("one cost from the form or the API", () => {
  it("is a line, from today when no day is given", () => {
    expect(costLineOf({ name: "  Twix ", cost: "0.43" }, TODAY)).toEqual({
      name: "Twix",
      costPence: 43,
      effectiveFrom: TODAY,
    });
    expect(costLineOf({ name: "Twix", cost: 0.5, from: "01/12/2026" }, TODAY)).toEqual({
      name: "Twix",
      costPence: 50,
      effectiveFrom: "2026-12-01",
    });
  });

  it("or the reason it is refused", () => {
    expect(costLineOf({ name: " ", cost: "0.43" }, TODAY)).toBe("Name the product");
    expect(costLineOf({ name: "Twix", cost: "lots" }, TODAY)).toBe(
      "The cost is an amount in pounds from 0 to 10,000, such as 0.43",
    );
    expect(costLineOf({ name: "Twix", cost: "0.43", from: "someday" }, TODAY)).toBe(
      "The from-date is a day, such as 2026-10-15 or 15/10/2026",
    );
    expect(costLineOf({ name: "Twix" }, TODAY)).toBe("The cost is an amount in pounds, such as 0.43");
  });
});

describe("the cost sheet", () => {
  it("reads the headers on its first filled row, each product a row, the upload's day when From is blank", () => {
    const lines = readCostSheet(
      [
        [],
        ["Product", " COST PRICE ", "Effective From", "Notes"],
        ["Twix", "0.41", "01/09/2026", "old"],
        [],
        ["  Diet   Coke ", 0.58, "", ""],
      ],
      TODAY,
    );
    expect(lines).toEqual([
      { name: "Twix", costPence: 41, effectiveFrom: "2026-09-01" },
      { name: "Diet Coke", costPence: 58, effectiveFrom: TODAY },
    ]);
    expect(
      readCostSheet(
        [
          ["Name", "Cost"],
          ["Mars", "0.47"],
        ],
        TODAY,
      ),
    ).toEqual([{ name: "Mars", costPence: 47, effectiveFrom: TODAY }]);
  });

  it("is refused whole, naming the first five bad rows", () => {
    const bad = [
      ["Product Name", "Cost", "From"],
      ["", "0.41", ""],
      ["Twix", "free", ""],
      ["Mars", "0.47", "someday"],
      ["twix", "0.41", "2026-09-01"],
      ["TWIX ", "0.42", "01/09/2026"],
      ["A", "x", ""],
      ["B", "x", ""],
    ];
    expect(() => readCostSheet(bad, TODAY)).toThrow(
      "Nothing was saved: row 2 has no product name; row 3 (Twix): the cost is not an amount from 0 to 10,000; row 4 (Mars): the from-date is not a day; rows 5 and 6 both give TWIX from 2026-09-01; row 7 (A): the cost is not an amount from 0 to 10,000 (and 1 more)",
    );
  });

  it("needs its headers and a product", () => {
    expect(() => readCostSheet([], TODAY)).toThrow("The sheet is empty");
    expect(() =>
      readCostSheet(
        [
          ["Item Name", "Price"],
          ["Twix", "0.43"],
        ],
        TODAY,
      ),
    ).toThrow(
      "The sheet's first row needs the headers Product Name and Cost (and optionally From): it has item name, price",
    );
    expect(() => readCostSheet([["Name", "Cost"], []], TODAY)).toThrow("The sheet has no product under its headers");
    const many = [["Name", "Cost"], ...Array.from({ length: MAX_COST_ROWS + 1 }, () => ["Twix", "0.43"])];
    expect(() => readCostSheet(many, TODAY)).toThrow("The sheet has more than 20,000 rows: split it");
  });
});

describe("the cost sheet's headers and bounds", () => {
  const one = (headers: string[], row: unknown[]) => readCostSheet([headers, row], TODAY);

  it("knows each name for its columns, in any order, and a date cell in the workbook's own system", () => {
    for (const name of ["Product Name", "Product", "Name", "Item", "Product Selection Info"])
      expect(one([name, "Cost"], ["Twix", "0.43"]), name).toEqual([
        { name: "Twix", costPence: 43, effectiveFrom: TODAY },
      ]);
    for (const cost of ["Cost Price", "Cost", "Unit Cost", "Cost per unit", "Cost Price per Unit", "Cost (ex VAT)"])
      expect(one(["Name", cost], ["Twix", "0.43"]), cost).toEqual([
        { name: "Twix", costPence: 43, effectiveFrom: TODAY },
      ]);
    for (const from of ["From", "From Date", "Effective From", "Applies From", "Date"])
      expect(one(["Name", "Cost", from], ["Twix", "0.43", "2026-10-15"])[0].effectiveFrom, from).toBe("2026-10-15");
    expect(one(["From", "Cost", "Name"], ["2026-10-15", "0.43", "Twix"])).toEqual([
      { name: "Twix", costPence: 43, effectiveFrom: "2026-10-15" },
    ]);
    expect(one(["Name", "Cost", "From"], ["Twix", "0.43", 46310])[0].effectiveFrom).toBe("2026-10-15");
    expect(
      readCostSheet(
        [
          ["Name", "Cost", "From"],
          ["Twix", "0.43", 46310],
        ],
        TODAY,
        true,
      )[0].effectiveFrom,
    ).toBe("2030-10-16");
  });

  it("names what its first row has when a needed header is missing", () => {
    expect(() => one(["Name", "", "Price"], ["Twix", "", "0.43"])).toThrow(
      "The sheet's first row needs the headers Product Name and Cost (and optionally From): it has name, price",
    );
    expect(() => one(["Product", "Notes"], ["Twix", "x"])).toThrow(/it has product, notes$/);
    expect(() => one(["Cost", "Notes"], ["0.43", "x"])).toThrow(/it has cost, notes$/);
    expect(() => one(["", ""], ["Twix", "0.43"])).toThrow(/it has twix, 0.43$/);
  });

  it("takes 20,000 products under its headers, not one more, and names a single bad row alone", () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => [`P${i}`, "0.43"]);
    expect(readCostSheet([[], ["Name", "Cost"], ...rows(MAX_COST_ROWS)], TODAY)).toHaveLength(MAX_COST_ROWS);
    expect(() => readCostSheet([["Name", "Cost"], ...rows(MAX_COST_ROWS + 1)], TODAY)).toThrow(
      "The sheet has more than 20,000 rows",
    );
    const error = (() => {
      try {
        readCostSheet(
          [
            ["Name", "Cost"],
            ["Twix", "x"],
          ],
          TODAY,
        );
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(CostSheetError);
    expect(error!.name).toBe("CostSheetError");
    expect(error!.message).toBe("Nothing was saved: row 2 (Twix): the cost is not an amount from 0 to 10,000");
    const five = [["Name", "Cost"], ...Array.from({ length: 5 }, (_, i) => [`P${i}`, "x"])];
    expect(() => readCostSheet(five, TODAY)).toThrow(/row 6 \(P4\): the cost is not an amount from 0 to 10,000$/);
  });
});

describe("names", () => {
  it("lists those no product has, each once as first written, matched trimmed and ignoring case", () => {
    const lines = [{ name: "twix" }, { name: "Lion Bar" }, { name: "LION  bar" }, { name: "Boost" }];
    expect(unknownNames(lines, ["Twix", "Mars"])).toEqual(["Lion Bar", "Boost"]);
    expect(unknownNames(lines, ["TWIX", "lion bar", "boost "])).toEqual([]);
  });

  it("says a line in words", () => {
    expect(costLineText({ name: "Twix", costPence: 43, effectiveFrom: "2026-10-15" })).toBe(
      "Twix £0.43 from 15/10/2026",
    );
  });
});
