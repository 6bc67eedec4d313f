/**
 * product_sales_totals (migration 2026-11-24T01-summary-indexes) follows the monthly product rollup
 * through every writer: the import, a re-import, a record's delete, a machine's delete (cascade) and
 * a direct change of a rollup row. It always equals the GROUP BY over the rollup it stands for, and
 * productAnalytics' all-time figures (units, revenue, machines).
 */
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { importExports } from "#domain/imports/import-service.ts";
import { deleteMachine, deleteRecord } from "#domain/machines/machine-service.ts";
import { productAnalytics } from "#domain/products/product-service.ts";
import { makeAdmin, makeMachine, makePartner } from "#tests/factories.ts";

let adminId: number;

async function importFixture(file: string) {
  const [outcome] = await importExports(
    db,
    [{ name: file, bytes: new Uint8Array(fs.readFileSync(`fixtures/${file}`)) }],
    {},
    { actorId: adminId, dataDir: DATA_DIR },
  );
  expect(outcome.ok).toBe(true);
}

/** The totals table, and what it stands for: the rollup grouped by product (machines with a row). */
async function totalsAndRollup() {
  const totals = await sql<{ productId: number; units: number; revenuePence: number; machines: number }>`
    select product_id as "productId", units, revenue_pence as "revenuePence", machines from product_sales_totals where machines > 0 order by product_id`.execute(
    db,
  );
  const grouped = await sql<{ productId: number; units: number; revenuePence: number; machines: number }>`
    select product_id as "productId", sum(units) as units, sum(revenue_pence) as "revenuePence", count(distinct machine_id) as machines
    from product_sales_monthly group by product_id order by product_id`.execute(db);
  return { totals: totals.rows, grouped: grouped.rows };
}

async function expectTotalsRight() {
  const { totals, grouped } = await totalsAndRollup();
  expect(totals).toEqual(grouped);
  // And productAnalytics', product by product.
  const names = new Map((await db.selectFrom("products").select(["id", "name"]).execute()).map((p) => [p.id, p.name]));
  const analytics = await productAnalytics(db);
  expect(
    totals
      .map((t) => ({
        name: names.get(t.productId),
        totalSales: t.units,
        totalRevenuePence: t.revenuePence,
        machines: t.machines,
      }))
      .sort((a, b) => a.name!.localeCompare(b.name!)),
  ).toEqual(
    analytics
      .map((a) => ({
        name: a.name,
        totalSales: a.totalSales,
        totalRevenuePence: a.totalRevenuePence,
        machines: a.machines.length,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  );
  return totals;
}

beforeAll(async () => {
  adminId = (await makeAdmin(db)).id;
  const partner = await makePartner(db);
  for (const location of ["Leeds Station Concourse", "Bradford Library", "York Hospital Atrium"])
    await makeMachine(db, partner.id, location);
});

describe("product_sales_totals", () => {
  it("is written by the import, once per transaction stored (a re-import adds nothing)", async () => {
    await importFixture("three-machines-2026-09.xlsx");
    await importFixture("single-machine-2026-10.xlsx");
    const totals = await expectTotalsRight();
    expect(totals.reduce((s, t) => s + t.units, 0)).toBe(98 + 44);
    await importFixture("three-machines-2026-09.xlsx");
    expect(await expectTotalsRight()).toEqual(totals);
  });

  it("loses a record's sales when the record is deleted, and a machine once none of its rows is left", async () => {
    const record = await db
      .selectFrom("monthlyRecords")
      .select(["id", "machineId"])
      .where("month", "=", "2026-10")
      .executeTakeFirstOrThrow();
    await deleteRecord(db, record.id, adminId);
    await expectTotalsRight();
    const machine = await db
      .selectFrom("monthlyRecords")
      .select("machineId")
      .where("month", "=", "2026-09")
      .executeTakeFirstOrThrow();
    await deleteMachine(db, machine.machineId, adminId);
    const totals = await expectTotalsRight();
    expect(totals.length).toBeGreaterThan(0);
  });

  it("follows direct changes of rollup rows: figures, a row moved to another machine, a row removed", async () => {
    const row = await db
      .selectFrom("productSalesMonthly")
      .selectAll()
      .orderBy("units", "desc")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("productSalesMonthly")
      .set({ units: row.units + 5, revenuePence: row.revenuePence + 500 })
      .where("productId", "=", row.productId)
      .where("machineId", "=", row.machineId)
      .where("month", "=", row.month)
      .execute();
    await expectTotalsRight();
    const other = await makeMachine(
      db,
      (await db.selectFrom("machines").select("partnerId").where("id", "=", row.machineId).executeTakeFirstOrThrow())
        .partnerId,
    );
    await db
      .updateTable("productSalesMonthly")
      .set({ machineId: other.id })
      .where("productId", "=", row.productId)
      .where("machineId", "=", row.machineId)
      .where("month", "=", row.month)
      .execute();
    await expectTotalsRight();
    await db
      .updateTable("productSalesMonthly")
      .set({ month: "2026-08" })
      .where("productId", "=", row.productId)
      .where("machineId", "=", other.id)
      .execute();
    await expectTotalsRight();
    await db
      .deleteFrom("productSalesMonthly")
      .where("productId", "=", row.productId)
      .where("machineId", "=", other.id)
      .execute();
    await expectTotalsRight();
  });
});
