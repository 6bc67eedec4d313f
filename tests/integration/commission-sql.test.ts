/**
 * The commission rules as SQL (domain/commissions/commission-sql.ts) give what the rules give
 * (commission-rules.ts, money.ts), figure for figure, on SQLite's integer arithmetic.
 */
import { describe, expect, it } from "vitest";
import { sql, type RawBuilder } from "kysely";
import { cardFeePence, netProfitPence } from "#domain/shared/commission-rules.ts";
import {
  divRoundHalfUpSql,
  flatCommissionPenceSql,
  netProfitPenceSql,
  tieredCommissionPenceSql,
} from "#domain/commissions/commission-sql.ts";
import { commissionForMonth } from "#domain/agreements/month-commission-rules.ts";
import { linePence } from "#domain/agreements/agreement-rules.ts";
import { divRoundHalfUp } from "#domain/shared/money.ts";
import { db } from "#app/utils/db.server.ts";

/** Evaluates `expression(row)` in SQLite for each row of integers (columns a, b), in one query. */
async function evaluate(
  rows: readonly (readonly [number, number])[],
  expression: (a: RawBuilder<number>, b: RawBuilder<number>) => RawBuilder<number>,
): Promise<number[]> {
  // Literals, as the columns they stand for are INTEGER (a bound JavaScript number is a REAL).
  const values = sql.join(rows.map(([a, b]) => sql`(${sql.lit(a)}, ${sql.lit(b)})`));
  const result = await sql<{
    v: number;
  }>`with t(a, b) as (values ${values}) select ${expression(sql<number>`a`, sql<number>`b`)} as v from t`.execute(db);
  return result.rows.map((r) => r.v);
}

const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

describe("divRoundHalfUpSql", () => {
  it("rounds half away from zero like divRoundHalfUp, negatives included", async () => {
    const rows = [
      ...range(-2_000, 2_000, 1).map((n) => [n, 100] as const),
      ...range(-50_000, 50_000, 37).map((n) => [n, 10_000] as const),
    ];
    for (const denominator of [100, 10_000]) {
      const mine = rows.filter(([, d]) => d === denominator);
      expect(await evaluate(mine, (a) => divRoundHalfUpSql(a, denominator))).toEqual(
        mine.map(([n]) => divRoundHalfUp(n, denominator)),
      );
    }
  });

  it("the halves exactly: 150/100 → 2, -150/100 → -2, 149/100 → 1", async () => {
    expect(
      await evaluate(
        [
          [150, 0],
          [-150, 0],
          [149, 0],
          [-149, 0],
          [50, 0],
          [-50, 0],
        ],
        (a) => divRoundHalfUpSql(a, 100),
      ),
    ).toEqual([2, -2, 1, -1, 1, -1]);
  });
});

describe("netProfitPenceSql and flatCommissionPenceSql", () => {
  // Revenues across the card fee's rounding points (a fee of x.5p where revenue × 299 ≡ 5,000 mod
  // 10,000: £50.00 pays 149.5p), refunds below 0.
  const revenues = [...range(-30_000, 30_000, 13), 5_000, 4_999, 5_001, -5_000, 15_000, -15_000];
  const records = revenues.map((revenue, i) => [revenue, (i * 7_919) % 20_000] as const);

  it("net profit = revenue − COGS − the card fee rounded per record", async () => {
    const expected = records.map(([revenuePence, cogsPence]) => netProfitPence({ revenuePence, cogsPence }));
    expect(await evaluate(records, (revenue, cogs) => netProfitPenceSql(revenue, cogs))).toEqual(expected);
    // The halves are in the table: £50.00 pays 149.5p, rounded up to 150p (down to -150p for a refund).
    expect([cardFeePence(5_000), cardFeePence(-5_000), cardFeePence(4_999)]).toEqual([150, -150, 149]);
  });

  it("the seed's tiers on a month's net profit as the engine works them out: each band rounded, summed; nothing below zero", async () => {
    const nets = [...range(-5_000, 100_000, 7), 15_000, 15_001, 30_000, 30_001, 40_000, 30_005, 10, 5, 3];
    const rows = nets.map((net) => [net, 0] as const);
    const engine = nets.map(
      (net) => commissionForMonth("tiered-profit-sharing", 0, [{ revenuePence: 0, cogsPence: -net }]).commissionPence,
    );
    expect(await evaluate(rows, (net) => tieredCommissionPenceSql(net))).toEqual(engine);
    expect(engine[nets.indexOf(40_000)]).toBe(8_250);
  });

  it("a money basis's flat share at a rate, never below 0, as linePence", async () => {
    const rows = range(-20_000, 40_000, 11).map(
      (basis, i) => [basis, [0, 1_000, 1_250, 3_333, 10_000][i % 5]] as const,
    );
    expect(await evaluate(rows, (basis, rate) => flatCommissionPenceSql(basis, rate))).toEqual(
      rows.map(([basis, rate]) => linePence("gross-sales", basis, rate)),
    );
  });
});
