/** The month-close migration on an existing database: one booking per transaction, the rest removed, recomputed, reported and audited. */
import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "#db/database.ts";
import { migrations } from "#db/migrations/index.ts";
import { freshDatabase } from "#tests/databases.ts";

describe("migration 2026-11-23T00-month-close", () => {
  it("keeps the earliest booking of a transaction, removes later copies, recomputes records and rollups, keeps paid snapshots, and reports each removal", async () => {
    const fresh = await freshDatabase("old.db");
    const db = openDatabase(fresh.target);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("2026-11-22T00-initial")).error).toBeUndefined();

    const partner = await db
      .insertInto("users")
      .values({ username: "p", passwordHash: "x", name: "Pat" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const a = await db
      .insertInto("machines")
      .values({ partnerId: partner.id, location: "Leeds Station Concourse" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const b = await db
      .insertInto("machines")
      .values({ partnerId: partner.id, location: "York Hospital Atrium" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const ra = await db
      .insertInto("monthlyRecords")
      .values({ machineId: a.id, month: "2026-09", totalSales: 2, revenuePence: 300, cogsPence: 100 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const rb = await db
      .insertInto("monthlyRecords")
      .values({ machineId: b.id, month: "2026-09", totalSales: 2, revenuePence: 450, cogsPence: 150 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const product = await db
      .insertInto("products")
      .values({ name: "Twix", currentPricePence: 150, currentCostPence: 50 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const sale = (machineId: number, recordId: number, transactionId: string, settlementPence: number) => ({
      machineId,
      recordId,
      productId: product.id,
      saleDate: "2026-09-10T10:00:00.000Z",
      pricePence: 150,
      costPence: 50,
      settlementPence,
      transactionId,
      kind: "sale" as const,
    });
    // T1 and T2 booked first to Leeds; the same T2 later to York as well, with York's own T3.
    await db
      .insertInto("sales")
      .values([
        sale(a.id, ra.id, "T1", 150),
        sale(a.id, ra.id, "T2", 150),
        sale(b.id, rb.id, "T2", 150),
        sale(b.id, rb.id, "T3", 300),
      ])
      .execute();
    await db
      .insertInto("productSalesMonthly")
      .values([
        { productId: product.id, machineId: a.id, month: "2026-09", units: 2, revenuePence: 300 },
        { productId: product.id, machineId: b.id, month: "2026-09", units: 2, revenuePence: 450 },
      ])
      .execute();
    await db
      .insertInto("commissionPayments")
      .values({
        partnerId: partner.id,
        month: "2026-09",
        status: "completed",
        paidDate: "2026-10-05",
        amountPence: 61,
        rateBp: 1000,
      })
      .execute();

    const { report: everything } = await migrateToLatest(db);
    // The later money-paid migration reports the paid month as money paid: tests/integration/money-paid-migration.test.ts.
    const report = everything.filter((e) => e.migration === "2026-11-23T00-month-close");
    expect(report).toEqual([
      expect.objectContaining({
        migration: "2026-11-23T00-month-close",
        action: "migration_remove_duplicate",
        entity: "sale",
        partnerId: partner.id,
        month: "2026-09",
        reason: "already booked to Leeds Station Concourse",
        before: expect.objectContaining({ transactionId: "T2", location: "York Hospital Atrium" }),
      }),
    ]);
    const sales = await db.selectFrom("sales").select(["transactionId", "machineId"]).orderBy("id").execute();
    expect(sales).toEqual([
      { transactionId: "T1", machineId: a.id },
      { transactionId: "T2", machineId: a.id },
      { transactionId: "T3", machineId: b.id },
    ]);
    expect(
      await db
        .selectFrom("monthlyRecords")
        .select(["machineId", "totalSales", "revenuePence", "cogsPence"])
        .orderBy("id")
        .execute(),
    ).toEqual([
      { machineId: a.id, totalSales: 2, revenuePence: 300, cogsPence: 100 },
      { machineId: b.id, totalSales: 1, revenuePence: 300, cogsPence: 50 },
    ]);
    expect(
      await db
        .selectFrom("productSalesMonthly")
        .select(["machineId", "units", "revenuePence"])
        .where("machineId", "=", b.id)
        .execute(),
    ).toEqual([{ machineId: b.id, units: 1, revenuePence: 300 }]);
    // The paid snapshot stays as paid.
    expect(await db.selectFrom("commissionPayments").select(["status", "amountPence"]).execute()).toEqual([
      { status: "completed", amountPence: 61 },
    ]);
    // The audit trail keeps the removal; from now on the same transaction cannot be stored twice.
    expect(
      await db
        .selectFrom("auditLog")
        .select(["action", "partnerId", "month"])
        .where("action", "=", "migration_remove_duplicate")
        .execute(),
    ).toEqual([{ action: "migration_remove_duplicate", partnerId: partner.id, month: "2026-09" }]);
    await expect(
      db
        .insertInto("sales")
        .values(sale(b.id, rb.id, "T1", 150))
        .execute(),
    ).rejects.toThrow(/UNIQUE|unique constraint/);
    // Migrating again changes nothing and reports nothing.
    expect((await migrateToLatest(db)).report).toEqual([]);
    await db.destroy();
    await fresh.drop();
  });
});
