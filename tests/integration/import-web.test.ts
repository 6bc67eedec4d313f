/**
 * The web upload of a telemetry export (POST /api/machines/{id}/records), its preview, and the
 * routes that serve the upload back (report, transactions). Totals come from fixtures/expected.json.
 */
import fs from "node:fs";
import path from "node:path";
import * as XLSX from "xlsx";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as uploadAction, loader as recordsLoader } from "#app/routes/api.machines.$id.records.ts";
import { action as previewAction } from "#app/routes/api.machines.$id.records.preview.ts";
import { loader as reportLoader } from "#app/routes/api.records.$id.report.ts";
import { loader as transactionsLoader } from "#app/routes/api.records.$id.transactions.ts";
import { loader as popularLoader } from "#app/routes/api.machines.$id.popular-products.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { importExports } from "#domain/imports/import-service.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { BASE, call } from "./http.ts";
import { loginCookie } from "./session.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures");
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));

interface ProductCount {
  name: string;
  count: number;
}
interface MachineTotals {
  units: number;
  revenuePence: number;
  cogsPence: number;
  topProducts: ProductCount[];
}
interface GoodFixture {
  month: string;
  skippedRows: number;
  validRows: number;
  machines: Record<string, MachineTotals>;
}
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, "expected.json"), "utf8")) as Record<
  string,
  GoodFixture & { error?: string }
>;

/** Ties in any order: compare sorted by count (desc), then name. */
const ranked = (list: ProductCount[]) => [...list].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

const LEEDS = "Leeds Station Concourse";

let adminCookie: string;
let ownerId: number;
let ownerCookie: string;
let otherCookie: string;

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  const owner = await makePartner(db, { partnerType: "profit-sharing", commissionBp: 1000 });
  ownerId = owner.id;
  ownerCookie = await loginCookie(owner.username);
  otherCookie = await loginCookie((await makePartner(db)).username);
});

/** A transaction is booked once in the whole business: tests that reuse a fixture start with no machines (so no sales). */
const clearMachines = async () => {
  await db.deleteFrom("machines").execute();
};

type Route = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: unknown;
}) => Promise<Response>;

interface UploadOptions {
  month?: string;
  bytes?: Uint8Array;
  fileName?: string;
  extra?: Record<string, string>;
  cookie?: string | null;
  preview?: boolean;
}

/** A multipart POST to the upload (or preview) route, as the browser's form sends it. */
async function upload(machineId: number | string, options: UploadOptions = {}): Promise<Response> {
  const form = new FormData();
  if (options.month !== undefined) form.set("month", options.month);
  for (const [key, value] of Object.entries(options.extra ?? {})) form.set(key, value);
  if (options.bytes)
    form.set("reportFile", new File([new Uint8Array(options.bytes)], options.fileName ?? "report.xlsx"));
  const suffix = options.preview ? "/preview" : "";
  const cookie = options.cookie === undefined ? adminCookie : options.cookie;
  const request = new Request(`${BASE}/api/machines/${machineId}/records${suffix}`, {
    method: "POST",
    body: form,
    headers: cookie ? { cookie } : {},
  });
  const route: Route = options.preview ? previewAction : uploadAction;
  return route({ request, params: { id: String(machineId) }, context: {} });
}

const uploadFixture = (machineId: number, name: string, month: string, extra: Partial<UploadOptions> = {}) =>
  upload(machineId, { month, bytes: fixture(name), fileName: name, ...extra });

async function getRecords(machineId: number, cookie: string | null = ownerCookie) {
  return call(recordsLoader, `/api/machines/${machineId}/records`, { params: { id: String(machineId) }, cookie });
}

async function tableCounts() {
  const count = async (table: "monthlyRecords" | "sales" | "products" | "importReceipts" | "productSalesMonthly") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    monthlyRecords: await count("monthlyRecords"),
    sales: await count("sales"),
    products: await count("products"),
    importReceipts: await count("importReceipts"),
    productSalesMonthly: await count("productSalesMonthly"),
  };
}

const EXPORT_HEADERS = [
  "Transaction ID",
  "Product Name",
  "Cost Price",
  "Machine Price",
  "Settlement Value (Vend Price)",
  "Authorization Date and Time (GMT)",
];

/** A minimal export made with SheetJS: row 1 title, row 2 headers, data from row 3. */
function makeExport(rows: unknown[][]): Uint8Array {
  // The title's range decides how day-first text dates such as 03/10/2026 read.
  const sheet = XLSX.utils.aoa_to_sheet([
    ["Dynamic Transactions Monitor Mega 01/09/2026 - 30/11/2026"],
    EXPORT_HEADERS,
    ...rows,
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Transactions");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}

/** Three new transactions for October 2026 and one already in single-machine-2026-10.xlsx. */
const EXTRA_ROWS = [
  [7100009001, "Twix Twin", 0.43, 1.1, 1.1, "15/10/2026 12:30:00"],
  [7100009002, "Red Bull 250ml", 0.98, 2.2, 2.2, "16/10/2026 09:05:00"],
  [7100009003, "Dairy Milk 45g", 0.45, 1.2, 1.0, "17/10/2026 18:45:10"],
  [7100001000, "Monster Energy 500ml", 1.05, 2.4, 2.4, "18/10/2026 08:00:00"],
];

function sumTotals(file: string) {
  const machines = Object.values(expected[file].machines);
  return {
    units: machines.reduce((s, m) => s + m.units, 0),
    revenuePence: machines.reduce((s, m) => s + m.revenuePence, 0),
    cogsPence: machines.reduce((s, m) => s + m.cogsPence, 0),
  };
}

describe("POST /api/machines/{id}/records: every good fixture, both formats", () => {
  beforeEach(clearMachines);

  const files = ["single-machine-2026-10", "messy-headers-2026-10"].flatMap((name) => [
    [name, "xlsx"],
    [name, "xls"],
  ]);

  it.each(files)("%s.%s: figures to the penny, then GET records shows them in pounds", async (name, ext) => {
    const spec = expected[name];
    const machine = await makeMachine(db, ownerId, LEEDS);
    const totals = sumTotals(name);
    // The form sends an ISO date (the first of the month at noon UTC); YYYY-MM is accepted too.
    const month = ext === "xls" ? `${spec.month}-01T12:00:00.000Z` : spec.month;

    const response = await uploadFixture(machine.id, `${name}.${ext}`, month);
    expect(response.status).toBe(201);
    const result = await response.json();
    expect(result).toMatchObject({
      machineId: machine.id,
      location: LEEDS,
      month: spec.month,
      recordId: expect.any(Number),
      fileName: `${name}.${ext}`,
      units: totals.units,
      revenuePence: totals.revenuePence,
      cogsPence: totals.cogsPence,
      refunds: 0,
      imported: spec.validRows,
      duplicates: 0,
      outsideMonth: 0,
      rowsRead: spec.validRows + spec.skippedRows,
    });
    expect(result.skipped.reduce((s: number, k: { count: number }) => s + k.count, 0)).toBe(spec.skippedRows);

    expect(result.warnings).toEqual([]);
    expect(result.excluded).toEqual([]);
    expect(ranked(result.topProducts)).toEqual(ranked(spec.machines[LEEDS].topProducts));
    // messy-headers' footer also totals the two rejected rows, so it does not agree.
    expect(result.footerAgrees).toBe(name === "single-machine-2026-10");

    const records = await getRecords(machine.id);
    expect(records.status).toBe(200);
    const list = await records.json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: result.recordId,
      machineId: machine.id,
      month: spec.month,
      totalSales: totals.units,
      revenue: totals.revenuePence / 100,
      cogs: totals.cogsPence / 100,
    });
    expect(list[0].receipts).toHaveLength(1);
    expect(list[0].receipts[0]).toMatchObject({
      fileName: `${name}.${ext}`,
      rowsRead: spec.validRows + spec.skippedRows,
      imported: spec.validRows,
      duplicates: 0,
    });
    const stored = await db
      .selectFrom("sales")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("recordId", "=", result.recordId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(spec.validRows);
  });
});

describe("POST /api/machines/{id}/records: each transaction stored once", () => {
  beforeEach(clearMachines);

  it("re-uploading the same file (either format) adds nothing; a file with new transactions adds to the record", async () => {
    const spec = expected["single-machine-2026-10"].machines[LEEDS];
    const machine = await makeMachine(db, ownerId, LEEDS);
    const first = await uploadFixture(machine.id, "single-machine-2026-10.xlsx", "2026-10");
    expect(first.status).toBe(201);
    const recordId = (await first.json()).recordId;

    for (const name of ["single-machine-2026-10.xlsx", "single-machine-2026-10.xls"]) {
      const again = await uploadFixture(machine.id, name, "2026-10");
      expect(again.status).toBe(201);
      expect(await again.json()).toMatchObject({
        recordId,
        imported: 0,
        duplicates: 44,
        units: 0,
        revenuePence: 0,
        cogsPence: 0,
      });
      const [record] = await (await getRecords(machine.id)).json();
      expect(record).toMatchObject({ id: recordId, totalSales: spec.units, revenue: 61.5, cogs: 24.48 });
    }

    const extra = makeExport(EXTRA_ROWS);
    const added = await upload(machine.id, { month: "2026-10", bytes: extra, fileName: "october-extra.xlsx" });
    expect(added.status).toBe(201);
    // 1.10 + 2.20 + 1.00 = 4.30 revenue; 0.43 + 0.98 + 0.45 = 1.86 COGS; the repeated row is a duplicate.
    expect(await added.json()).toMatchObject({
      recordId,
      imported: 3,
      duplicates: 1,
      units: 3,
      revenuePence: 430,
      cogsPence: 186,
      rowsRead: 4,
    });

    const list = await (await getRecords(machine.id)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: recordId, month: "2026-10", totalSales: 47, revenue: 65.8, cogs: 26.34 });
    // One receipt per import, newest first.
    expect(list[0].receipts.map((r: { fileName: string; imported: number }) => [r.fileName, r.imported])).toEqual([
      ["october-extra.xlsx", 3],
      ["single-machine-2026-10.xls", 0],
      ["single-machine-2026-10.xlsx", 0],
      ["single-machine-2026-10.xlsx", 44],
    ]);
    const sales = await db.selectFrom("sales").select("transactionId").where("machineId", "=", machine.id).execute();
    expect(sales).toHaveLength(47);
    expect(new Set(sales.map((s) => s.transactionId)).size).toBe(47);

    // The report route serves the latest file (to an admin byte for byte).
    const report = await call(reportLoader, `/api/records/${recordId}/report`, {
      params: { id: String(recordId) },
      cookie: adminCookie,
    });
    expect(report.status).toBe(200);
    expect(Buffer.from(await report.arrayBuffer()).equals(Buffer.from(extra))).toBe(true);
  });
});

describe("POST /api/machines/{id}/records: refunds, cancelled vends and the posted month", () => {
  beforeEach(clearMachines);

  it("a refund nets off revenue (not units); a vend settled at 0 is skipped and counted", async () => {
    const machine = await makeMachine(db, ownerId, LEEDS);
    const bytes = makeExport([
      [8900000001, "Twix Twin", 0.43, 1.1, 1.1, "03/10/2026 10:00:00"],
      [8900000002, "Red Bull 250ml", 0.98, 2.2, 2.2, "04/10/2026 11:00:00"],
      [8900000001, "Twix Twin", 0.43, 1.1, -1.1, "05/10/2026 12:00:00"],
      [8900000003, "Snickers 48g", 0.44, 1.1, 0, "06/10/2026 13:00:00"],
    ]);
    const response = await upload(machine.id, { month: "2026-10", bytes, fileName: "refunds.xlsx" });
    expect(response.status).toBe(201);
    const result = await response.json();
    // Revenue 1.10 + 2.20 − 1.10 = 2.20; COGS of the two sales 0.43 + 0.98 = 1.41.
    expect(result).toMatchObject({
      units: 2,
      revenuePence: 220,
      cogsPence: 141,
      refunds: 1,
      imported: 3,
      duplicates: 0,
      rowsRead: 4,
    });
    expect(result.skipped).toEqual([{ reason: expect.stringMatching(/settled at 0/), count: 1, revenue: 0 }]);
    expect(ranked(result.topProducts)).toEqual(
      ranked([
        { name: "Red Bull 250ml", count: 1 },
        { name: "Twix Twin", count: 1 },
      ]),
    );

    const [record] = await (await getRecords(machine.id)).json();
    expect(record).toMatchObject({ totalSales: 2, revenue: 2.2, cogs: 1.41 });
    const lines = await (
      await call(transactionsLoader, `/api/records/${record.id}/transactions?format=json`, {
        params: { id: String(record.id) },
        cookie: ownerCookie,
      })
    ).json();
    expect(lines.map((l: { transactionId: string; kind: string }) => `${l.transactionId}:${l.kind}`).sort()).toEqual([
      "8900000001:refund",
      "8900000001:sale",
      "8900000002:sale",
    ]);

    const again = await upload(machine.id, { month: "2026-10", bytes, fileName: "refunds.xlsx" });
    expect(await again.json()).toMatchObject({ imported: 0, duplicates: 3 });
  });

  it("September's export posted as October is refused, naming the months, and nothing changes", async () => {
    const machine = await makeMachine(db, ownerId, LEEDS);
    const before = await tableCounts();
    for (const preview of [true, false]) {
      const response = await uploadFixture(machine.id, "single-machine-2026-10.xlsx", "2026-11", { preview });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: "No row of the file is dated November 2026: 44 rows are dated October 2026. Nothing was imported.",
      });
    }
    expect(await tableCounts()).toEqual(before);
    expect(
      fs.existsSync(path.join(DATA_DIR, "uploads"))
        ? fs.readdirSync(path.join(DATA_DIR, "uploads")).filter((f) => f.endsWith(".partial"))
        : [],
    ).toEqual([]);
  });

  it("rows dated outside the posted month are left out, counted and named in the preview and the receipt", async () => {
    const machine = await makeMachine(db, ownerId, LEEDS);
    const bytes = makeExport([
      [7300000001, "Twix Twin", 0.43, 1.1, 1.1, "30/09/2026 23:59:59"],
      [7300000002, "Red Bull 250ml", 0.98, 2.2, 2.2, "01/10/2026 00:00:00"],
      [7300000003, "Dairy Milk 45g", 0.45, 1.2, 1.0, "31/10/2026 23:59:59"],
      [7300000004, "Twix Twin", 0.43, 1.1, 1.1, "01/11/2026 00:00:01"],
      [7300000005, "Twix Twin", 0.43, 1.1, 1.1, "02/11/2026 10:00:00"],
    ]);
    const preview = await (await upload(machine.id, { month: "2026-10", bytes, preview: true })).json();
    expect(preview).toMatchObject({
      month: "2026-10",
      imported: 2,
      outsideMonth: 3,
      units: 2,
      revenuePence: 320,
      cogsPence: 143,
    });
    expect(preview.excluded).toEqual(["1 row dated September 2026: £1.10", "2 rows dated November 2026: £2.20"]);
    const response = await upload(machine.id, { month: "2026-10", bytes });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      imported: 2,
      outsideMonth: 3,
      excluded: ["1 row dated September 2026: £1.10", "2 rows dated November 2026: £2.20"],
    });
    const list = await (await getRecords(machine.id)).json();
    expect(list.map((r: { month: string }) => r.month)).toEqual(["2026-10"]);
    expect(list[0]).toMatchObject({ totalSales: 2, revenue: 3.2, cogs: 1.43 });
    expect(list[0].receipts[0]).toMatchObject({
      outsideMonth: 3,
      excluded: ["1 row dated September 2026: £1.10", "2 rows dated November 2026: £2.20"],
    });
  });
});

describe("POST /api/machines/{id}/records: one machine's export only", () => {
  beforeEach(clearMachines);

  it("a three-machine file posted to one machine → 400 pointing to the business-wide import, and nothing changes", async () => {
    const machine = await makeMachine(db, ownerId, LEEDS);
    const before = await tableCounts();
    for (const preview of [true, false]) {
      const response = await uploadFixture(machine.id, "three-machines-2026-09.xlsx", "2026-09", { preview });
      expect(response.status).toBe(400);
      const { message } = await response.json();
      expect(message).toContain(
        "The file names 3 machines (Bradford Library, York Hospital Atrium, Leeds Station Concourse)",
      );
      expect(message).toContain("/admin/import");
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("a file for another machine of the business → 400 naming both", async () => {
    const leeds = await makeMachine(db, ownerId, LEEDS);
    const york = await makeMachine(db, ownerId, "York Hospital Atrium");
    const response = await uploadFixture(york.id, "single-machine-2026-10.xlsx", "2026-10");
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain(`for ${LEEDS}, not York Hospital Atrium`);
    expect((await getRecords(leeds.id)).status).toBe(200);
    expect(await (await getRecords(york.id)).json()).toEqual([]);
  });

  it("the same transaction posted for a second machine is stored once: counted as already booked there", async () => {
    const first = await makeMachine(db, ownerId, LEEDS);
    const second = await makeMachine(db, ownerId, "Leeds Station Platform 8");
    await db.updateTable("machines").set({ telemetryName: null }).execute();
    const rows = [
      [7400000001, "Twix Twin", 0.43, 1.1, 1.1, "15/10/2026 12:30:00"],
      [7400000002, "Red Bull 250ml", 0.98, 2.2, 2.2, "16/10/2026 09:05:00"],
    ];
    expect((await upload(first.id, { month: "2026-10", bytes: makeExport(rows) })).status).toBe(201);
    const again = await upload(second.id, {
      month: "2026-10",
      bytes: makeExport([...rows, [7400000003, "Dairy Milk 45g", 0.45, 1.2, 1.0, "17/10/2026 18:45:10"]]),
    });
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({
      imported: 1,
      duplicates: 0,
      alreadyBooked: [{ reason: `already booked to ${LEEDS}`, count: 2, revenue: 3.3 }],
      excluded: [`2 rows already booked to ${LEEDS}: £3.30`],
      units: 1,
      revenuePence: 100,
    });
    expect(
      Number(
        (
          await db
            .selectFrom("sales")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("transactionId", "like", "74000000%")
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(3);
  });
});

describe("POST /api/machines/{id}/records: figures a client sends are ignored", () => {
  beforeEach(clearMachines);

  it("totalSales, revenue, cogs, profitShare and productData never override the file's", async () => {
    const spec = expected["single-machine-2026-10"].machines[LEEDS];
    const machine = await makeMachine(db, ownerId, LEEDS);
    const response = await uploadFixture(machine.id, "single-machine-2026-10.xlsx", "2026-10", {
      extra: {
        totalSales: "9999",
        revenue: "123456.78",
        cogs: "0.01",
        profitShare: "5000",
        productData: JSON.stringify([{ name: "Phantom Bar", count: 999 }]),
      },
    });
    expect(response.status).toBe(201);
    const result = await response.json();
    expect(result).toMatchObject({ units: spec.units, revenuePence: spec.revenuePence, cogsPence: spec.cogsPence });
    expect(ranked(result.topProducts)).toEqual(ranked(spec.topProducts));

    const [record] = await (await getRecords(machine.id)).json();
    // 61.50 revenue, 24.48 COGS, card fee 1.84 (1.83885), net 35.18, 10% = 3.52 (3.518).
    expect(record).toMatchObject({
      totalSales: 44,
      revenue: 61.5,
      cogs: 24.48,
      cardFee: 1.84,
      netProfit: 35.18,
      profitShare: 3.52,
    });

    const popular = await (
      await call(popularLoader, `/api/machines/${machine.id}/popular-products`, {
        params: { id: String(machine.id) },
        cookie: ownerCookie,
      })
    ).json();
    expect(popular.map((p: { product: { name: string } }) => p.product.name)).not.toContain("Phantom Bar");
    expect(
      await db.selectFrom("products").select("id").where("name", "=", "Phantom Bar").executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe("POST /api/machines/{id}/records: bad files change nothing", () => {
  const bad = ["bad-missing-cost-price", "bad-no-valid-rows", "bad-not-a-spreadsheet", "bad-too-few-rows"];

  it.each(bad)("%s.xlsx: 400 with its message, on the upload and on the preview", async (name) => {
    const machine = await makeMachine(db, ownerId, LEEDS);
    const bytes = fixture(`${name}.xlsx`);
    const before = await tableCounts();
    for (const preview of [false, true]) {
      const response = await upload(machine.id, { month: "2026-10", bytes, fileName: `${name}.xlsx`, preview });
      expect(response.status).toBe(400);
      const body = await response.json();
      if (name === "bad-not-a-spreadsheet") {
        expect(body.message).toMatch(/excel|spreadsheet|workbook/i);
      } else {
        expect(body).toEqual({ message: expected[name].error });
      }
    }
    expect(await tableCounts()).toEqual(before);
    expect(await (await getRecords(machine.id)).json()).toEqual([]);
    const sha = (await import("node:crypto")).createHash("sha256").update(bytes).digest("hex");
    expect(fs.existsSync(path.join(DATA_DIR, "uploads", `${sha}.xlsx`))).toBe(false);
  });
});

describe("POST /api/machines/{id}/records: the form's own checks", () => {
  it("no file → 400 'No file selected' (missing field, empty file or no multipart body)", async () => {
    const machine = await makeMachine(db, ownerId, LEEDS);
    const before = await tableCounts();
    for (const response of [
      await upload(machine.id, { month: "2026-10" }),
      await upload(machine.id, { month: "2026-10", bytes: new Uint8Array(0), fileName: "empty.xlsx" }),
      await call(uploadAction, `/api/machines/${machine.id}/records`, {
        json: { month: "2026-10" },
        cookie: adminCookie,
        params: { id: String(machine.id) },
      }),
    ]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "No file selected" });
    }
    expect(await tableCounts()).toEqual(before);
  });

  it.each(["report.ods", "report.txt", "single-machine-2026-10"])(
    "a file named %s → 400 'Please select an Excel file to upload'",
    async (fileName) => {
      const machine = await makeMachine(db, ownerId, LEEDS);
      const before = await tableCounts();
      const response = await upload(machine.id, {
        month: "2026-10",
        bytes: fixture("single-machine-2026-10.xlsx"),
        fileName,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Please select an Excel file to upload" });
      expect(await tableCounts()).toEqual(before);
    },
  );

  it.each([[undefined], [""], ["October"], ["2026-13"]])("month %o → 400 and nothing saved", async (month) => {
    const machine = await makeMachine(db, ownerId, LEEDS);
    const before = await tableCounts();
    const response = await upload(machine.id, {
      month,
      bytes: fixture("single-machine-2026-10.xlsx"),
      fileName: "single-machine-2026-10.xlsx",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/month/i);
    expect(await tableCounts()).toEqual(before);
  });

  it("a file over UPLOAD_MAX_MB → 413, read part by part and stopped soon after the limit, nothing saved", async () => {
    const machine = await makeMachine(db, ownerId, LEEDS);
    const before = await tableCounts();
    // A 30 MB file streamed as it would arrive, counting what the route pulls from it.
    const boundary = "----vendboard-test-boundary";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="month"\r\n\r\n2026-10\r\n--${boundary}\r\nContent-Disposition: form-data; name="reportFile"; filename="huge.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const chunk = new Uint8Array(64 * 1024).fill(65);
    const total = 30 * 1024 * 1024;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (pulled >= total) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(`${BASE}/api/machines/${machine.id}/records`, {
      method: "POST",
      body,
      headers: { cookie: adminCookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    const response = await uploadAction({ request, params: { id: String(machine.id) }, context: {} });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "The file is too large (at most 10 MB)" });
    expect(pulled).toBeLessThan(11 * 1024 * 1024);
    expect(await tableCounts()).toEqual(before);
  });

  it("404 'Machine not found' for a missing machine", async () => {
    for (const id of ["999999", "abc"]) {
      const response = await upload(id, {
        month: "2026-10",
        bytes: fixture("single-machine-2026-10.xlsx"),
        fileName: "a.xlsx",
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Machine not found" });
    }
  });

  it("401 anonymous, 403 for a partner (even the machine's own), nothing saved", async () => {
    const machine = await makeMachine(db, ownerId, LEEDS);
    const before = await tableCounts();
    for (const preview of [false, true]) {
      const options = {
        month: "2026-10",
        bytes: fixture("single-machine-2026-10.xlsx"),
        fileName: "single-machine-2026-10.xlsx",
        preview,
      };
      const anonymous = await upload(machine.id, { ...options, cookie: null });
      expect(anonymous.status).toBe(401);
      for (const cookie of [ownerCookie, otherCookie]) {
        const partner = await upload(machine.id, { ...options, cookie });
        expect(partner.status).toBe(403);
      }
    }
    expect(await tableCounts()).toEqual(before);
  });
});

describe("POST /api/machines/{id}/records/preview", () => {
  beforeEach(clearMachines);

  it("answers the figures but writes nothing (no record, sales, products, receipt or stored file)", async () => {
    const spec = expected["single-machine-2026-10"];
    const machine = await makeMachine(db, ownerId, LEEDS);
    const before = await tableCounts();
    const response = await uploadFixture(machine.id, "single-machine-2026-10.xlsx", "2026-10", { preview: true });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result).toMatchObject({
      machineId: machine.id,
      month: "2026-10",
      recordId: null,
      units: spec.machines[LEEDS].units,
      revenuePence: spec.machines[LEEDS].revenuePence,
      cogsPence: spec.machines[LEEDS].cogsPence,
      imported: spec.validRows,
      duplicates: 0,
      warnings: [],
    });
    expect(ranked(result.topProducts)).toEqual(ranked(spec.machines[LEEDS].topProducts));
    expect(await tableCounts()).toEqual(before);
    expect(await (await getRecords(machine.id)).json()).toEqual([]);

    // A file only ever previewed is not kept in the data directory.
    const unique = makeExport([
      [8800000001, "Preview Only Bar", 0.5, 1.0, 1.0, "01/10/2026 10:00:00"],
      [8800000002, "Preview Only Bar", 0.5, 1.0, 1.0, "02/10/2026 10:00:00"],
    ]);
    const previewed = await upload(machine.id, {
      month: "2026-10",
      bytes: unique,
      fileName: "preview-only.xlsx",
      preview: true,
    });
    expect(previewed.status).toBe(200);
    expect(await previewed.json()).toMatchObject({
      units: 2,
      revenuePence: 200,
      cogsPence: 100,
      topProducts: [{ name: "Preview Only Bar", count: 2 }],
    });
    const sha = (await import("node:crypto")).createHash("sha256").update(unique).digest("hex");
    expect(fs.existsSync(path.join(DATA_DIR, "uploads", `${sha}.xlsx`))).toBe(false);
    expect(await tableCounts()).toEqual(before);
  });

  it("after an import, previewing the same file shows every row as a duplicate", async () => {
    const machine = await makeMachine(db, ownerId, LEEDS);
    expect((await uploadFixture(machine.id, "single-machine-2026-10.xlsx", "2026-10")).status).toBe(201);
    const before = await tableCounts();
    const response = await uploadFixture(machine.id, "single-machine-2026-10.xls", "2026-10", { preview: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ imported: 0, duplicates: 44, units: 0, revenuePence: 0 });
    expect(await tableCounts()).toEqual(before);
  });
});

describe("GET /api/records/{id}/report", () => {
  let xlsxRecordId: number;
  let xlsRecordId: number;

  beforeAll(async () => {
    await clearMachines();
    const a = await makeMachine(db, ownerId, LEEDS);
    xlsxRecordId = (await (await uploadFixture(a.id, "single-machine-2026-10.xlsx", "2026-10")).json()).recordId;
    const b = await makeMachine(db, ownerId, LEEDS);
    xlsRecordId = (await (await uploadFixture(b.id, "messy-headers-2026-10.xls", "2026-10")).json()).recordId;
  });

  const getReport = (id: number | string, cookie: string | null) =>
    call(reportLoader, `/api/records/${id}/report`, { params: { id: String(id) }, cookie });

  it("returns the uploaded bytes exactly to an admin", async () => {
    const xlsx = await getReport(xlsxRecordId, adminCookie);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.headers.get("content-disposition")).toContain("single-machine-2026-10.xlsx");
    expect(Buffer.from(await xlsx.arrayBuffer()).equals(Buffer.from(fixture("single-machine-2026-10.xlsx")))).toBe(
      true,
    );

    const xls = await getReport(xlsRecordId, adminCookie);
    expect(xls.status).toBe(200);
    expect(xls.headers.get("content-type")).toBe("application/vnd.ms-excel");
    expect(Buffer.from(await xls.arrayBuffer()).equals(Buffer.from(fixture("messy-headers-2026-10.xls")))).toBe(true);
  });

  it("gives the owner partner a workbook of their own machine's rows of that record only", async () => {
    const own = await getReport(xlsxRecordId, ownerCookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = XLSX.read(new Uint8Array(await own.arrayBuffer()));
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    // Title, headers and the 44 rows booked to the record (the file's totals footer is not a row of theirs).
    expect(rows.length).toBe(2 + 44);
  });

  it("403 for another partner, 401 anonymous, 404 for a missing record or one without an upload", async () => {
    expect((await getReport(xlsxRecordId, otherCookie)).status).toBe(403);
    expect((await getReport(xlsxRecordId, null)).status).toBe(401);
    const missing = await getReport(999999, adminCookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Record not found" });
    const machine = await makeMachine(db, ownerId, LEEDS);
    const typedIn = await makeRecord(db, machine.id, "2026-08", { revenuePence: 100, cogsPence: 50 });
    expect((await getReport(typedIn.id, ownerCookie)).status).toBe(404);
  });
  it("a three-machine export imported business-wide: each partner's download holds their own machine's rows only", async () => {
    await clearMachines();
    const leedsPartner = await makePartner(db);
    const yorkPartner = await makePartner(db);
    const leeds = await makeMachine(db, leedsPartner.id, LEEDS);
    const york = await makeMachine(db, yorkPartner.id, "York Hospital Atrium");
    await makeMachine(db, yorkPartner.id, "Bradford Library");
    const [outcome] = await importExports(
      db,
      [{ name: "three-machines-2026-09.xlsx", bytes: fixture("three-machines-2026-09.xlsx") }],
      {},
      { actorId: null, dataDir: DATA_DIR },
    );
    if (!outcome.ok) throw new Error(outcome.error);
    const recordOf = (machineId: number) => outcome.result.groups.find((g) => g.machineId === machineId)!.recordId!;
    const leedsCookie = await loginCookie(leedsPartner.username);
    const response = await getReport(recordOf(leeds.id), leedsCookie);
    expect(response.status).toBe(200);
    const book = XLSX.read(new Uint8Array(await response.arrayBuffer()));
    const table = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    const nameColumn = (table[1] as string[]).findIndex((h) => String(h).trim().toLowerCase() === "machine name");
    const names = new Set(table.slice(2).map((row) => String(row[nameColumn]).trim()));
    expect(names).toEqual(new Set([LEEDS]));
    expect(table.length - 2).toBe(expected["three-machines-2026-09"].machines[LEEDS].units);
    // The other partner cannot open Leeds' record at all; an admin gets the whole file.
    expect((await getReport(recordOf(leeds.id), await loginCookie(yorkPartner.username))).status).toBe(403);
    const whole = await getReport(recordOf(york.id), adminCookie);
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(fixture("three-machines-2026-09.xlsx")))).toBe(
      true,
    );
  });
});

describe("GET /api/records/{id}/transactions", () => {
  let recordId: number;

  beforeAll(async () => {
    await clearMachines();
    const machine = await makeMachine(db, ownerId, LEEDS);
    recordId = (await (await uploadFixture(machine.id, "single-machine-2026-10.xlsx", "2026-10")).json()).recordId;
  });

  const getTransactions = (query: string, cookie: string | null) =>
    call(transactionsLoader, `/api/records/${recordId}/transactions${query}`, {
      params: { id: String(recordId) },
      cookie,
    });

  it("?format=json lists every transaction behind the figures (count = units: no refunds in the file)", async () => {
    const spec = expected["single-machine-2026-10"].machines[LEEDS];
    for (const cookie of [ownerCookie, adminCookie]) {
      const response = await getTransactions("?format=json", cookie);
      expect(response.status).toBe(200);
      const lines = await response.json();
      expect(lines).toHaveLength(spec.units);
      expect(new Set(lines.map((l: { transactionId: string }) => l.transactionId)).size).toBe(spec.units);
      expect(lines.every((l: { kind: string }) => l.kind === "sale")).toBe(true);
      expect(lines.reduce((s: number, l: { settlementPence: number }) => s + l.settlementPence, 0)).toBe(
        spec.revenuePence,
      );
      expect(lines.reduce((s: number, l: { costPence: number }) => s + l.costPence, 0)).toBe(spec.cogsPence);
      expect(lines.map((l: { transactionId: string }) => l.transactionId)).toContain("7100001000");
    }
  });

  it("answers an .xlsx by default: title, headers, one row per transaction, totals", async () => {
    const response = await getTransactions("", ownerCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename=".*2026-10\.xlsx"/);
    const book = XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, blankrows: false });
    expect(rows).toHaveLength(44 + 3);
    expect(rows[1][0]).toBe("Transaction ID");
    expect(rows[rows.length - 1][0]).toBe("Total");
    expect(rows.slice(2, -1)).toHaveLength(44);
  });

  it("403 for another partner, 401 anonymous, 404 for a missing record", async () => {
    expect((await getTransactions("?format=json", otherCookie)).status).toBe(403);
    expect((await getTransactions("", null)).status).toBe(401);
    const missing = await call(transactionsLoader, "/api/records/999999/transactions", {
      params: { id: "999999" },
      cookie: adminCookie,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Record not found" });
  });
});
