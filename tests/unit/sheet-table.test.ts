import fs from "node:fs";
import path from "node:path";
import * as XLSX from "xlsx";
import { describe, expect, it } from "vitest";
import { readCheckedWorkbook, readFirstSheet } from "#domain/imports/sheet-table.js";
import { checkZip, countRows, xmlElementCounter } from "#domain/imports/zip-check.js";
import { xlsxBomb, zip } from "../../scripts/xlsx-bomb.js";

type Read = { sheetName: string; table: unknown[][] };

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
      const read = readFirstSheet(bytes, 1_000) as Read;
      expect(read.sheetName).toBe(book.SheetNames[0]);
      expect(read.table).toEqual(expected);
    });
  }

  it("stops at sheetRows and answers null for what SheetJS cannot read", () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(fixtures, "three-machines-2026-09.xlsx")));
    expect((readFirstSheet(bytes, 5) as Read).table).toHaveLength(5);
    expect(readFirstSheet(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), 10)).toBeNull();
  });
});

const LIMITS = { maxUnpackedBytes: 150 * 1024 * 1024, maxRows: 200_004, maxCells: 10_000_000 };
const sheetOf = (rows: string) =>
  Buffer.from(
    `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
  );

// Both ways of counting: streamed in chunks (the server) and inflated at once with the entries kept (a read on this thread).
for (const keep of [false, true]) {
  describe(`checkZip: what a zip really unpacks to (${keep ? "inflated at once, entries kept" : "streamed"})`, () => {
    it("passes every fixture, counting its unpacked bytes", async () => {
      for (const name of fs.readdirSync(fixtures).filter((f) => /^(?!bad-not).*\.xlsx$/.test(f))) {
        const check = await checkZip(new Uint8Array(fs.readFileSync(path.join(fixtures, name))), LIMITS, { keep });
        expect(check, name).toMatchObject({ ok: true });
      }
    });

    it("refuses an entry inflating past the size it declares (0 bytes or 1 KB), whatever the limit", async () => {
      const zeroDeclared = zip(
        { "xl/worksheets/sheet1.xml": sheetOf("<row><c><v>1</v></c></row>".repeat(100)) },
        {
          declare: () => 0,
        },
      );
      expect(await checkZip(zeroDeclared, LIMITS, { keep })).toEqual({ ok: false, reason: "lies" });
      expect(await checkZip(xlsxBomb({ rows: 200_000, lie: true }), LIMITS, { keep })).toEqual({
        ok: false,
        reason: "lies",
      });
    });

    it("refuses a file unpacking past the limit, declared honestly or counted", async () => {
      const big = xlsxBomb({ rows: 200_000 });
      expect(await checkZip(big, { ...LIMITS, maxUnpackedBytes: 1024 * 1024 }, { keep })).toEqual({
        ok: false,
        reason: "unpacked",
      });
    });

    it("counts a sheet's rows and cells (any namespace prefix), refusing past the caps", async () => {
      const rows = zip({
        "xl/worksheets/sheet1.xml": sheetOf('<x:row r="1"><x:c r="A1"/><c/></x:row><row/>'.repeat(10)),
      });
      expect(await checkZip(rows, { ...LIMITS, maxRows: 19 }, { keep })).toEqual({ ok: false, reason: "rows" });
      expect(await checkZip(rows, { ...LIMITS, maxCells: 19 }, { keep })).toEqual({ ok: false, reason: "cells" });
      expect(await checkZip(rows, { ...LIMITS, maxRows: 20, maxCells: 20 }, { keep })).toMatchObject({ ok: true });
    });

    it("answers unreadable for what is not a zip, a cut directory or an unknown method", async () => {
      expect(await checkZip(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), LIMITS, { keep })).toEqual({
        ok: false,
        reason: "unreadable",
      });
      const good = zip({ "a.xml": Buffer.from("<a/>") });
      expect(await checkZip(good.subarray(0, good.length - 10), LIMITS, { keep })).toEqual({
        ok: false,
        reason: "unreadable",
      });
      const broken = new Uint8Array(good);
      broken[8] = 99; // the local header's method
      expect(await checkZip(broken, LIMITS, { keep })).toEqual({ ok: false, reason: "unreadable" });
    });
  });
}

describe("checkZip: counting", () => {
  it("countRows finds the rows xmlElementCounter counts (prefixes, closing tags, longer names, text)", () => {
    const texts = [
      '<row r="1"><c r="A1"><v>1</v></c><col/><cols/></row><x:row><x:c/></x:row>',
      "<sheetData><row/><rowBreaks/><rows/><ab:row>a:row b:row</ab:row><:row/></sheetData><row>",
      "<is><t>x:row &lt;row</t></is><r><row\t/><my-ns.1:row\n/>",
      "",
    ];
    for (const text of texts) {
      const counter = xmlElementCounter();
      counter.feed(Buffer.from(text));
      expect(countRows(Buffer.from(text)), text).toBe(counter.rows);
    }
    expect(countRows(Buffer.from("<row/><x:row/></x:row></row>"))).toBe(2);
  });

  it("xmlElementCounter counts across chunk boundaries and ignores closing tags and longer names", () => {
    const counter = xmlElementCounter();
    const text = '<row r="1"><c r="A1"><v>1</v></c><col/><cols/></row><x:row><x:c/></x:row>';
    for (const part of [text.slice(0, 3), text.slice(3, 12), text.slice(12)]) counter.feed(Buffer.from(part));
    expect({ rows: counter.rows, cells: counter.cells }).toEqual({ rows: 2, cells: 2 });
  });
});

describe("readCheckedWorkbook", () => {
  it("reads the entries the zip check kept as it reads the file itself (inflated once)", async () => {
    for (const name of fs.readdirSync(fixtures).filter((f) => /^(?!bad-not).*\.xlsx$/.test(f))) {
      const bytes = new Uint8Array(fs.readFileSync(path.join(fixtures, name)));
      const check = await checkZip(bytes, LIMITS, { keep: true });
      expect(check.entries?.length, name).toBeGreaterThan(0);
      const limits = { sheetRows: 1_000, maxUnpackedBytes: 1e8, maxCells: 1e6, zipChecked: true };
      const kept = await readCheckedWorkbook(bytes, { ...limits, entries: check.entries });
      expect(kept, name).toEqual(await readCheckedWorkbook(bytes, limits));
      expect(kept, name).toMatchObject({ ok: true });
    }
  });

  it("reads a fixture once its zip has been checked", async () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(fixtures, "three-machines-2026-09.xlsx")));
    const read = await readCheckedWorkbook(bytes, { sheetRows: 1_000, maxUnpackedBytes: 1e8, maxCells: 1e6 });
    expect(read).toMatchObject({ ok: true });
  });

  it("refuses a sheet whose rows times its columns pass the cell cap (one far cell makes every row wide)", async () => {
    const wide = XLSX.utils.aoa_to_sheet([...Array.from({ length: 100 }, (_, i) => [i])]);
    XLSX.utils.sheet_add_aoa(wide, [["far"]], { origin: "ZZ1" });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, wide, "Transactions");
    const bytes = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }));
    const limits = { sheetRows: 1_000, maxUnpackedBytes: 1e8 };
    expect(await readCheckedWorkbook(bytes, { ...limits, maxCells: 10_000 })).toEqual({ ok: false, reason: "cells" });
    expect(await readCheckedWorkbook(bytes, { ...limits, maxCells: 100_000 })).toMatchObject({ ok: true });
  });
});
