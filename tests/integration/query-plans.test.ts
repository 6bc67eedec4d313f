/**
 * The summary pages' queries search by index: EXPLAIN QUERY PLAN of every statement the commission
 * summary, the partner page and Products Analytics run (captured from the domain functions
 * themselves, through Kysely's log) shows no full SCAN of sales, monthly_records or the monthly
 * product rollup; SEARCH … USING INDEX is what a page at a real operator's size can afford.
 */
import { CamelCasePlugin, CompiledQuery, Kysely, SqliteDialect, type CompiledQuery as Compiled } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "#app/utils/db.server.ts";
import { openSqlite } from "#db/database.ts";
import type { Database } from "#db/schema.ts";
import { commissionSummaryPage, partnerMonthFigures } from "#domain/commissions/commission-summary.ts";
import { partnerDetailPage } from "#domain/partners/partner-page.ts";
import { productView } from "#domain/products/product-service.ts";
import { previousMonth } from "#domain/shared/dates.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { describeSqliteOnly } from "#tests/databases.ts";

const BIG_TABLES = ["sales", "monthly_records", "product_sales_monthly"];

let captured: Compiled[] = [];
const logged = new Kysely<Database>({
  dialect: new SqliteDialect({ database: openSqlite(process.env.DATABASE_PATH!) }),
  plugins: [new CamelCasePlugin()],
  log: (event) => {
    if (event.level === "query") captured.push(event.query);
  },
});

/** The statements `run` makes. */
async function statementsOf(run: (db: Kysely<Database>) => Promise<unknown>): Promise<Compiled[]> {
  captured = [];
  await run(logged);
  return captured;
}

/** The plan's lines, and the names a big table goes by in the statement (itself and its aliases). */
async function plan(query: Compiled) {
  const result = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
  );
  const names = new Set(BIG_TABLES);
  for (const table of BIG_TABLES)
    for (const [, alias] of query.sql.matchAll(new RegExp(`"${table}" as "(\\w+)"`, "g"))) names.add(alias);
  return { lines: result.rows.map((r) => r.detail), names };
}

/** SCAN lines over a big table (a full scan: no index narrows it). */
async function fullScans(queries: Compiled[]): Promise<string[]> {
  const scans: string[] = [];
  for (const query of queries) {
    const { lines, names } = await plan(query);
    for (const line of lines) {
      const scanned = /^SCAN (\w+)/.exec(line)?.[1];
      if (scanned && names.has(scanned)) scans.push(`${line}  ←  ${query.sql.slice(0, 160)}`);
    }
  }
  return scans;
}

let partnerId: number;
const month = previousMonth();

beforeAll(async () => {
  const admin = await makeAdmin(db);
  const partner = await makePartner(db, { partnerType: "tiered-profit-sharing" });
  partnerId = partner.id;
  for (let m = 0; m < 30; m++) {
    const machine = await makeMachine(db, partner.id);
    await makeRecord(db, machine.id, month, { totalSales: 10, revenuePence: 10_000 + m, cogsPence: 4_000 });
  }
  const paid = await makePartner(db, { partnerType: "profit-sharing" });
  const machine = await makeMachine(db, paid.id);
  await makeRecord(db, machine.id, "2026-01", { totalSales: 1, revenuePence: 1_000, cogsPence: 100 });
  const product = await db
    .insertInto("products")
    .values({ name: "Product 1", currentPricePence: 100, currentCostPence: 40 })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("productSalesMonthly")
    .values({ productId: product.id, machineId: machine.id, month: "2026-01", units: 3, revenuePence: 300 })
    .execute();
  const { markCommissionPaid } = await import("#domain/commissions/commission-payment-service.ts");
  await markCommissionPaid(db, paid.id, "2026-01", admin.id, "2026-02-02", new Date("2026-02-02T12:00:00Z"));
});

afterAll(async () => {
  await logged.destroy();
});

describeSqliteOnly(
  "no full scan of sales, monthly_records or product_sales_monthly",
  "SQLite's EXPLAIN QUERY PLAN",
  () => {
    it("the commission summary: a page, the totals over every partner, the paid rows", async () => {
      const queries = await statementsOf(async (d) => {
        await commissionSummaryPage(d, month, { page: 2, size: 24 });
        await commissionSummaryPage(d, "2026-01", { page: 1, size: 24 });
      });
      // Each page: the month's aggregate and its adjustments (monthTotals).
      expect(queries.length).toBeGreaterThanOrEqual(4);
      expect(await fullScans(queries)).toEqual([]);
    });

    it("the partner page: its profile, invoices, totals, a page of machines and their records' figures, the commission cards", async () => {
      const queries = await statementsOf(async (d) => {
        await partnerDetailPage(d, partnerId, { page: 2, size: 24 });
        await partnerMonthFigures(d, partnerId, month);
      });
      expect(queries.length).toBeGreaterThanOrEqual(6);
      expect(await fullScans(queries)).toEqual([]);
    });

    it("Products Analytics: each tab, searched or not, a chosen product's machines", async () => {
      const first = { page: 1, size: 24 };
      const queries = await statementsOf(async (d) => {
        for (const query of ["", "cola"]) {
          await productView(d, { query, tab: "all", product: null, page: { page: 2, size: 24 }, machinePage: first });
          await productView(d, { query, tab: "top", product: null, page: first, machinePage: first });
          await productView(d, {
            query,
            tab: "distribution",
            product: "Product 1",
            page: first,
            machinePage: { page: 2, size: 24 },
          });
        }
      });
      expect(queries.length).toBeGreaterThanOrEqual(14);
      expect(await fullScans(queries)).toEqual([]);
    });

    it("finds a full scan where there is one (the check itself)", async () => {
      const queries = await statementsOf((d) =>
        d.selectFrom("monthlyRecords as r").select("r.id").where("r.cogsPence", ">", 0).execute(),
      );
      expect(await fullScans(queries)).toHaveLength(1);
    });
  },
);
