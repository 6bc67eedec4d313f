import fs from "node:fs";
import path from "node:path";
import * as XLSX from "xlsx";
import { describe, expect, it } from "vitest";
import { readFirstSheet } from "#domain/imports/sheet-table.js";

const fixtures = path.resolve("fixtures");

describe("readFirstSheet", () => {
  for (const name of fs.readdirSync(fixtures).filter((f) => /\.xlsx?$/.test(f))) {
    it(`reads ${name} as SheetJS's sheet_to_json does (blank rows dropped, raw values)`, () => {
      const bytes = new Uint8Array(fs.readFileSync(path.join(fixtures, name)));
      const book = XLSX.read(bytes, { type: "array", dense: true, cellDates: false });
      const expected = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], {
        header: 1,
        raw: true,
        defval: null,
        blankrows: false,
      });
      const read = readFirstSheet(bytes, 1_000)!;
      expect(read.sheetName).toBe(book.SheetNames[0]);
      expect(read.table).toEqual(expected);
    });
  }

  it("stops at sheetRows and answers null for what SheetJS cannot read", () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(fixtures, "three-machines-2026-09.xlsx")));
    expect(readFirstSheet(bytes, 5)!.table).toHaveLength(5);
    expect(readFirstSheet(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), 10)).toBeNull();
  });
});
