import fs from "node:fs";
import path from "node:path";
import * as XLSX from "xlsx";
import { describe, expect, it } from "vitest";
import { xlsxBomb } from "../../scripts/xlsx-bomb.js";
import {
  declaredUnpackedBytes,
  parseSalesReport,
  parseTimeoutMs,
  readSheet,
} from "#domain/imports/telemetry-export-reader.ts";
import {
  interpretSalesTable,
  normaliseHeader,
  parseSaleDate,
  summariseSales,
  SalesReportError,
  footerAgrees,
} from "#domain/imports/telemetry-export.ts";

const FIXTURES = path.resolve("fixtures");
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, "expected.json"), "utf8"));
const read = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));

/** Orders products of equal count by name, as expected.json allows any order among ties. */
const canonical = (products: { name: string; count: number }[]) =>
  [...products].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

function workbook(rows: unknown[][]): Uint8Array {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx" }));
}
const HEADER = [
  "Transaction ID",
  "Machine Name",
  "Product Name",
  "Cost Price",
  "Machine Price",
  "Settlement Value (Vend Price)",
  "Authorization Date and Time (GMT)",
];

describe("the fixtures match expected.json to the penny", () => {
  for (const name of ["single-machine-2026-10", "three-machines-2026-09", "messy-headers-2026-10"]) {
    for (const ext of ["xlsx", "xls"]) {
      it(`${name}.${ext}`, async () => {
        const want = expected[name];
        const report = await parseSalesReport(read(`${name}.${ext}`), { requireMachineName: true });
        const skipped = Object.values(report.skipped).reduce((a, b) => a + (b ?? 0), 0);
        expect(skipped).toBe(want.skippedRows);
        expect(report.rows).toHaveLength(want.validRows);
        for (const [machine, figures] of Object.entries<any>(want.machines)) {
          const rows = report.rows.filter((r) => r.machineName === machine);
          const summary = summariseSales(rows);
          expect(summary.units).toBe(figures.units);
          expect(summary.revenuePence).toBe(figures.revenuePence);
          expect(summary.cogsPence).toBe(figures.cogsPence);
          expect(canonical(summary.topProducts)).toEqual(canonical(figures.topProducts));
          for (const row of rows) expect(row.saleDate?.slice(0, 7)).toBe(want.month);
        }
      });
    }
  }

  it("reads numeric transaction ids as whole digits", async () => {
    const report = await parseSalesReport(read("single-machine-2026-10.xlsx"));
    expect(report.rows.every((r) => /^\d+$/.test(r.transactionId))).toBe(true);
  });

  it("counts why rows were skipped, and leaves the totals footer out", async () => {
    const report = await parseSalesReport(read("messy-headers-2026-10.xlsx"));
    expect(report.skipped).toEqual({ missingTransactionId: 1, nonNumericCost: 1 });
    expect(report.rowsRead).toBe(20);
    expect(report.footer).toEqual({ costPence: 999, settlementPence: 2770, units: null });
    expect(footerAgrees(report)).toBe(false);
  });
});

describe("bad files get the spec's messages", () => {
  it.each([
    ["bad-missing-cost-price.xlsx", "Missing required headers: Cost Price"],
    ["bad-no-valid-rows.xlsx", "No valid transaction data found in the Excel file"],
    [
      "bad-too-few-rows.xlsx",
      "Excel file does not contain enough rows. Expected headers in row 2 and at least one data row.",
    ],
    ["bad-not-a-spreadsheet.xlsx", "The file is not an Excel workbook (.xlsx or .xls)"],
  ])("%s", async (file, message) => {
    await expect(parseSalesReport(read(file))).rejects.toThrow(new SalesReportError(message));
  });

  it("names every missing header", async () => {
    const bytes = workbook([["Title"], ["Transaction ID", "Product Name"], [1, "A"], [2, "B"]]);
    await expect(parseSalesReport(bytes)).rejects.toThrow(
      "Missing required headers: Cost Price, Machine Price, Settlement Value (Vend Price), Authorization Date and Time (GMT)",
    );
  });

  it("needs Machine Name only where rows are routed to machines", async () => {
    // Day-first text dates that read either way: the title's range decides them.
    const rows = [
      ["Sales 01/10/2026 - 31/10/2026"],
      HEADER.filter((h) => h !== "Machine Name"),
      [1, "A", 0.5, 1, 1, "01/10/2026 10:00"],
      [2, "A", 0.5, 1, 1, "02/10/2026"],
    ];
    expect((await parseSalesReport(workbook(rows))).rows).toHaveLength(2);
    await expect(parseSalesReport(workbook(rows), { requireMachineName: true })).rejects.toThrow(
      "Missing required headers: Machine Name",
    );
  });
});

describe("refunds and rows settled at 0", () => {
  const bytes = workbook([
    ["Dynamic Transactions Monitor Mega 01/10/2026 - 31/10/2026"],
    HEADER,
    [101, "M", "Twix", 0.43, 1.1, 1.1, "01/10/2026 09:00:00"],
    [101, "M", "Twix", 0.43, 1.1, -1.1, "01/10/2026 09:05:00"],
    [102, "M", "Snickers", 0.44, 1.1, 0, "02/10/2026 10:00:00"],
    [103, "M", "Snickers", 0.44, 1.1, 1.1, "03/10/2026 11:00:00"],
    ["Total", null, null, 1.74, null, 2.2, null],
  ]);

  it("a negative settlement is a refund: nets off revenue, not a unit; 0 is skipped as a cancelled vend", async () => {
    const report = await parseSalesReport(bytes);
    expect(report.skipped).toEqual({ settledAtZero: 1 });
    expect(report.rows.map((r) => [r.transactionId, r.kind])).toEqual([
      ["101", "sale"],
      ["101", "refund"],
      ["103", "sale"],
    ]);
    expect(summariseSales(report.rows)).toEqual({
      units: 2,
      revenuePence: 110,
      cogsPence: 87,
      refunds: 1,
      topProducts: [
        { name: "Snickers", count: 1 },
        { name: "Twix", count: 1 },
      ],
    });
  });
});

describe("headers and dates", () => {
  it("matches headers case-insensitively after trimming spaces and zero-width characters", () => {
    expect(normaliseHeader("\u200BSettlement Value (Vend Price)  ")).toBe("settlement value (vend price)");
    expect(normaliseHeader(" COST\u00A0PRICE ")).toBe("cost price");
  });

  it.each([
    [46305.8031481481, "2026-10-10T19:16:32.000Z"],
    ["10/10/2026 19:16:32", "2026-10-10T19:16:32.000Z"],
    ["1/2/2026", "2026-02-01T00:00:00.000Z"],
    ["2026-10-10T19:16:32Z", "2026-10-10T19:16:32.000Z"],
    ["2026-10-10 19:16:32", "2026-10-10T19:16:32.000Z"],
    ["31/02/2026", null],
    ["yesterday", null],
    [null, null],
  ])("parseSaleDate(%j) = %j", (input, output) => {
    expect(parseSaleDate(input)).toBe(output);
  });

  it("formats serial dates with a day cache exactly as toISOString does, rounded to the second", () => {
    const days = new Map<number, string>();
    const serials = [0, 1, 25569, 25568.99999, 46305.8031481481, 46305.999999, 2958465.99999, -1.5, 45000.5];
    for (let i = 0; i < 2_000; i++) serials.push(20_000 + ((i * 7919.123456) % 40_000));
    for (const serial of serials) {
      const expected = new Date(Math.round((serial - 25569) * 86_400) * 1000).toISOString();
      expect(parseSaleDate(serial, days)).toBe(expected);
      expect(parseSaleDate(serial)).toBe(expected);
    }
  });
});

describe("top products", () => {
  it("keeps the 10 best sellers, ties by name", () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      Array.from({ length: 12 - i }, () => ({
        kind: "sale" as const,
        settlementPence: 100,
        costPence: 40,
        quantity: 1,
        productName: `P${String(i).padStart(2, "0")}`,
      })),
    ).flat();
    const top = summariseSales(rows).topProducts;
    expect(top).toHaveLength(10);
    expect(top[0]).toEqual({ name: "P00", count: 12 });
    expect(top[9]).toEqual({ name: "P09", count: 3 });
  });
});

describe("bounded before parsing (issue 11: zip bombs)", () => {
  function smallWorkbook(): Uint8Array {
    const sheet = XLSX.utils.aoa_to_sheet([
      ["Title"],
      [
        "Transaction ID",
        "Product Name",
        "Cost Price",
        "Machine Price",
        "Settlement Value (Vend Price)",
        "Authorization Date and Time (GMT)",
      ],
      [1, "A", 1, 2, 2, "2026-10-01 10:00:00"],
      [2, "B", 1, 2, 2, "2026-10-01 11:00:00"],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "T");
    return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer);
  }

  it("reads the unpacked size from the zip's central directory", async () => {
    const bytes = smallWorkbook();
    const declared = declaredUnpackedBytes(bytes);
    expect(declared).toBeGreaterThan(bytes.length);
    expect((await parseSalesReport(bytes)).rows).toHaveLength(2);
  });

  it("refuses a workbook that declares more than 150 MB unpacked, before inflating anything", async () => {
    const bytes = smallWorkbook();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // Every central-directory entry claims 100 MB unpacked.
    for (let at = 0; at + 46 <= bytes.length; at++)
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 100 * 1024 * 1024, true);
    await expect(parseSalesReport(bytes)).rejects.toThrow(
      "The workbook unpacks to more than 150 MB: split it into smaller exports",
    );
  });
});

describe("read off the main thread, within a time budget (issue 11: zip bombs)", () => {
  const HEADER_ROWS = [["Title"], HEADER];

  it("a sheet with more rows than the cap is refused (SheetJS stops one row past it)", async () => {
    // 250,000 one-cell rows that declare their true size (under 150 MB): only the row cap stops them.
    await expect(parseSalesReport(xlsxBomb({ rows: 250_000 }))).rejects.toThrow(
      new SalesReportError("The file has more than 200,000 rows: split it into smaller exports"),
    );
    expect(() => interpretSalesTable([...HEADER_ROWS, ...Array.from({ length: 200_002 }, () => [1])])).toThrow(
      "The file has more than 200,000 rows",
    );
  });

  const workers = () => process.getActiveResourcesInfo().filter((kind) => kind === "MessagePort").length;

  it("a file still being read when its budget runs out is refused with its message, its worker ended; timers run meanwhile", async () => {
    const events: string[] = [];
    const before = workers();
    // 150,000 rows (within the caps, so counted and passed) cannot be read by SheetJS in 50 ms, however fast the machine.
    const parse = parseSalesReport(xlsxBomb({ rows: 150_000 }), { limits: { timeoutMs: 50 } }).then(
      () => events.push("parsed"),
      (error: unknown) => events.push(error instanceof SalesReportError ? error.message : String(error)),
    );
    // A synchronous parse would answer before any timer; the zip's count and the worker leave the event loop free.
    await new Promise((resolve) => setTimeout(resolve, 1));
    events.push("timer");
    let waited = 0;
    while (workers() === before && waited++ < 400) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(workers()).toBe(before + 1);
    await parse;
    expect(events).toEqual(["timer", "The file took too long to read: split it into smaller exports"]);
    expect(workers()).toBe(before);
  });

  it("a zip that understates its unpacked size is refused as it inflates, with its message", async () => {
    const bytes = xlsxBomb({ rows: 3_000_000, lie: true });
    expect(declaredUnpackedBytes(bytes)).toBeLessThan(10 * 1024);
    await expect(parseSalesReport(bytes)).rejects.toThrow(
      new SalesReportError(
        "The workbook unpacks to more than its zip declares: it is damaged or not a real export, and was not read",
      ),
    );
  });

  it("reads the first sheet's name and rows as plain values", async () => {
    const { sheetName, table } = await readSheet(workbook([["Title"], ["A", "B"], [1, "x"], [null, true]]));
    expect(sheetName).toBe("Sheet1");
    expect(table).toEqual([
      ["Title", null],
      ["A", "B"],
      [1, "x"],
      [null, true],
    ]);
  });

  it("the budget is PARSE_TIMEOUT_MS, else 20 s", () => {
    expect(parseTimeoutMs({})).toBe(20_000);
    expect(parseTimeoutMs({ PARSE_TIMEOUT_MS: "1500" })).toBe(1_500);
    expect(parseTimeoutMs({ PARSE_TIMEOUT_MS: "soon" })).toBe(20_000);
  });
});
