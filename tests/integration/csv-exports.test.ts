/**
 * CSV exports (.csv by name only): comma or semicolon separated, UTF-8 with or without a
 * BOM or Windows-1252, a decimal comma in semicolon files. A CSV twin of each good sample fixture,
 * written here from the workbook's own cells, imports to exactly the workbook's figures
 * (fixtures/expected.json) through the machine upload and `vendboard import`/importExports; the
 * upload is kept as uploaded and served back as CSV; bad CSV files are refused with their reason.
 */
import { exclusionsJson } from "#domain/imports/import-json.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as reportLoader } from "#app/routes/api.records.$id.report.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { describeSkipped, importExports, readUpload, sha256 } from "#domain/imports/import-service.ts";
import { parseSalesReport } from "#domain/imports/telemetry-export-reader.ts";
import type { ParsedSalesReport } from "#domain/imports/telemetry-export.ts";
import { onPostgres } from "#tests/databases.ts";
import { makeAdmin, makeMachine, makePartner } from "#tests/factories.ts";
import { runCli } from "./cli-run.ts";
import {
  clearMachines,
  csvBytes,
  csvText,
  csvTwin,
  CSV_VARIANTS,
  postAdminImport,
  postUpload,
  recordsOf,
  tableCounts,
  TITLE_OCTOBER,
  type CsvVariant,
} from "./export-writers.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures");
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));

interface ProductCount {
  name: string;
  count: number;
}
interface GoodFixture {
  month: string;
  skippedRows: number;
  validRows: number;
  machines: Record<string, { units: number; revenuePence: number; cogsPence: number; topProducts: ProductCount[] }>;
}
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, "expected.json"), "utf8")) as Record<
  string,
  GoodFixture
>;
const ranked = (list: ProductCount[]) => [...list].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

const LEEDS = "Leeds Station Concourse";
const GOOD = ["single-machine-2026-10", "messy-headers-2026-10", "three-machines-2026-09"] as const;
const slug = (variant: CsvVariant) => variant.name.replace(/[^a-z0-9]+/gi, "-").toLowerCase();

let adminCookie: string;
let ownerId: number;
let ownerCookie: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-csv-exports-"));
/** Each workbook read by the parser as it is: what its CSV twins must come to. */
const workbooks = new Map<string, ParsedSalesReport>();

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  const owner = await makePartner(db);
  ownerId = owner.id;
  ownerCookie = await loginCookie(owner.username);
  for (const name of GOOD)
    workbooks.set(name, await parseSalesReport(fixture(`${name}.xlsx`), { fileName: `${name}.xlsx` }));
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const twin = (name: string, variant: CsvVariant) => ({
  name: `${name}-${slug(variant)}.csv`,
  bytes: csvTwin(fixture(`${name}.xlsx`), variant),
});

/** The rows as the import sees them (the row number aside). */
const rowsOf = (report: ParsedSalesReport) => report.rows.map(({ rowNumber: _rowNumber, ...row }) => row);

const CASES = GOOD.flatMap((name) =>
  CSV_VARIANTS.map((variant) => ({ name, variant, label: `${name}, ${variant.name}` })),
);

describe("the CSV twins, as written", () => {
  it("carry each variant's separator, encoding, BOM, decimal comma, £ and dates", () => {
    const [utf8Bom, cp1252, semicolonUtf8, semicolonCp1252] = CSV_VARIANTS.map(
      (v) => twin("single-machine-2026-10", v).bytes,
    );
    expect([...utf8Bom.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csvText(utf8Bom, "utf-8").split("\r\n").slice(0, 3)).toEqual([
      "Dynamic Transactions Monitor Mega 01/10/2026 - 31/10/2026,,,,,,,,,,,,,",
      "Site ID,Transaction ID,Payment Method ID,Currency,Machine Name,Product Name,Quantity,Cost Price,Machine Price,Settlement Value (Vend Price),Authorization Date and Time (GMT),Settlement Date and Time (GMT),Card Number,Product Group",
      "4,7100001000,1,GBP,Leeds Station Concourse,Monster Energy 500ml,1,1.05,2.4,2.4,10/25/2026 6:44:28 AM,10/25/2026 6:44:28 AM,************4748,Snacks",
    ]);
    // Windows-1252: £ is the one byte 0xA3, never UTF-8's 0xC2 0xA3.
    expect(cp1252.includes(0xa3)).toBe(true);
    expect(cp1252.includes(0xc2)).toBe(false);
    expect(csvText(cp1252, "windows-1252").split("\r\n")[2]).toBe(
      "4,7100001000,1,GBP,Leeds Station Concourse,Monster Energy 500ml,1,£1.05,£2.4,£2.4,2026-10-25 06:44:28,2026-10-25 06:44:28,************4748,Snacks",
    );
    expect([...semicolonUtf8.slice(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    expect(csvText(semicolonUtf8, "utf-8").split("\n")[2]).toBe(
      "4;7100001000;1;GBP;Leeds Station Concourse;Monster Energy 500ml;1;£1,05;£2,4;£2,4;2026-10-25 06:44:28;2026-10-25 06:44:28;************4748;Snacks",
    );
    const lines = csvText(semicolonCp1252, "windows-1252").split("\r\n");
    expect(lines.at(-2)).toBe("Total;;;;;;;£24,48;;£61,5;;;;");
    // messy-headers' stray spaces stay; its zero-width spaces become no-break spaces in Windows-1252.
    const messy = csvText(twin("messy-headers-2026-10", CSV_VARIANTS[3]).bytes, "windows-1252").split("\r\n")[1];
    expect(messy.startsWith("Site ID  ;TRANSACTION ID;\u00A0Payment Method ID;Currency  ;")).toBe(true);
    expect(csvText(twin("messy-headers-2026-10", CSV_VARIANTS[0]).bytes, "utf-8").split("\r\n")[1]).toContain(
      ",\u200BProduct Name,",
    );
  });
});

describe("each CSV twin reads as its workbook does (parser)", () => {
  it.each(CASES)("$label", async ({ name, variant }) => {
    const file = twin(name, variant);
    const csv = await parseSalesReport(file.bytes, { fileName: file.name });
    const xlsx = workbooks.get(name)!;
    expect(rowsOf(csv)).toEqual(rowsOf(xlsx));
    expect({
      rowsRead: csv.rowsRead,
      skipped: csv.skipped,
      skippedRevenuePence: csv.skippedRevenuePence,
      dateExcluded: csv.dateExcluded,
      footer: csv.footer,
    }).toEqual({
      rowsRead: xlsx.rowsRead,
      skipped: xlsx.skipped,
      skippedRevenuePence: xlsx.skippedRevenuePence,
      dateExcluded: {},
      footer: xlsx.footer,
    });
    // Telemetry dates are month-first: the title's range decides, else an unambiguous date (9/28/2026) or AM/PM.
    expect(csv.dates.order).toBe(variant.dates === "telemetry" ? "mdy" : "dmy");
  });
});

describe("a CSV twin through a machine's upload: exactly the workbook's figures", () => {
  beforeEach(clearMachines);

  it.each(CASES.filter((c) => c.name !== "three-machines-2026-09"))("$label", async ({ name, variant }) => {
    const spec = expected[name];
    const figures = spec.machines[LEEDS];
    const machine = await makeMachine(db, ownerId, LEEDS);
    const file = twin(name, variant);
    const xlsx = workbooks.get(name)!;
    const response = await postUpload(machine.id, {
      month: spec.month,
      bytes: file.bytes,
      fileName: file.name,
      cookie: adminCookie,
    });
    expect(response.status).toBe(201);
    const result = await response.json();
    expect(result).toMatchObject({
      fileName: file.name,
      month: spec.month,
      units: figures.units,
      revenuePence: figures.revenuePence,
      cogsPence: figures.cogsPence,
      refunds: 0,
      imported: spec.validRows,
      rowsRead: spec.validRows + spec.skippedRows,
      outsideMonth: 0,
      needsConfirmation: false,
      warnings: [],
    });
    expect(result.skipped).toEqual(exclusionsJson(describeSkipped(xlsx.skipped, xlsx.skippedRevenuePence)));
    expect(result.skipped.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(spec.skippedRows);
    expect(ranked(result.topProducts)).toEqual(ranked(figures.topProducts));
    // messy-headers' footer also totals its two skipped rows.
    expect(result.footerAgrees).toBe(name === "single-machine-2026-10");

    expect((await recordsOf(machine.id)).map((r) => [r.month, r.totalSales, r.revenuePence, r.cogsPence])).toEqual([
      [spec.month, figures.units, figures.revenuePence, figures.cogsPence],
    ]);
    // Kept as uploaded: uploads/<sha256>.csv, the same bytes.
    const key = `uploads/${sha256(file.bytes)}.csv`;
    const receipt = await db
      .selectFrom("importReceipts")
      .select(["storedPath", "fileName"])
      .where("recordId", "=", result.recordId)
      .executeTakeFirstOrThrow();
    expect({ ...receipt, storedPath: receipt.storedPath.replaceAll("\\", "/") }).toEqual({
      storedPath: key,
      fileName: file.name,
    });
    expect(Buffer.from((await readUpload(db, DATA_DIR, key))!).equals(Buffer.from(file.bytes))).toBe(true);
    if (!onPostgres) expect(fs.readFileSync(path.join(DATA_DIR, key)).equals(Buffer.from(file.bytes))).toBe(true);
  });
});

describe("the three-machine CSV twin through vendboard import: exactly the workbook's figures per machine", () => {
  beforeEach(clearMachines);

  it.each(CASES.filter((c) => c.name === "three-machines-2026-09"))("$label", async ({ name, variant }) => {
    const spec = expected[name];
    const machines = new Map<string, number>();
    for (const location of Object.keys(spec.machines))
      machines.set(location, (await makeMachine(db, ownerId, location)).id);
    const file = twin(name, variant);
    const where = path.join(tmp, file.name);
    fs.writeFileSync(where, file.bytes);
    const run = await runCli(["import", where, "--json"]);
    expect(run.code, run.err).toBe(0);
    const [outcome] = JSON.parse(run.out).files;
    expect(outcome).toMatchObject({
      ok: true,
      result: { rowsRead: spec.validRows, skipped: [], leftOut: [], needsConfirmation: false },
    });
    expect(outcome.result.groups.reduce((n: number, g: { imported: number }) => n + g.imported, 0)).toBe(
      spec.validRows,
    );
    for (const [location, figures] of Object.entries(spec.machines)) {
      expect(
        (await recordsOf(machines.get(location)!)).map((r) => [r.month, r.totalSales, r.revenuePence, r.cogsPence]),
        location,
      ).toEqual([[spec.month, figures.units, figures.revenuePence, figures.cogsPence]]);
    }
    const receipt = await db
      .selectFrom("importReceipts")
      .select("storedPath")
      .where("sha256", "=", sha256(file.bytes))
      .executeTakeFirstOrThrow();
    expect(receipt.storedPath.replaceAll("\\", "/")).toBe(`uploads/${sha256(file.bytes)}.csv`);
  });
});

describe("GET /api/records/{id}/report of a CSV upload", () => {
  beforeEach(clearMachines);

  const getReport = (id: number, cookie: string | null) =>
    call(reportLoader, `/api/records/${id}/report`, { params: { id: String(id) }, cookie });

  it("a machine's upload: the admin gets the bytes as uploaded (text/csv); the owner a CSV of the title, the headers and the record's rows", async () => {
    const machine = await makeMachine(db, ownerId, LEEDS);
    const file = twin("single-machine-2026-10", CSV_VARIANTS[0]);
    const recordId = (
      await (
        await postUpload(machine.id, { month: "2026-10", bytes: file.bytes, fileName: file.name, cookie: adminCookie })
      ).json()
    ).recordId;

    const admin = await getReport(recordId, adminCookie);
    expect(admin.status).toBe(200);
    expect(admin.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(admin.headers.get("content-disposition")).toContain(file.name);
    expect(Buffer.from(await admin.arrayBuffer()).equals(Buffer.from(file.bytes))).toBe(true);

    const own = await getReport(recordId, ownerCookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(own.headers.get("content-disposition")).toMatch(/\.csv"$/);
    const lines = csvText(new Uint8Array(await own.arrayBuffer()), "utf-8")
      .split("\r\n")
      .filter(Boolean);
    const original = csvText(file.bytes, "utf-8").split("\r\n").filter(Boolean);
    // Everything but the totals footer: the footer is not a row of the record.
    expect(lines).toEqual(original.slice(0, -1));
    expect(lines).toHaveLength(2 + 44);
  });

  it("a three-machine Windows-1252 semicolon export imported business-wide: each partner gets only their own machine's rows", async () => {
    const leedsPartner = await makePartner(db);
    const yorkPartner = await makePartner(db);
    const leeds = await makeMachine(db, leedsPartner.id, LEEDS);
    const york = await makeMachine(db, yorkPartner.id, "York Hospital Atrium");
    const bradford = await makeMachine(db, yorkPartner.id, "Bradford Library");
    const variant = CSV_VARIANTS[3];
    const file = twin("three-machines-2026-09", variant);
    // importExports reads it in a worker (the CLI of one file reads on its own thread).
    const [outcome] = await importExports(db, [file], {}, { actorId: null, dataDir: DATA_DIR });
    if (!outcome.ok) throw new Error(outcome.error);
    const spec = expected["three-machines-2026-09"];
    expect(outcome.result.groups.map((g) => [g.machineId, g.units, g.revenuePence, g.cogsPence])).toEqual(
      [leeds, york, bradford].map((m) => [
        m.id,
        spec.machines[m.location].units,
        spec.machines[m.location].revenuePence,
        spec.machines[m.location].cogsPence,
      ]),
    );
    const recordOf = (machineId: number) => outcome.result.groups.find((g) => g.machineId === machineId)!.recordId!;

    const admin = await getReport(recordOf(leeds.id), adminCookie);
    expect(admin.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(Buffer.from(await admin.arrayBuffer()).equals(Buffer.from(file.bytes))).toBe(true);

    const original = csvText(file.bytes, "windows-1252").split("\r\n").filter(Boolean);
    for (const [partner, machine] of [
      [leedsPartner, leeds],
      [yorkPartner, york],
    ] as const) {
      const response = await getReport(recordOf(machine.id), await loginCookie(partner.username));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
      const body = new Uint8Array(await response.arrayBuffer());
      // Served as UTF-8 (with a BOM), whatever the upload's encoding: £ decoded, not mangled.
      expect([...body.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csvText(body, "utf-8").split("\r\n").filter(Boolean);
      const own = original.slice(2).filter((line) => line.split(";")[4] === machine.location);
      expect(own).toHaveLength(spec.machines[machine.location].units);
      expect(lines).toEqual([original[0], original[1], ...own]);
      expect(lines.join("\n")).toContain("£");
    }
    // Leeds' record is not York's partner's to open.
    expect((await getReport(recordOf(leeds.id), await loginCookie(yorkPartner.username))).status).toBe(403);
  });
});

describe("CSV files refused, nothing written", () => {
  beforeEach(clearMachines);

  /** A small semicolon export of October; `amounts` fills Cost, Machine Price and Settlement of each row. */
  const semicolonFile = (amounts: string[]) =>
    csvBytes(
      [
        [TITLE_OCTOBER],
        [
          "Transaction ID",
          "Machine Name",
          "Product Name",
          "Cost Price",
          "Machine Price",
          "Settlement Value (Vend Price)",
          "Authorization Date and Time (GMT)",
        ],
        ...amounts.map((amount, i) => [
          String(7900000001 + i),
          LEEDS,
          "Twix Twin",
          amount,
          amount,
          amount,
          `0${i + 2}/10/2026 10:00`,
        ]),
      ],
      { separator: ";", encoding: "utf-8", bom: false, lineEnding: "\r\n" },
    );

  async function expectRefused(bytes: Uint8Array, fileName: string, message: string | RegExp) {
    const machine = await makeMachine(db, ownerId, LEEDS);
    const before = await tableCounts();
    for (const preview of [true, false]) {
      const response = await postUpload(machine.id, {
        month: "2026-10",
        bytes,
        fileName,
        cookie: adminCookie,
        preview,
      });
      expect(response.status).toBe(400);
      const body = await response.json();
      if (typeof message === "string") expect(body).toEqual({ message });
      else expect(body.message).toMatch(message);
    }
    expect(await tableCounts()).toEqual(before);
    // Nothing kept under the key this upload would have had.
    expect(await readUpload(db, DATA_DIR, `uploads/${sha256(bytes)}${path.extname(fileName)}`)).toBeNull();
  }

  it("CSV bytes named .xlsx: today's message, on the upload, /admin/import and the CLI", async () => {
    const bytes = twin("single-machine-2026-10", CSV_VARIANTS[0]).bytes;
    await expectRefused(bytes, "single-machine-2026-10.xlsx", "The file is not an Excel workbook (.xlsx or .xls)");
    const page = await postAdminImport(
      { intent: "preview" },
      [{ name: "single-machine-2026-10.xlsx", bytes }],
      adminCookie,
    );
    expect(page.outcomes).toEqual([
      {
        fileName: "single-machine-2026-10.xlsx",
        ok: false,
        status: 400,
        error: "The file is not an Excel workbook (.xlsx or .xls)",
      },
    ]);
    const where = path.join(tmp, "csv-named.xlsx");
    fs.writeFileSync(where, bytes);
    const run = await runCli(["import", where]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("csv-named.xlsx: The file is not an Excel workbook (.xlsx or .xls)");
  });

  it("a semicolon file mixing 1,50 and 1.50: 400 naming both", async () => {
    await expectRefused(
      semicolonFile(["1,50", "1.50"]),
      "mixed.csv",
      /mixes decimal commas \(line 3: "1,50"\) and decimal points \(line 4: "1\.50"\)/,
    );
  });

  it("a line over the limit: 400 naming the line (the upload's worker and the CLI's own thread alike)", async () => {
    const long = csvBytes(
      [
        [TITLE_OCTOBER],
        [
          "Transaction ID",
          "Machine Name",
          "Product Name",
          "Cost Price",
          "Machine Price",
          "Settlement Value (Vend Price)",
          "Authorization Date and Time (GMT)",
        ],
        ["7900000101", LEEDS, "Twix Twin", "0.43", "1.10", "1.10", "02/10/2026 10:00"],
        ["7900000102", LEEDS, "x".repeat(70_000), "0.43", "1.10", "1.10", "03/10/2026 10:00"],
      ],
      { separator: ",", encoding: "utf-8", bom: false, lineEnding: "\n" },
    );
    await expectRefused(long, "long-line.csv", /^Line 4 of the CSV file is longer than 65,536 characters/);
    const where = path.join(tmp, "long-line.csv");
    fs.writeFileSync(where, long);
    const run = await runCli(["import", where]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/long-line\.csv: Line 4 of the CSV file is longer than 65,536 characters/);
  });
});
