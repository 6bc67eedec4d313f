/**
 * The date reader of telemetry exports (ARCHITECTURE.md section 13): every form a file
 * carries, the day/month order decided once per file (title range, an unambiguous row, AM/PM),
 * an ambiguous file refused rather than guessed, and rows of a month not begun or outside the
 * title's range left out with their reasons and revenue.
 */
import { describe, expect, it } from "vitest";
import { decideDateOrder, insideRange, readExportDate, serialToIso, titleRange } from "#domain/imports/export-dates.ts";
import { DateOrderNeededError, interpretSalesTable } from "#domain/imports/telemetry-export.ts";

describe("readExportDate: every form", () => {
  it.each([
    // date cells (1900 serials), ISO text
    [46305.8031481481, "dmy", "2026-10-10T19:16:32.000Z"],
    ["2026-10-10T19:16:32Z", "dmy", "2026-10-10T19:16:32.000Z"],
    ["2026-10-10 19:16:32", "mdy", "2026-10-10T19:16:32.000Z"],
    ["2026-10-10", "dmy", "2026-10-10T00:00:00.000Z"],
    // day-first text, with or without a 24-hour time
    ["01/10/2026", "dmy", "2026-10-01T00:00:00.000Z"],
    ["21/10/2026 09:14", "dmy", "2026-10-21T09:14:00.000Z"],
    ["21.10.2026 23:59:59", "dmy", "2026-10-21T23:59:59.000Z"],
    ["21-10-2026 00:00:01", "dmy", "2026-10-21T00:00:01.000Z"],
    // month-first text with AM/PM, or with a 24-hour time
    ["10/1/2026 7:40:26 AM", "mdy", "2026-10-01T07:40:26.000Z"],
    ["10/1/2026 7:40 PM", "mdy", "2026-10-01T19:40:00.000Z"],
    ["10/1/2026 12:05:00 AM", "mdy", "2026-10-01T00:05:00.000Z"],
    ["10/1/2026 12:05:00 PM", "mdy", "2026-10-01T12:05:00.000Z"],
    ["10/21/2026 09:14:00", "mdy", "2026-10-21T09:14:00.000Z"],
    ["10/3/2026 15:04:05", "mdy", "2026-10-03T15:04:05.000Z"],
    ["  10/3/2026\u00A0 3:04:05 pm ", "mdy", "2026-10-03T15:04:05.000Z"],
    ["10/3/2026\u00A03:04:05 PM", "mdy", "2026-10-03T15:04:05.000Z"],
    ["10/1/2026 1:15 AM", "mdy", "2026-10-01T01:15:00.000Z"],
    // ISO text with two spaces before the time, or with its own offset from GMT
    ["2026-10-10  19:16:32", "dmy", "2026-10-10T19:16:32.000Z"],
    ["2026-10-10T19:16:32+0100", "dmy", "2026-10-10T18:16:32.000Z"],
    ["2026-10-10 19:16:32-05:00", "dmy", "2026-10-11T00:16:32.000Z"],
    // not a date in the order given, or not a date at all
    ["10/21/2026 09:14:00", "dmy", null],
    ["21/10/2026", "mdy", null],
    ["31/02/2026", "dmy", null],
    ["2026-09-31 10:00:00", "dmy", null],
    ["2026-02-30", "mdy", null],
    ["10/1/2026 13:00 PM", "mdy", null],
    ["10/1/2026 0:30 AM", "mdy", null],
    ["10/1/2026 24:00", "mdy", null],
    ["15/10/2026 24:00", "dmy", null],
    ["10/1/2026 10:60", "mdy", null],
    ["10/1/2026 10:59:60", "mdy", null],
    // a year before 100 is a typo, not a sale two thousand years ago
    ["0050-10-10", "dmy", null],
    ["yesterday", "dmy", null],
    ["", "dmy", null],
    [null, "dmy", null],
  ] as const)("%j read %s = %j", (value, order, expected) => {
    expect(readExportDate(value, { order })).toBe(expected);
  });

  it("reads text that reads the same both ways without an order, and nothing else", () => {
    expect(readExportDate("10/10/2026 08:00", { order: null })).toBe("2026-10-10T08:00:00.000Z");
    expect(readExportDate("10/1/2026 08:00", { order: null })).toBeNull();
  });

  it("reads a date cell the workbook library made a Date, and refuses an invalid one", () => {
    expect(readExportDate(new Date(Date.UTC(2026, 9, 10, 19, 16, 32)), { order: null })).toBe(
      "2026-10-10T19:16:32.000Z",
    );
    expect(readExportDate(new Date(Number.NaN), { order: "dmy" })).toBeNull();
  });

  it("reads ISO text without an offset as GMT whatever the server's time zone", () => {
    const zone = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      expect(readExportDate("2026-10-10 19:16:32", { order: "dmy" })).toBe("2026-10-10T19:16:32.000Z");
      expect(readExportDate("2026-10-10T19:16", { order: "dmy" })).toBe("2026-10-10T19:16:00.000Z");
      expect(readExportDate("2026-10-10", { order: "dmy" })).toBe("2026-10-10T00:00:00.000Z");
    } finally {
      process.env.TZ = zone;
    }
  });

  it("writes a serial beyond Date's reach as nothing, and a year outside 0000-9999 with its sign", () => {
    expect(serialToIso(1e10)).toBeNull();
    expect(serialToIso(3_000_000)).toBe("+010113-09-19T00:00:00.000Z");
    expect(serialToIso(-700_000)).toBe("-000017-06-18T00:00:00.000Z");
  });

  it("keeps one date text per day in the file's cache, and reads the same with it", () => {
    const days = new Map<number, string>();
    const serials = Array.from({ length: 62 }, (_, i) => 46296 + Math.floor(i / 2) + (i % 2) / 3);
    const read = serials.map((serial) => serialToIso(serial, { days }));
    expect(read).toEqual(serials.map((serial) => serialToIso(serial)));
    expect(read.slice(0, 2)).toEqual(["2026-10-01T00:00:00.000Z", "2026-10-01T08:00:00.000Z"]);
    expect(days.size).toBe(31);
  });

  it("honours a workbook's 1904 date system", () => {
    // 44843.80315 in the 1904 system is the same instant as 46305.80315 in the 1900 system.
    expect(serialToIso(46305.8031481481 - 1462, { date1904: true })).toBe("2026-10-10T19:16:32.000Z");
    expect(readExportDate(46305.8031481481 - 1462, { order: "dmy", date1904: true })).toBe("2026-10-10T19:16:32.000Z");
    expect(readExportDate(46305.8031481481 - 1462, { order: "dmy" })).toBe("2022-10-09T19:16:32.000Z");
  });
});

describe("titleRange: the one reading of the title that is a valid range", () => {
  it.each([
    ["Dynamic Transactions Monitor - 01/10/2026 - 31/10/2026", { from: "2026-10-01", to: "2026-10-31" }, false],
    ["Dynamic Transactions Monitor - 10/1/2026 - 10/31/2026", { from: "2026-10-01", to: "2026-10-31" }, false],
    ["Export 2026-10-01 to 2026-10-31", { from: "2026-10-01", to: "2026-10-31" }, false],
    // the only valid reading: 13 is not a month, and 12/01 is after 01/02 read day-first
    ["13/10/2026 - 20/10/2026", { from: "2026-10-13", to: "2026-10-20" }, false],
    ["12/01/2026 - 01/02/2026", { from: "2026-01-12", to: "2026-02-01" }, false],
    // both readings valid and different: no range
    ["Sales 01/10/2026 - 10/10/2026", null, true],
    // the same both ways
    ["Sales 01/01/2026 - 12/12/2026", { from: "2026-01-01", to: "2026-12-12" }, false],
    ["Dynamic Transactions Monitor Mega", null, false],
    // the first two dates only: an export date after them is not part of the range
    ["Sales 01/10/2026 - 31/10/2026, exported 01/11/2026", { from: "2026-10-01", to: "2026-10-31" }, false],
    // a range of one day
    ["Sales 2026-10-05 to 2026-10-05", { from: "2026-10-05", to: "2026-10-05" }, false],
    // no reading is a range: a day that does not exist, or a first day after the last
    ["Sales 2026-10-01 to 2026-02-30", null, false],
    ["Sales 31/10/2026 - 01/10/2026", null, false],
  ])("%j", (title, range, ambiguous) => {
    expect(titleRange(title)).toEqual({ range, ambiguous });
  });

  it("gives one day of slack either side (titles are local time, rows GMT)", () => {
    const range = { from: "2026-10-01", to: "2026-10-31" };
    expect(insideRange("2026-09-30T23:30:00.000Z", range)).toBe(true);
    expect(insideRange("2026-11-01T00:30:00.000Z", range)).toBe(true);
    expect(insideRange("2026-09-29T23:59:59.000Z", range)).toBe(false);
    expect(insideRange("2026-11-02T00:00:00.000Z", range)).toBe(false);
  });
});

describe("decideDateOrder: once per file", () => {
  it("by the title: a day-first title over month-first rows (the rows read inside the range one way only)", () => {
    const reading = decideDateOrder("Dynamic Transactions Monitor - 01/10/2026 - 31/10/2026", [
      "10/3/2026 15:04:05",
      "10/7/2026 09:14:00",
      "10/1/2026 10:00:00",
    ]);
    expect(reading).toMatchObject({
      order: "mdy",
      decidedBy: "title",
      ambiguous: false,
      range: { from: "2026-10-01", to: "2026-10-31" },
    });
  });

  it("by the title: day-first rows under the same title", () => {
    expect(decideDateOrder("Sales 01/10/2026 - 31/10/2026", ["03/10/2026 15:04", "07/10/2026 09:14"])).toMatchObject({
      order: "dmy",
      decidedBy: "title",
    });
  });

  it("by an unambiguous row: a first number above 12 is day-first, a second one month-first", () => {
    expect(decideDateOrder("Sales", ["03/10/2026 15:04", "21/10/2026 09:14"])).toMatchObject({
      order: "dmy",
      decidedBy: "unambiguous date",
      range: null,
    });
    expect(decideDateOrder("Sales", ["10/3/2026 15:04", "10/21/2026 09:14"])).toMatchObject({
      order: "mdy",
      decidedBy: "unambiguous date",
    });
  });

  it("by AM/PM: 12-hour text is month-first", () => {
    expect(decideDateOrder("Sales", ["10/1/2026 7:40:26 AM", "10/2/2026 1:15:00 PM"])).toMatchObject({
      order: "mdy",
      decidedBy: "AM/PM",
    });
  });

  it("an ambiguous title falls through to the rows (and gives no range)", () => {
    expect(decideDateOrder("Sales 01/10/2026 - 10/10/2026", ["05/10/2026 10:00", "21/10/2026 09:14"])).toMatchObject({
      order: "dmy",
      decidedBy: "unambiguous date",
      range: null,
    });
    expect(decideDateOrder("Sales 01/10/2026 - 10/10/2026", ["05/10/2026 10:00", "06/10/2026 09:14"])).toMatchObject({
      order: null,
      ambiguous: true,
    });
  });

  it("an ambiguous file is not guessed: the order given is used, or the caller must ask", () => {
    const cells = ["05/10/2026 10:00", "06/10/2026 09:14"];
    expect(decideDateOrder("Sales", cells)).toEqual({ order: null, decidedBy: null, ambiguous: true, range: null });
    expect(decideDateOrder("Sales", cells, "mdy")).toMatchObject({
      order: "mdy",
      decidedBy: "given",
      ambiguous: false,
    });
    // the order given never overrides a file that decides itself
    expect(decideDateOrder("Sales", ["21/10/2026 09:14", ...cells], "mdy")).toMatchObject({
      order: "dmy",
      decidedBy: "unambiguous date",
    });
  });

  it("a title whose range no row falls inside either way leaves the order to the rows", () => {
    expect(decideDateOrder("Sales 01/10/2026 - 31/10/2026", ["05/06/2026 10:00", "21/06/2026 09:14"])).toMatchObject({
      order: "dmy",
      decidedBy: "unambiguous date",
      range: { from: "2026-10-01", to: "2026-10-31" },
    });
  });

  it("a 12 is still a month: 12/05 and 05/12 decide nothing, 25/12 and 12/25 do", () => {
    expect(decideDateOrder("Sales", ["12/05/2026 10:00", "11/05/2026 09:14"])).toMatchObject({ ambiguous: true });
    expect(decideDateOrder("Sales", ["05/12/2026 10:00", "04/11/2026 09:14"])).toMatchObject({ ambiguous: true });
    expect(decideDateOrder("Sales", ["05/12/2026 10:00", "25/12/2026 09:14"])).toMatchObject({ order: "dmy" });
    expect(decideDateOrder("Sales", ["12/05/2026 10:00", "12/25/2026 09:14"])).toMatchObject({ order: "mdy" });
  });

  it("by AM/PM: one row with AM or PM among 24-hour rows is enough", () => {
    expect(decideDateOrder("Sales", ["10/2/2026 13:15", "10/1/2026 7:40 AM", "10/3/2026 09:00"])).toMatchObject({
      order: "mdy",
      decidedBy: "AM/PM",
    });
  });

  it("rows with both day-first and month-first dates decide nothing", () => {
    expect(decideDateOrder("Sales", ["21/10/2026 09:14", "10/21/2026 09:14"])).toMatchObject({ ambiguous: true });
  });

  it("needs no order when no text date reads differently each way", () => {
    expect(decideDateOrder("Sales", [46305.8, "2026-10-10 10:00", "10/10/2026"])).toMatchObject({
      order: "dmy",
      decidedBy: "not needed",
      ambiguous: false,
    });
  });
});

const HEADERS = [
  "Transaction ID",
  "Product Name",
  "Cost Price",
  "Machine Price",
  "Settlement Value (Vend Price)",
  "Authorization Date and Time (GMT)",
];
const NOW = new Date("2026-11-27T10:00:00Z");

describe("interpretSalesTable: dates decided once, rows left out with their reasons", () => {
  it("reads the telemetry system's month-first AM/PM rows under a day-first title, not day-first", () => {
    const report = interpretSalesTable(
      [
        ["Dynamic Transactions Monitor - 01/10/2026 - 31/10/2026"],
        HEADERS,
        [1, "Twix", "0.43", "1.10", "1.10", "10/1/2026 7:40:26 AM"],
        [2, "Twix", "0.43", "1.10", "1.10", "10/3/2026 15:04:05"],
        [3, "Twix", "0.43", "1.10", "1.10", "10/21/2026 09:14:00"],
      ],
      { now: NOW },
    );
    expect(report.rows.map((r) => r.saleDate)).toEqual([
      "2026-10-01T07:40:26.000Z",
      "2026-10-03T15:04:05.000Z",
      "2026-10-21T09:14:00.000Z",
    ]);
    expect(report.dates).toMatchObject({ order: "mdy", decidedBy: "title" });
    expect(report.dateExcluded).toEqual({});
  });

  it("leaves out a future-month row and a row outside the title's range, with their revenue", () => {
    const report = interpretSalesTable(
      [
        ["Sales 01/10/2026 - 31/10/2026"],
        HEADERS,
        [1, "Twix", 0.43, 1.1, 1.1, "2026-10-05 10:00:00"],
        [2, "Twix", 0.43, 1.1, 2.35, "2026-12-02 10:00:00"],
        [3, "Twix", 0.43, 1.1, 1.2, "2026-11-03 10:00:00"],
        [4, "Twix", 0.43, 1.1, 0.8, "2026-09-30 22:00:00"],
        [5, "Twix", 0.43, 1.1, 1.1, "not a date"],
      ],
      { now: NOW },
    );
    expect(report.rows.map((r) => r.transactionId)).toEqual(["1", "4"]);
    expect(report.dateExcluded).toEqual({
      notBegun: { count: 1, revenuePence: 235 },
      outsideRange: { count: 1, revenuePence: 120 },
      unreadableDate: { count: 1, revenuePence: 110 },
    });
  });

  it("takes a date cell of a year outside 1900-9999 as unreadable, never as a month to book", () => {
    const report = interpretSalesTable(
      [
        ["Sales"],
        HEADERS,
        [1, "Twix", 0.43, 1.1, 1.1, 3_000_000],
        [2, "Twix", 0.43, 1.1, 2.2, -5],
        [3, "Twix", 0.43, 1.1, 1.1, "2026-10-05 10:00:00"],
      ],
      { now: NOW },
    );
    expect(report.rows.map((r) => r.transactionId)).toEqual(["3"]);
    expect(report.dateExcluded).toEqual({ unreadableDate: { count: 2, revenuePence: 330 } });
  });

  it("reads a refund's negative Quantity as the units returned, and refuses it on a sale", () => {
    const report = interpretSalesTable(
      [
        ["Sales"],
        [...HEADERS, "Quantity"],
        [1, "Twix", 0.43, 1.1, 2.2, "2026-10-05 10:00:00", 2],
        [1, "Twix", 0.43, 1.1, -2.2, "2026-10-05 11:00:00", -2],
        [2, "Twix", 0.43, 1.1, 1.1, "2026-10-05 12:00:00", -1],
      ],
      { now: NOW },
    );
    expect(report.rows.map((r) => [r.transactionId, r.kind, r.quantity])).toEqual([
      ["1", "sale", 2],
      ["1", "refund", 2],
    ]);
    expect(report.skipped).toEqual({ badQuantity: 1 });
  });

  it("books rows of the month in progress (month to date)", () => {
    const report = interpretSalesTable(
      [
        ["Sales"],
        HEADERS,
        [1, "Twix", 0.43, 1.1, 1.1, "2026-11-26 10:00:00"],
        [2, "Twix", 0.43, 1.1, 1.1, "2026-11-27 09:00:00"],
      ],
      { now: NOW },
    );
    expect(report.rows).toHaveLength(2);
  });

  it("refuses to guess an ambiguous file, and reads it in the order given", () => {
    const table = [
      ["Sales"],
      HEADERS,
      [1, "Twix", 0.43, 1.1, 1.1, "05/10/2026 10:00"],
      [2, "Twix", 0.43, 1.1, 1.1, "06/10/2026 11:00"],
    ];
    expect(() => interpretSalesTable(table, { now: NOW })).toThrow(DateOrderNeededError);
    expect(() => interpretSalesTable(table, { now: NOW })).toThrow(
      "Dates in this file are: day/month or month/day? Its dates (such as 05/10/2026 10:00) read either way",
    );
    expect(interpretSalesTable(table, { now: NOW, dateOrder: "dmy" }).rows.map((r) => r.saleDate)).toEqual([
      "2026-10-05T10:00:00.000Z",
      "2026-10-06T11:00:00.000Z",
    ]);
    expect(interpretSalesTable(table, { now: NOW, dateOrder: "mdy" }).rows.map((r) => r.saleDate)).toEqual([
      "2026-05-10T10:00:00.000Z",
      "2026-06-10T11:00:00.000Z",
    ]);
  });

  it("honours the 1904 system for date cells", () => {
    const report = interpretSalesTable(
      [
        ["Sales"],
        HEADERS,
        [1, "Twix", 0.43, 1.1, 1.1, 46305.8031481481 - 1462],
        [2, "Twix", 0.43, 1.1, 1.1, 46306.5 - 1462],
      ],
      { now: NOW, date1904: true },
    );
    expect(report.rows.map((r) => r.saleDate)).toEqual(["2026-10-10T19:16:32.000Z", "2026-10-11T12:00:00.000Z"]);
  });

  it("states the footer's units and money beside the rows' and the difference", async () => {
    const { footerCheck, footerSentence } = await import("#domain/imports/telemetry-export.ts");
    const report = interpretSalesTable(
      [
        ["Sales"],
        [...HEADERS, "Quantity"],
        [1, "Twix", 0.43, 1.1, 1.1, "2026-10-05 10:00:00", 2],
        [2, "Twix", 0.43, 1.1, 1.1, "2026-10-06 10:00:00", 1],
        ["Total", null, 0.86, null, 3.3, null, 4],
      ],
      { now: NOW },
    );
    const check = footerCheck(report)!;
    expect(check).toEqual({
      agrees: false,
      units: { footer: 4, rows: 3, difference: -1 },
      costPence: { footer: 86, rows: 86, difference: 0 },
      settlementPence: { footer: 330, rows: 220, difference: -110 },
    });
    expect(footerSentence(check)).toBe(
      "the totals footer differs: units 4 in the footer, 3 in the rows (−1); cost £0.86 in the footer, £0.86 in the rows (+£0.00); settlement £3.30 in the footer, £2.20 in the rows (−£1.10)",
    );
  });
});
