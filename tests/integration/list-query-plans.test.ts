/**
 * The admin's lists read by index at any size: SQLite's plan (EXPLAIN QUERY PLAN) of
 * every query that /admin (listPartnerPage, getStats) and /admin/invoices (listInvoicePage) run, on
 * the migrated schema. Without statistics (the product never runs ANALYZE) SQLite plans alike for
 * an empty table and a large one, so a few rows show the plan a real operator's database gets.
 * No table is scanned whole (`SCAN t` without an index); the pages' rows come in index order, so
 * LIMIT stops after the page (no temporary B-tree for ORDER BY).
 */
import { beforeAll, expect, it } from "vitest";
import { CamelCasePlugin, CompiledQuery, Kysely, SqliteDialect } from "kysely";
import { openSqlite } from "#db/database.ts";
import type { Database } from "#db/schema.ts";
import { db } from "#app/utils/db.server.ts";
import { listInvoicePage } from "#domain/invoices/invoice-queries.ts";
import { getStats, listPartnerPage } from "#domain/partners/partner-service.ts";
import { makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { describeSqliteOnly } from "#tests/databases.ts";

interface Planned {
  sql: string;
  plan: string[];
}

/** The queries `work` runs (through a second connection to the migrated test database), each with its plan. */
async function plansOf(work: (db: Kysely<Database>) => Promise<unknown>): Promise<Planned[]> {
  const queries: CompiledQuery[] = [];
  const logged = new Kysely<Database>({
    dialect: new SqliteDialect({ database: openSqlite(process.env.DATABASE_PATH!) }),
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (event.level === "query") queries.push(event.query);
    },
  });
  try {
    await work(logged);
    const planned: Planned[] = [];
    for (const query of [...queries]) {
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      planned.push({ sql: query.sql, plan: plan.rows.map((r) => r.detail) });
    }
    return planned;
  } finally {
    await logged.destroy();
  }
}

/** A whole table read row by row: "SCAN f" (an index walked in order reads "SCAN f USING … INDEX …"). */
// A scan of the month's partners (the materialized CTE p, read again as q) reads rows already found by index, not a table.
const tableScans = (planned: Planned) =>
  planned.plan.filter((line) => /^SCAN \w+$/.test(line) && !/^SCAN [pq]$/.test(line));
const sortsForOrder = (planned: Planned) => planned.plan.filter((line) => line.includes("TEMP B-TREE FOR ORDER BY"));
const paged = (planned: Planned[]) => planned.filter((p) => / limit \? offset \?$/.test(p.sql));

beforeAll(async () => {
  // Enough for every query of the pages to run: partners with machines and records, invoices.
  const sharer = await makePartner(db, { name: "Plan Café" });
  const machine = await makeMachine(db, sharer.id);
  await makeRecord(db, machine.id, "2026-11", { revenuePence: 10_000, cogsPence: 4_000 });
  const gym = await makePartner(db, {
    name: "Plan Gym",
    partnerType: "fee-paying",
    commissionBp: 0,
    monthlyFeePence: 5_000,
  });
  await db
    .insertInto("feePayments")
    .values({
      partnerId: gym.id,
      amountPence: 5_000,
      paymentPeriod: "monthly",
      periodStart: "2026-11-01",
      periodEnd: "2026-11-30",
      dueDate: "2026-11-15",
      status: "pending",
    })
    .execute();
});

describeSqliteOnly("/admin's queries (listPartnerPage, getStats)", "SQLite's EXPLAIN QUERY PLAN", () => {
  let planned: Planned[];
  beforeAll(async () => {
    planned = await plansOf(async (logged) => {
      await listPartnerPage(logged, { query: "", page: { page: 2, size: 24 } });
      await listPartnerPage(logged, { query: "café", page: { page: 1, size: 24 } });
      await getStats(logged, new Date("2026-11-20T10:00:00Z"));
    });
  });

  it("runs a fixed number of queries: count, page, figures and invoices of the page; five for the stats", () => {
    // The stats: partners, all-time sums, this month's sums, and the month's commission (monthSums:
    // one aggregate for the seed's agreements, the partners with written ones).
    expect(planned).toHaveLength(2 * 4 + 5);
  });

  it("scans no table whole: users, machines, monthly records, invoices and rates are searched by index", () => {
    for (const query of planned) expect(tableScans(query), `${query.sql}\n${query.plan.join("\n")}`).toEqual([]);
  });

  it("the page of partners comes in the index's order (name, username), searched or not", () => {
    const pages = paged(planned);
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page.plan).toContainEqual(
        expect.stringMatching(/^SEARCH users USING INDEX users_partner_order \(is_admin=\?\)$/),
      );
      expect(sortsForOrder(page)).toEqual([]);
    }
  });

  it("the counts read the partners' index alone; the figures search machines, records and invoices by partner", () => {
    const counts = planned.filter((p) => p.sql.startsWith('select count(*) as "total"'));
    expect(counts).toHaveLength(2);
    for (const count of counts)
      expect(count.plan).toEqual(["SEARCH users USING COVERING INDEX users_partner_order (is_admin=?)"]);
    const figures = planned.filter((p) => p.sql.includes('"machine_count"'));
    for (const query of figures) {
      expect(query.plan).toContainEqual(
        expect.stringMatching(/^SEARCH m USING (COVERING )?INDEX \w+ \(partner_id=\?\)$/),
      );
      expect(query.plan).toContainEqual(
        expect.stringMatching(/^SEARCH r USING (COVERING )?INDEX \w+ \(machine_id=\?\)/),
      );
    }
    const invoices = planned.filter((p) => p.sql.includes('"latest_payment_period"'));
    for (const query of invoices)
      expect(query.plan[0]).toMatch(/^SEARCH f USING (COVERING )?INDEX \w+ \(partner_id=\?\)$/);
    expect(figures.length + invoices.length).toBe(4);
  });

  it("the stats read this month's records by month, and the all-time sums from an index, not the table", () => {
    const month = planned.find(
      (p) => p.sql.startsWith('select coalesce(sum("r"."revenue_pence"), 0)') && p.sql.includes('"r"."month" = ?'),
    );
    expect(month?.plan[0]).toBe("SEARCH r USING COVERING INDEX monthly_records_month_figures (month=?)");
    const allTime = planned.find(
      (p) => p.sql.startsWith('select coalesce(sum("r"."revenue_pence"), 0)') && !p.sql.includes('"r"."month" = ?'),
    );
    expect(allTime?.plan).toEqual(["SCAN r USING COVERING INDEX monthly_records_month_figures"]);
  });
});

describeSqliteOnly("/admin/invoices' queries (listInvoicePage)", "SQLite's EXPLAIN QUERY PLAN", () => {
  let planned: Planned[];
  beforeAll(async () => {
    planned = await plansOf(async (logged) => {
      await listInvoicePage(logged, { status: "pending", page: { page: 2, size: 24 } });
      await listInvoicePage(logged, { page: { page: 2, size: 24 } });
    });
  });

  it("runs two queries a page: every tab's count, the page", () => {
    expect(planned).toHaveLength(4);
  });

  it("scans no table whole", () => {
    for (const query of planned) expect(tableScans(query), `${query.sql}\n${query.plan.join("\n")}`).toEqual([]);
  });

  // Whether each row of the page can be deleted (money applied), then what is left to pay on it (what
  // was paid and credited): two probes of each invoice index per row.
  const deletable = [
    "CORRELATED SCALAR SUBQUERY 1",
    "SEARCH pa USING COVERING INDEX payment_allocations_invoice (invoice_id=?)",
    "CORRELATED SCALAR SUBQUERY 2",
    "SEARCH cn USING INDEX credit_notes_invoice (invoice_id=?)",
    "CORRELATED SCALAR SUBQUERY 3",
    "SEARCH pa USING INDEX payment_allocations_invoice (invoice_id=?)",
    "CORRELATED SCALAR SUBQUERY 4",
    "SEARCH cn USING INDEX credit_notes_invoice (invoice_id=?)",
  ];

  it("a status tab's page: searched by status in the index's order, each partner by its key", () => {
    const [tab, all] = paged(planned);
    expect(tab.plan).toEqual([
      "SEARCH f USING INDEX fee_payments_status_period (status=?)",
      "SEARCH u USING INTEGER PRIMARY KEY (rowid=?)",
      ...deletable,
    ]);
    // All Invoices walks the period index from the newest and stops after the page.
    expect(all.plan).toEqual([
      "SCAN f USING INDEX fee_payments_period",
      "SEARCH u USING INTEGER PRIMARY KEY (rowid=?)",
      ...deletable,
    ]);
  });

  it("the tabs' counts: one GROUP BY over the status index alone", () => {
    const counts = planned.filter((p) => p.sql.includes('group by "status"'));
    expect(counts).toHaveLength(2);
    for (const count of counts)
      expect(count.plan).toEqual(["SCAN fee_payments USING COVERING INDEX fee_payments_status_period"]);
  });
});
