/**
 * The commission summary summed in SQL (domain/commissions/commission-summary.ts) gives, pence for
 * pence, what the pure rules give (commissionForMonth through partnerMonth, ARCHITECTURE.md section
 * 5): per partner and in total, for every partner type, rate changes, refunds, losses, inactive
 * machines, missing reports and paid snapshots. And its page: 24 partners at a time in the
 * summary's order, the totals over every partner, a page past the end showing the last.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql, type RawBuilder } from "kysely";
import { db } from "#app/utils/db.server.ts";
import { cardFeePence } from "#domain/shared/commission-rules.ts";
import { cardFeePenceSql } from "#domain/commissions/commission-sql.ts";
import { markCommissionPaid } from "#domain/commissions/commission-payment-service.ts";
import { partnerMonth } from "#domain/commissions/commission-service.ts";
import {
  commissionSummary,
  commissionSummaryPage,
  commissionSummaryRow,
  paidSummary,
  partnerMonthFigures,
  payables,
  PAID_ROWS_NAMED,
} from "#domain/commissions/commission-summary.ts";
import { PARTNER_TYPES } from "#domain/partners/partner-rules.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";

const MONTH = "2026-05";

/** Evaluates `expression(a)` in SQLite for each integer, in one query. */
async function evaluate(
  values: readonly number[],
  expression: (a: RawBuilder<number>) => RawBuilder<number>,
): Promise<number[]> {
  const rows = sql.join(values.map((v) => sql`(${sql.lit(v)})`));
  const result = await sql<{
    v: number;
  }>`with t(a) as (values ${rows}) select ${expression(sql<number>`a`)} as v from t`.execute(db);
  return result.rows.map((r) => r.v);
}

const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

describe("cardFeePenceSql", () => {
  it("the card fee of each revenue, rounded per record as cardFeePence (halves and refunds included)", async () => {
    const revenues = [...range(-40_000, 40_000, 7), 5_000, -5_000, 4_999, 5_001, 15_000, 25_000];
    expect(await evaluate(revenues, cardFeePenceSql)).toEqual(revenues.map(cardFeePence));
  });
});

/** A seeded generator, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

describe("commissionSummary: the pure rules' figures, for every partner and in total", () => {
  const partners: { id: number; name: string | null }[] = [];
  beforeAll(async () => {
    const admin = await makeAdmin(db);
    const random = seeded(42);
    for (let i = 0; i < 30; i++) {
      const partnerType = PARTNER_TYPES[i % PARTNER_TYPES.length];
      const partner = await makePartner(db, {
        name: `Summary ${String(i).padStart(2, "0")}`,
        partnerType,
        commissionBp: 500 + Math.floor(random() * 2_000),
      });
      partners.push(partner);
      // A rate change before, in and after the month: the month's rate is the one in force then.
      if (i % 3 === 0)
        await db
          .insertInto("commissionRates")
          .values({ partnerId: partner.id, rateBp: 1_234, effectiveMonth: "2026-03" })
          .execute();
      if (i % 5 === 0)
        await db
          .insertInto("commissionRates")
          .values({ partnerId: partner.id, rateBp: 3_333, effectiveMonth: "2026-07" })
          .execute();
      const machines = i % 7 === 6 ? 0 : 1 + Math.floor(random() * 5);
      for (let m = 0; m < machines; m++) {
        const machine = await makeMachine(db, partner.id, `Summary ${i} machine ${m}`);
        if (random() < 0.2)
          await db.updateTable("machines").set({ status: "inactive" }).where("id", "=", machine.id).execute();
        if (random() < 0.15) continue; // no report yet
        // Revenues around the card fee's halves, refunds past the sales, losses, large months.
        const revenuePence = [5_000, 15_000, -2_500, 123_457, Math.floor(random() * 80_000)][Math.floor(random() * 5)];
        const cogsPence = Math.floor(random() * 60_000);
        await makeRecord(db, machine.id, MONTH, { totalSales: Math.floor(random() * 300), revenuePence, cogsPence });
        await makeRecord(db, machine.id, "2026-04", { revenuePence: 99_999, cogsPence: 1 }); // another month, not counted
      }
    }
    // Paid months keep their snapshot; one is paid and then its record changes.
    const complete = [];
    for (const p of partners)
      if (
        (await partnerMonth(db, p.id, MONTH)).complete &&
        (await partnerMonth(db, p.id, MONTH)).payment.status === "pending"
      )
        complete.push(p);
    for (const p of complete.slice(0, 4))
      await markCommissionPaid(db, p.id, MONTH, admin.id, "2026-06-10", new Date("2026-06-10T12:00:00Z"));
    const changed = await db
      .selectFrom("monthlyRecords as r")
      .innerJoin("machines as m", "m.id", "r.machineId")
      .select("r.id")
      .where("m.partnerId", "=", complete[0].id)
      .where("r.month", "=", MONTH)
      .executeTakeFirstOrThrow();
    await db.updateTable("monthlyRecords").set({ revenuePence: 777_777 }).where("id", "=", changed.id).execute();
  }, 60_000); // 30 partners, their machines and records: past 10 s on a busy machine

  it("each row is partnerMonth's: reports, completeness, rate and the commission (or what was paid)", async () => {
    const summary = await commissionSummary(db, MONTH);
    const mine = summary.rows.filter((r) => partners.some((p) => p.id === r.partnerId));
    expect(mine.length).toBe(partners.length);
    let paid = 0;
    for (const row of mine) {
      const pure = await partnerMonth(db, row.partnerId, MONTH);
      const applicable = pure.payment.status !== "not_applicable";
      const shown = !applicable
        ? 0
        : pure.payment.status === "completed"
          ? pure.payment.amountPence!
          : pure.totals.commissionPence;
      if (pure.payment.status === "completed") paid++;
      expect(row, pure.partner.name ?? "").toMatchObject({
        partnerName: pure.partner.name,
        partnerType: pure.partner.partnerType,
        submittedReports: pure.submittedReports,
        totalMachines: pure.activeMachines,
        allReportsSubmitted: pure.complete,
        profitSharePence: shown,
        paymentStatus: pure.payment.status,
        paidDate: pure.payment.paidDate,
      });
      const figures = (await partnerMonthFigures(db, row.partnerId, MONTH))!;
      expect(figures.rateBp).toBe(pure.rateBp);
      expect(figures.netProfitPence).toBe(pure.totals.netProfitPence);
      expect(figures.commissionPence, `${pure.partner.name} (${pure.partner.partnerType})`).toBe(
        pure.totals.commissionPence,
      );
    }
    expect(paid).toBe(4);
    // Some partners of every kind have commission: the comparison is not of zeros.
    expect(
      mine.filter((r) => r.partnerType === "tiered-profit-sharing" && r.profitSharePence > 0).length,
    ).toBeGreaterThan(2);
    expect(mine.filter((r) => r.partnerType === "profit-sharing" && r.profitSharePence > 0).length).toBeGreaterThan(2);
  });

  it("the total due is the sum over every unpaid profit-sharing and tiered partner of the pure commission, exact in pence", async () => {
    const summary = await commissionSummary(db, MONTH);
    let duePence = 0;
    for (const row of summary.rows) {
      const pure = await partnerMonth(db, row.partnerId, MONTH);
      if (pure.payment.status === "pending") duePence += pure.totals.commissionPence;
    }
    expect(duePence).toBeGreaterThan(0);
    expect(summary.totalCommissionDuePence).toBe(duePence);
    const page = await commissionSummaryPage(db, MONTH, { page: 1, size: 24 });
    expect(page.totals.duePence).toBe(duePence);
  });

  it("the page's counts are over every partner: applicable, complete, paid and what was paid", async () => {
    const { rows } = await commissionSummary(db, MONTH);
    const { totals, paid } = await commissionSummaryPage(db, MONTH, { page: 2, size: 24 });
    const applicable = rows.filter((r) => r.paymentStatus !== "not_applicable");
    const paidRows = rows.filter((r) => r.paymentStatus === "completed");
    expect(totals).toMatchObject({
      partners: rows.length,
      applicable: applicable.length,
      complete: applicable.filter((r) => r.allReportsSubmitted).length,
      paid: paidRows.length,
      paidPence: paidRows.reduce((s, r) => s + r.profitSharePence, 0),
    });
    expect(paid).toEqual({ count: 4, totalPence: totals.paidPence, rows: paidRows });
    expect(await paidSummary(db, MONTH)).toEqual(paid);
  });

  it("payables: the last ended month's unpaid commission, and the part ready to pay (complete partners), exact in pence", async () => {
    const { rows } = await commissionSummary(db, MONTH);
    const unpaid = rows.filter((r) => r.paymentStatus === "pending");
    const ready = unpaid.filter((r) => r.allReportsSubmitted);
    const pence = (list: typeof rows) => list.reduce((s, r) => s + r.profitSharePence, 0);
    expect(ready.length).toBeGreaterThan(0);
    expect(ready.length).toBeLessThan(unpaid.length);
    // The day after the month ends, it is the last ended month.
    const owed = await payables(db, new Date("2026-06-15T00:00:00Z"));
    expect(owed).toEqual({
      month: MONTH,
      duePence: pence(unpaid),
      readyPence: pence(ready),
      applicable: rows.filter((r) => r.paymentStatus !== "not_applicable").length,
      ready: ready.length,
      paid: 4,
    });
  });

  it("one partner's row is the summary's", async () => {
    const { rows } = await commissionSummary(db, MONTH);
    expect(await commissionSummaryRow(db, MONTH, rows[3].partnerId)).toEqual(rows[3]);
    expect(await commissionSummaryRow(db, MONTH, 999_999)).toBeUndefined();
  });
});

describe("commissionSummaryPage: 24 partners a page, in the summary's order", () => {
  it("page 2 holds rows 25 to 48 of the full summary; a page past the end shows the last; the totals do not change with the page", async () => {
    // At least 49 partners in this file's database.
    for (let i = 0; i < 20; i++)
      await makePartner(db, { name: `Paging ${String(i).padStart(2, "0")}`, partnerType: "fee-paying" });
    const all = await commissionSummary(db, MONTH);
    expect(all.rows.length).toBeGreaterThan(48);
    const first = await commissionSummaryPage(db, MONTH, { page: 1, size: 24 });
    const second = await commissionSummaryPage(db, MONTH, { page: 2, size: 24 });
    expect(first.rows).toEqual(all.rows.slice(0, 24));
    expect(second.rows).toEqual(all.rows.slice(24, 48));
    expect(second.page).toEqual({
      page: 2,
      size: 24,
      total: all.rows.length,
      pageCount: Math.ceil(all.rows.length / 24),
    });
    const last = Math.ceil(all.rows.length / 24);
    const past = await commissionSummaryPage(db, MONTH, { page: 99, size: 24 });
    expect(past.page.page).toBe(last);
    expect(past.rows).toEqual(all.rows.slice((last - 1) * 24));
    expect(second.totals).toEqual(first.totals);
    expect(second.totalCommissionDuePence).toBe(all.totalCommissionDuePence);
  });

  it("names at most PAID_ROWS_NAMED paid rows and counts them all", async () => {
    const admin = await makeAdmin(db);
    const month = "2026-02";
    const paidPartners = [];
    for (let i = 0; i < PAID_ROWS_NAMED + 2; i++) {
      const partner = await makePartner(db, {
        name: `Paid ${String(i).padStart(2, "0")}`,
        partnerType: "profit-sharing",
        commissionBp: 1_000,
      });
      const machine = await makeMachine(db, partner.id);
      await makeRecord(db, machine.id, month, { revenuePence: 10_000, cogsPence: 4_000 });
      await markCommissionPaid(db, partner.id, month, admin.id, "2026-03-05", new Date("2026-03-05T12:00:00Z"));
      paidPartners.push(partner);
    }
    const paid = await paidSummary(db, month);
    expect(paid.count).toBe(PAID_ROWS_NAMED + 2);
    // £100 − £40 − £2.99 fee = £57.01 net; 10% = £5.70 each.
    expect(paid.totalPence).toBe(570 * (PAID_ROWS_NAMED + 2));
    expect(paid.rows.map((r) => r.partnerName)).toEqual(paidPartners.slice(0, PAID_ROWS_NAMED).map((p) => p.name));
  });
});
