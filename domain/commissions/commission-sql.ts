/**
 * The card fee and net profit of commission-rules.ts as SQL expressions, so that sums over many
 * records are one query rather than a loop over every record (the commission itself follows each
 * partner's agreement, in TypeScript: month-totals.ts). Built from the rules' own constants;
 * tests/integration/commission-sql.test.ts runs them against the pure functions, figure for figure.
 * Integer arithmetic only: constants are inlined as integer literals (a bound JavaScript number is
 * a REAL in SQLite, and would make the divisions exact instead of integer), and each dividend is cast
 * to bigint (on PostgreSQL a sum of bigints is numeric, and sign() answers numeric, either of which
 * would make the division exact; on SQLite the cast of an integer changes nothing).
 */
import { sql, type Expression, type RawBuilder } from "kysely";
import { CARD_FEE_BP, TIERS } from "../shared/commission-rules.ts";

const BP = 10_000;

/**
 * divRoundHalfUp in SQL: an integer divided by a positive constant, rounded half away from zero. SQLite
 * truncates an integer division toward zero, so (2n + sign(n)·d) / 2d is n/d rounded half away from zero.
 */
export function divRoundHalfUpSql(numerator: Expression<number>, denominator: number): RawBuilder<number> {
  return sql<number>`cast((${numerator}) * 2 + sign(${numerator}) * ${sql.lit(denominator)} as bigint) / ${sql.lit(2 * denominator)}`;
}

/** cardFeePence: 2.99% of a record's revenue, rounded per record. */
export function cardFeePenceSql(revenuePence: Expression<number>): RawBuilder<number> {
  return divRoundHalfUpSql(sql<number>`${revenuePence} * ${sql.lit(CARD_FEE_BP)}`, BP);
}

/** netProfitPence: a record's revenue − COGS − its card fee. */
export function netProfitPenceSql(revenuePence: Expression<number>, cogsPence: Expression<number>): RawBuilder<number> {
  return sql<number>`(${revenuePence} - ${cogsPence} - ${cardFeePenceSql(revenuePence)})`;
}

/**
 * linePence of a money basis at a rate, per record: the record's basis × the rate, rounded to the penny,
 * never below 0. Rates are never negative (the tables check it), so a basis at or below zero shares
 * nothing and the rest rounds as divRoundHalfUp does for a positive number.
 */
export function flatCommissionPenceSql(basisPence: Expression<number>, rateBp: Expression<number>): RawBuilder<number> {
  return sql<number>`(case when ${basisPence} > 0 then cast((${basisPence}) * ${rateBp} * 2 + ${sql.lit(BP)} as bigint) / ${sql.lit(2 * BP)} else 0 end)`;
}

/**
 * versionForMonth for a partner: the id of the latest agreement version (commission_rates row)
 * effective on or before the month, else of the first (it covers the months before it); null with no
 * history. Reads commission_rates by its (partner_id, effective_month) key.
 */
export function versionIdForMonthSql(partnerId: Expression<number>, month: string): RawBuilder<number | null> {
  return sql<number | null>`coalesce(
    (select cr.id from commission_rates cr where cr.partner_id = ${partnerId} and cr.effective_month <= ${month} order by cr.effective_month desc limit 1),
    (select cr.id from commission_rates cr where cr.partner_id = ${partnerId} order by cr.effective_month limit 1))`;
}

/** The seed's tiers on a month's net profit (commissionForMonth of a tiered partner): each band of the positive net profit at its rate, rounded, summed. */
export function tieredCommissionPenceSql(netPence: Expression<number>): RawBuilder<number> {
  const positive = sql<number>`(case when ${netPence} > 0 then ${netPence} else 0 end)`;
  const bands = TIERS.map((band) => {
    const top = band.toPence === null ? null : sql.lit(band.toPence);
    const capped =
      top === null ? positive : sql<number>`(case when ${positive} < ${top} then ${positive} else ${top} end)`;
    const from = sql.lit(band.fromPence);
    const base = sql<number>`(case when ${capped} > ${from} then ${capped} - ${from} else 0 end)`;
    return divRoundHalfUpSql(sql<number>`${base} * ${sql.lit(band.rateBp)}`, BP);
  });
  return sql<number>`(${sql.join(bands, sql` + `)})`;
}
