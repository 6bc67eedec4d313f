/**
 * Every migration on the engine under test (SQLite here; PostgreSQL under `npm run test:pg`): the same
 * tables and columns on both, and the rules the schema itself keeps.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DB } from "#db/database.ts";
import { engineOf } from "#db/dialect.ts";
import { migrations } from "#db/migrations/index.ts";
import { freshDatabase, onPostgres } from "#tests/databases.ts";

let db: DB;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = openDatabase(fresh.target);
});

afterAll(async () => {
  await db.destroy();
  await drop();
});

/** Each table's columns, by table. */
async function columnsOf(db: DB): Promise<Record<string, string[]>> {
  const tables = await db.introspection.getTables();
  return Object.fromEntries(
    tables
      .filter((t) => !t.name.startsWith("kysely_") && !t.isView)
      .map((t) => [t.name, t.columns.map((c) => c.name).sort()] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

describe(`migrations on ${onPostgres ? "PostgreSQL" : "SQLite"}`, () => {
  it("apply every migration in order to an empty database", async () => {
    expect(engineOf(db)).toBe(onPostgres ? "postgres" : "sqlite");
    const { results = [] } = await migrateToLatest(db);
    expect(results.map((r) => [r.migrationName, r.status])).toEqual(
      Object.keys(migrations).map((name) => [name, "Success"]),
    );
    expect((await migrateToLatest(db)).results).toEqual([]);
  });

  it("make the same tables and columns as on a SQLite file", async () => {
    const file = openDatabase(path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-schema-")), "schema.db"));
    await migrateToLatest(file);
    const sqlite = await columnsOf(file);
    await file.destroy();
    expect(Object.keys(sqlite)).toEqual(
      expect.arrayContaining([
        "users",
        "machines",
        "monthly_records",
        "sales",
        "fee_payments",
        "payments",
        "audit_log",
      ]),
    );
    expect(await columnsOf(db)).toEqual(sqlite);
  });

  it("number ids, stamp created_at in UTC ISO text, and keep 64-bit integers", async () => {
    const first = await db
      .insertInto("users")
      .values({ username: "Alice", passwordHash: "x" })
      .returning(["id", "createdAt"])
      .executeTakeFirstOrThrow();
    const second = await db
      .insertInto("users")
      .values({ username: "bob", passwordHash: "x" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(second.id).toBe(first.id + 1);
    expect(first.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const big = 2 ** 40;
    await db.insertInto("authFailures").values({ scope: "user", keyHash: "k", atMs: big }).execute();
    const row = await db
      .selectFrom("authFailures")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("atMs").as("total")])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ n: 1, total: big });
  });

  it("refuse a username that differs only in case, a month that is not yyyy-mm, a date that is not yyyy-mm-dd", async () => {
    await expect(db.insertInto("users").values({ username: "ALICE", passwordHash: "x" }).execute()).rejects.toThrow();
    const partner = await db.selectFrom("users").select("id").where("username", "=", "bob").executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto("commissionRates")
        .values({ partnerId: partner.id, rateBp: 1000, effectiveMonth: "Sept 2026" })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto("commissionRates")
      .values({ partnerId: partner.id, rateBp: 1000, effectiveMonth: "2026-09" })
      .execute();
    await expect(
      db
        .insertInto("payments")
        .values({ partnerId: partner.id, receivedOn: "1/9/2026", amountPence: 100, method: "cash" })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto("payments")
      .values({ partnerId: partner.id, receivedOn: "2026-09-01", amountPence: 100, method: "cash" })
      .execute();
  });

  it("keep the products' all-time totals through the rollup's triggers, rows of several months in one statement included", async () => {
    const partner = await db.selectFrom("users").select("id").where("username", "=", "bob").executeTakeFirstOrThrow();
    const machine = await db
      .insertInto("machines")
      .values({ partnerId: partner.id, location: "Leeds" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const other = await db
      .insertInto("machines")
      .values({ partnerId: partner.id, location: "York" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const product = await db
      .insertInto("products")
      .values({ name: "Twix", currentPricePence: 150, currentCostPence: 50 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const totals = () =>
      db
        .selectFrom("productSalesTotals")
        .select(["units", "revenuePence", "machines"])
        .where("productId", "=", product.id)
        .executeTakeFirst();
    await db
      .insertInto("productSalesMonthly")
      .values([
        { productId: product.id, machineId: machine.id, month: "2026-08", units: 2, revenuePence: 300 },
        { productId: product.id, machineId: machine.id, month: "2026-09", units: 1, revenuePence: 150 },
      ])
      .execute();
    expect(await totals()).toEqual({ units: 3, revenuePence: 450, machines: 1 });
    await db
      .insertInto("productSalesMonthly")
      .values({ productId: product.id, machineId: other.id, month: "2026-09", units: 4, revenuePence: 600 })
      .execute();
    expect(await totals()).toEqual({ units: 7, revenuePence: 1050, machines: 2 });
    await db
      .updateTable("productSalesMonthly")
      .set({ units: 5, revenuePence: 700 })
      .where("machineId", "=", other.id)
      .execute();
    expect(await totals()).toEqual({ units: 8, revenuePence: 1150, machines: 2 });
    await db
      .updateTable("productSalesMonthly")
      .set({ machineId: machine.id, month: "2026-10" })
      .where("machineId", "=", other.id)
      .execute();
    expect(await totals()).toEqual({ units: 8, revenuePence: 1150, machines: 1 });
    await db.deleteFrom("productSalesMonthly").where("month", "=", "2026-08").execute();
    expect(await totals()).toEqual({ units: 6, revenuePence: 850, machines: 1 });
    await db.deleteFrom("productSalesMonthly").where("productId", "=", product.id).execute();
    expect(await totals()).toEqual({ units: 0, revenuePence: 0, machines: 0 });
  });

  it("store the business logo's bytes", async () => {
    const logo = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    await db
      .insertInto("businessProfile")
      .values({ id: 1, tradingName: "Vend Ltd", logo: Buffer.from(logo), logoType: "image/png" })
      .execute();
    const row = await db.selectFrom("businessProfile").select("logo").executeTakeFirstOrThrow();
    expect(new Uint8Array(row.logo!)).toEqual(logo);
    expect(await sql`select 1 as one`.execute(db)).toMatchObject({ rows: [{ one: 1 }] });
  });
});
