/**
 * A telemetry row's Quantity, from the file to every figure. An export with a
 * Quantity column (1, 3, an empty cell, 2, a refund, and rows of 2.5, 100 and 0 left out) is imported
 * through importExports; the record's units and COGS, the product rollup (Popular Items), Products
 * Analytics (whole months and a range that cuts one), the distribution's % of Total, a per-item
 * agreement with a product rule, the transactions workbook and a record's delete all count
 * quantities: units = Σ quantity of sales, COGS = Σ cost × quantity of sales; refunds are never units
 * and add no cost. And the migration: lines from before it get quantity 1, and no figure changes.
 * Exact integers and pence.
 */
import { Migrator } from "kysely";
import * as XLSX from "xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as popularLoader } from "#app/routes/api.machines.$id.popular-products.ts";
import { loader as transactionsLoader } from "#app/routes/api.records.$id.transactions.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { migrateToLatest, openDatabase } from "#db/database.ts";
import { migrations } from "#db/migrations/index.ts";
import { agreementInputSchema } from "#domain/agreements/agreement-schemas.ts";
import { setAgreement } from "#domain/agreements/agreement-service.ts";
import { productParts } from "#domain/agreements/agreement-terms.ts";
import { monthTotals } from "#domain/commissions/month-totals.ts";
import { partnerMonth } from "#domain/commissions/commission-service.ts";
import { importExports, recomputeRecord } from "#domain/imports/import-service.ts";
import { deleteRecord } from "#domain/machines/machine-service.ts";
import { productAnalytics, productView } from "#domain/products/product-service.ts";
import { distribution } from "#domain/products/product-rules.ts";
import { freshDatabase } from "#tests/databases.ts";
import { makeAdmin, makeMachine, makePartner } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

const KIOSK = "Quantity Kiosk";
const ANNEX = "Quantity Annex";
const COLA = "Quantity Cola";
const CRISPS = "Quantity Crisps";
const NOW = new Date("2026-11-10T12:00:00Z");

const HEADERS = [
  "Transaction ID",
  "Machine Name",
  "Product Name",
  "Quantity",
  "Cost Price",
  "Machine Price",
  "Settlement Value (Vend Price)",
  "Authorization Date and Time (GMT)",
];

/**
 * October 2026. Kiosk: Cola ×1 and ×3 (cost 60p each, £1.50 a unit), Crisps with an empty Quantity (=1)
 * and ×2 (cost 40p, £1.00), a refund of two of the three Colas (−£3.00, its Quantity 2 is no units).
 * Annex (another partner): Cola ×5. Left out: 2.5, 100 and 0.
 */
const ROWS: unknown[][] = [
  [9300000001, KIOSK, COLA, 1, 0.6, 1.5, 1.5, "2026-10-03 10:00:00"],
  [9300000002, KIOSK, COLA, 3, 0.6, 1.5, 4.5, "2026-10-04 11:00:00"],
  [9300000003, KIOSK, CRISPS, null, 0.4, 1.0, 1.0, "2026-10-05 12:00:00"],
  [9300000004, KIOSK, CRISPS, 2, 0.4, 1.0, 2.0, "2026-10-06 13:00:00"],
  [9300000002, KIOSK, COLA, 2, 0.6, 1.5, -3.0, "2026-10-07 14:00:00"],
  [9300000005, ANNEX, COLA, 5, 0.6, 1.5, 7.5, "2026-10-08 15:00:00"],
  [9300000006, KIOSK, COLA, 2.5, 0.6, 1.5, 3.75, "2026-10-09 16:00:00"],
  [9300000007, KIOSK, CRISPS, 100, 0.4, 1.0, 100, "2026-10-10 17:00:00"],
  [9300000008, ANNEX, COLA, 0, 0.6, 1.5, 1.5, "2026-10-11 18:00:00"],
];

// Kiosk: units 1 + 3 + 1 + 2 = 7 (four sale lines); revenue 150 + 450 + 100 + 200 − 300 = 600;
// COGS 60×1 + 60×3 + 40×1 + 40×2 = 360 (the refund adds none). Cola 4 units, £3.00, COGS 240; Crisps 3, £3.00, 120.
// Annex: Cola 5 units, £7.50, COGS 300.

function exportBytes(rows: unknown[][]): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet([["Dynamic Transactions Monitor Mega"], HEADERS, ...rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Transactions");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}

let adminId: number;
let adminCookie: string;
let kioskPartnerId: number;
let kioskId: number;
let annexId: number;
let kioskRecordId: number;

const recordOf = (machineId: number) =>
  db
    .selectFrom("monthlyRecords")
    .select(["id", "totalSales", "revenuePence", "cogsPence"])
    .where("machineId", "=", machineId)
    .where("month", "=", "2026-10")
    .executeTakeFirstOrThrow();

const rollupOf = (machineId: number) =>
  db
    .selectFrom("productSalesMonthly as r")
    .innerJoin("products as p", "p.id", "r.productId")
    .select(["p.name", "r.units", "r.revenuePence"])
    .where("r.machineId", "=", machineId)
    .orderBy("p.name")
    .execute();

const totalsOf = (name: string) =>
  db
    .selectFrom("productSalesTotals as t")
    .innerJoin("products as p", "p.id", "t.productId")
    .select(["t.units", "t.revenuePence", "t.machines"])
    .where("p.name", "=", name)
    .executeTakeFirst();

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  kioskPartnerId = (await makePartner(db, { commissionBp: 1_000 })).id;
  kioskId = (await makeMachine(db, kioskPartnerId, KIOSK)).id;
  annexId = (await makeMachine(db, (await makePartner(db)).id, ANNEX)).id;
  const [outcome] = await importExports(
    db,
    [{ name: "quantities-2026-10.xlsx", bytes: exportBytes(ROWS) }],
    {},
    { actorId: adminId, dataDir: DATA_DIR },
  );
  if (!outcome.ok) throw new Error(outcome.error);
  kioskRecordId = (await recordOf(kioskId)).id;
});

describe("an export with a Quantity column", () => {
  it("imports each row's quantity, leaves out 2.5, 100 and 0 with their reason, and answers units and COGS by quantity", async () => {
    const [outcome] = await importExports(
      db,
      [{ name: "quantities-2026-10.xlsx", bytes: exportBytes(ROWS) }],
      {},
      { actorId: adminId, dataDir: DATA_DIR, dryRun: true },
    );
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.result.rowsRead).toBe(9);
    expect(outcome.result.skipped).toEqual([
      expect.objectContaining({ reason: "quantity is not a whole number from 1 to 99", count: 3 }),
    ]);
    // Everything is already booked by the import in beforeAll: the dry run finds duplicates only.
    expect(outcome.result.groups.map((g) => [g.location, g.imported, g.duplicates])).toEqual([
      [KIOSK, 0, 5],
      [ANNEX, 0, 1],
    ]);
    const stored = await db
      .selectFrom("sales")
      .select(["transactionId", "kind", "quantity", "costPence", "settlementPence"])
      .where("machineId", "in", [kioskId, annexId])
      .orderBy("id")
      .execute();
    expect(stored).toEqual([
      { transactionId: "9300000001", kind: "sale", quantity: 1, costPence: 60, settlementPence: 150 },
      { transactionId: "9300000002", kind: "sale", quantity: 3, costPence: 60, settlementPence: 450 },
      { transactionId: "9300000003", kind: "sale", quantity: 1, costPence: 40, settlementPence: 100 },
      { transactionId: "9300000004", kind: "sale", quantity: 2, costPence: 40, settlementPence: 200 },
      { transactionId: "9300000002", kind: "refund", quantity: 2, costPence: 60, settlementPence: -300 },
      { transactionId: "9300000005", kind: "sale", quantity: 5, costPence: 60, settlementPence: 750 },
    ]);
    // The audit entry of the import says the same units and COGS as the record.
    const entry = await db
      .selectFrom("auditLog")
      .select("after")
      .where("action", "=", "import")
      .where("entityId", "=", String(kioskRecordId))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after!)).toMatchObject({ imported: 5, units: 7, revenuePence: 600, cogsPence: 360 });
  });

  it("the record's units are the quantities of its sales and its COGS cost × quantity; recomputing gives the same", async () => {
    expect(await recordOf(kioskId)).toEqual({ id: kioskRecordId, totalSales: 7, revenuePence: 600, cogsPence: 360 });
    expect(await recordOf(annexId)).toMatchObject({ totalSales: 5, revenuePence: 750, cogsPence: 300 });
    await db
      .updateTable("monthlyRecords")
      .set({ totalSales: 0, revenuePence: 0, cogsPence: 0 })
      .where("id", "=", kioskRecordId)
      .execute();
    await recomputeRecord(db, kioskRecordId);
    expect(await recordOf(kioskId)).toEqual({ id: kioskRecordId, totalSales: 7, revenuePence: 600, cogsPence: 360 });
  });

  it("the product rollup counts quantities: Popular Items and the all-time totals", async () => {
    expect(await rollupOf(kioskId)).toEqual([
      { name: COLA, units: 4, revenuePence: 300 },
      { name: CRISPS, units: 3, revenuePence: 300 },
    ]);
    expect(await rollupOf(annexId)).toEqual([{ name: COLA, units: 5, revenuePence: 750 }]);
    const response = await call(popularLoader, `/api/machines/${kioskId}/popular-products`, {
      params: { id: String(kioskId) },
      cookie: adminCookie,
    });
    expect(response.status).toBe(200);
    const popular = (await response.json()) as {
      product: { name: string; currentPrice: number };
      totalSales: number;
    }[];
    expect(popular.map((p) => [p.product.name, p.totalSales, p.product.currentPrice])).toEqual([
      [COLA, 4, 1.5],
      [CRISPS, 3, 1],
    ]);
    expect(await totalsOf(COLA)).toEqual({ units: 9, revenuePence: 1_050, machines: 2 });
    expect(await totalsOf(CRISPS)).toEqual({ units: 3, revenuePence: 300, machines: 1 });
  });

  it("Products Analytics counts quantities, for whole months and for a range that cuts one (read from the sales)", async () => {
    const mine = (rows: Awaited<ReturnType<typeof productAnalytics>>) =>
      rows.filter((p) => p.name === COLA || p.name === CRISPS);
    const machinesOf = (p: { machines: { id: number; unitsSold: number }[] }) =>
      p.machines.map((m) => [m.id, m.unitsSold]).sort((a, b) => a[0] - b[0]);
    for (const range of [{}, { from: "2026-10-01", to: "2026-10-31" }]) {
      const rows = mine(await productAnalytics(db, range));
      expect(rows.map((p) => [p.name, p.totalSales, p.totalRevenuePence])).toEqual([
        [COLA, 9, 1050],
        [CRISPS, 3, 300],
      ]);
      expect(machinesOf(rows[0])).toEqual(
        [
          [kioskId, 4],
          [annexId, 5],
        ].sort((a, b) => a[0] - b[0]),
      );
    }
    // From 4 October: the first Cola (×1) is out; the ×3 stays and the refund (7th) takes £3.00 off.
    const cut = mine(await productAnalytics(db, { from: "2026-10-04", to: "2026-10-31" }));
    expect(cut.map((p) => [p.name, p.totalSales, p.totalRevenuePence])).toEqual([
      [COLA, 8, 900],
      [CRISPS, 3, 300],
    ]);
    expect(machinesOf(cut[0])).toEqual(
      [
        [kioskId, 3],
        [annexId, 5],
      ].sort((a, b) => a[0] - b[0]),
    );
  });

  it("the distribution's % of Total is each machine's share of the units: 5 of 9 and 4 of 9", async () => {
    const view = await productView(db, {
      query: "",
      tab: "distribution",
      product: COLA,
      page: { page: 1, size: 24 },
      machinePage: { page: 1, size: 24 },
    });
    expect(view.distribution?.chosen?.product).toMatchObject({
      name: COLA,
      totalSales: 9,
      totalRevenuePence: 1050,
      machines: 2,
    });
    expect(view.distribution?.chosen?.machines.map((m) => [m.location, m.unitsSold, m.percent])).toEqual([
      [ANNEX, 5, "55.6"],
      [KIOSK, 4, "44.4"],
    ]);
    const cola = (await productAnalytics(db)).find((p) => p.name === COLA)!;
    expect(distribution(cola).map((m) => [m.location, m.unitsSold, m.percent])).toEqual([
      [ANNEX, 5, "55.6"],
      [KIOSK, 4, "44.4"],
    ]);
  });

  it("a per-item agreement with a product rule counts items by quantity and the product's COGS as cost × quantity", async () => {
    expect(await productParts(db, [kioskRecordId])).toEqual(
      new Map([
        [
          kioskRecordId,
          [
            { name: COLA, units: 4, revenuePence: 300, cogsPence: 240 },
            { name: CRISPS, units: 3, revenuePence: 300, cogsPence: 120 },
          ],
        ],
      ]),
    );
    const input = agreementInputSchema.parse({
      effectiveMonth: "2026-10",
      basis: "per-item",
      amount: "0.05",
      products: [{ match: COLA.toLowerCase(), basis: "gross-profit", rate: "0.50" }],
    });
    await setAgreement(db, kioskPartnerId, input, adminId, NOW);
    // Cola: gross profit 300 − 240 = 60 × 50% = 30; the other items: 7 − 4 = 3 × 5p = 15; 45 in all.
    const month = await partnerMonth(db, kioskPartnerId, "2026-10");
    expect(month.totals).toMatchObject({ units: 7, revenuePence: 600, cogsPence: 360 });
    expect(month.lines.map((l) => [l.kind, l.basis, l.quantity, l.commissionPence])).toEqual([
      ["product", "gross-profit", 60, 30],
      ["machine", "per-item", 3, 15],
    ]);
    expect(month.agreementPence).toBe(45);
    // The month's totals for every partner at once (summary, payouts, stats) agree.
    const [totals] = await monthTotals(db, "2026-10", [kioskPartnerId]);
    expect(totals.commissionPence).toBe(45);

    // Without the product rule every item counts: 7 × 5p = 35.
    await setAgreement(
      db,
      kioskPartnerId,
      agreementInputSchema.parse({ effectiveMonth: "2026-10", basis: "per-item", amount: "0.05" }),
      adminId,
      NOW,
    );
    expect((await partnerMonth(db, kioskPartnerId, "2026-10")).agreementPence).toBe(35);
    expect((await monthTotals(db, "2026-10", [kioskPartnerId]))[0].commissionPence).toBe(35);
  });

  it("the record's transactions list each line's quantity; the workbook's totals line says the units and COGS", async () => {
    const json = await call(transactionsLoader, `/api/records/${kioskRecordId}/transactions?format=json`, {
      params: { id: String(kioskRecordId) },
      cookie: adminCookie,
    });
    const lines = (await json.json()) as { transactionId: string; kind: string; quantity: number; costPence: number }[];
    expect(lines.map((l) => [l.transactionId, l.kind, l.quantity, l.costPence])).toEqual([
      ["9300000001", "sale", 1, 60],
      ["9300000002", "sale", 3, 60],
      ["9300000003", "sale", 1, 40],
      ["9300000004", "sale", 2, 40],
      ["9300000002", "refund", 2, 60],
    ]);
    const xlsx = await call(transactionsLoader, `/api/records/${kioskRecordId}/transactions`, {
      params: { id: String(kioskRecordId) },
      cookie: adminCookie,
    });
    const book = XLSX.read(new Uint8Array(await xlsx.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], {
      header: 1,
      blankrows: false,
      defval: "",
    });
    expect(rows[1]).toEqual([
      "Transaction ID",
      "Date (GMT)",
      "Product Name",
      "Machine Price (£)",
      "Settlement Value (£)",
      "Cost Price (£)",
      "Type",
      "Quantity",
    ]);
    expect(rows.slice(2, -1).map((r) => [r[0], r[6], r[7]])).toEqual([
      ["9300000001", "Sale", 1],
      ["9300000002", "Sale", 3],
      ["9300000003", "Sale", 1],
      ["9300000004", "Sale", 2],
      ["9300000002", "Refund", 2],
    ]);
    expect(rows.at(-1)).toEqual(["Total", "", "7 units", "", 6, 3.6, "", ""]);
  });

  it("deleting the record takes its quantities out of the rollup: the Kiosk's rows go, the Annex's 5 Colas stay", async () => {
    await deleteRecord(db, kioskRecordId, adminId);
    expect(await rollupOf(kioskId)).toEqual([]);
    expect(await rollupOf(annexId)).toEqual([{ name: COLA, units: 5, revenuePence: 750 }]);
    expect(await totalsOf(COLA)).toEqual({ units: 5, revenuePence: 750, machines: 1 });
    expect(await totalsOf(CRISPS)).toEqual({ units: 0, revenuePence: 0, machines: 0 });
    const audit = await db
      .selectFrom("auditLog")
      .select("before")
      .where("action", "=", "delete")
      .where("entity", "=", "monthly_record")
      .where("entityId", "=", String(kioskRecordId))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!)).toMatchObject({ units: 7, revenuePence: 600, cogsPence: 360 });
    const view = await productView(db, {
      query: "",
      tab: "distribution",
      product: COLA,
      page: { page: 1, size: 24 },
      machinePage: { page: 1, size: 24 },
    });
    expect(view.distribution?.chosen?.machines.map((m) => [m.location, m.unitsSold, m.percent])).toEqual([
      [ANNEX, 5, "100.0"],
    ]);
  });
});

describe("migration 2026-11-30T00-sale-quantity", () => {
  it("gives every stored line quantity 1, changes no figure, reports nothing, and keeps quantities from 1 to 99", async () => {
    const fresh = await freshDatabase("before-quantity.db");
    const old = openDatabase(fresh.target);
    try {
      const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("2026-11-29T00-commission-agreements")).error).toBeUndefined();

      const partner = await old
        .insertInto("users")
        .values({ username: "p", passwordHash: "x", name: "Pat" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const machine = await old
        .insertInto("machines")
        .values({ partnerId: partner.id, location: "Leeds Station Concourse" })
        .returning("id")
        .executeTakeFirstOrThrow();
      // Figures as the import wrote them before quantities: 3 sale lines, a refund; COGS of the sales.
      const record = await old
        .insertInto("monthlyRecords")
        .values({ machineId: machine.id, month: "2026-09", totalSales: 3, revenuePence: 300, cogsPence: 150 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const product = await old
        .insertInto("products")
        .values({ name: "Twix", currentPricePence: 150, currentCostPence: 50 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const line = (transactionId: string, settlementPence: number, kind: "sale" | "refund") => ({
        machineId: machine.id,
        recordId: record.id,
        productId: product.id,
        saleDate: "2026-09-10T10:00:00.000Z",
        pricePence: 150,
        costPence: 50,
        settlementPence,
        transactionId,
        kind,
      });
      await old
        .insertInto("sales")
        .values([line("T1", 150, "sale"), line("T2", 150, "sale"), line("T3", 150, "sale"), line("T3", -150, "refund")])
        .execute();
      await old
        .insertInto("productSalesMonthly")
        .values({ productId: product.id, machineId: machine.id, month: "2026-09", units: 3, revenuePence: 300 })
        .execute();

      const { results = [], report } = await migrateToLatest(old);
      expect(results.map((r) => [r.migrationName, r.status])).toEqual([
        ["2026-11-30T00-sale-quantity", "Success"],
        ["2026-11-30T01-adjustment-reasons", "Success"],
        ["2026-12-01T00-money-paid", "Success"],
        ["2026-12-02T00-payout-prefix", "Success"],
        ["2026-12-02T01-bank-details", "Success"],
        ["2026-12-02T10-device-cookies", "Success"],
        ["2026-12-03T00-issued-documents", "Success"],
        ["2026-12-04T06-import-profiles", "Success"],
        ["2026-12-05T02-product-costs", "Success"],
        ["2026-12-05T04-accounting-exports", "Success"],
        ["2026-12-05T06-self-billing", "Success"],
      ]);
      expect(report).toEqual([]);
      expect(
        await old.selectFrom("sales").select(["transactionId", "kind", "quantity"]).orderBy("id").execute(),
      ).toEqual([
        { transactionId: "T1", kind: "sale", quantity: 1 },
        { transactionId: "T2", kind: "sale", quantity: 1 },
        { transactionId: "T3", kind: "sale", quantity: 1 },
        { transactionId: "T3", kind: "refund", quantity: 1 },
      ]);
      const figures = () =>
        old
          .selectFrom("monthlyRecords")
          .select(["totalSales", "revenuePence", "cogsPence"])
          .where("id", "=", record.id)
          .executeTakeFirstOrThrow();
      expect(await figures()).toEqual({ totalSales: 3, revenuePence: 300, cogsPence: 150 });
      expect(await old.selectFrom("productSalesMonthly").select(["units", "revenuePence"]).execute()).toEqual([
        { units: 3, revenuePence: 300 },
      ]);
      // Recomputed from the lines, the figures are the ones stored: nothing to change.
      await recomputeRecord(old, record.id);
      expect(await figures()).toEqual({ totalSales: 3, revenuePence: 300, cogsPence: 150 });

      // A line written without a quantity is one unit; the schema keeps quantities from 1 to 99.
      await old
        .insertInto("sales")
        .values(line("T4", 150, "sale"))
        .execute();
      expect(
        (await old.selectFrom("sales").select("quantity").where("transactionId", "=", "T4").executeTakeFirstOrThrow())
          .quantity,
      ).toBe(1);
      await old
        .insertInto("sales")
        .values({ ...line("T5", 1_485, "sale"), quantity: 99 })
        .execute();
      for (const quantity of [0, 100])
        await expect(
          old
            .insertInto("sales")
            .values({ ...line(`T-${quantity}`, 150, "sale"), quantity })
            .execute(),
        ).rejects.toThrow(/CHECK|check constraint/i);
      // Migrating again changes nothing and reports nothing.
      expect(await migrateToLatest(old)).toMatchObject({ results: [], report: [] });
    } finally {
      await old.destroy();
      await fresh.drop();
    }
  });
});
