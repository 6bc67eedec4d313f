/**
 * The card fee and net profit of commission-rules.ts as SQL expressions, so that sums over many
 * records are one query rather than a loop over every record (the commission itself follows each
 * partner's agreement, in TypeScript: agreement-terms.ts). Built from the rules' own constants;
 * tests/integration/commission-sql.test.ts runs them against the pure functions, figure for figure.
 * Integer arithmetic only: constants are inlined as integer literals (a bound JavaScript number is
 * a REAL in SQLite, and would make the divisions exact instead of integer), and each dividend is cast
 * to bigint (on PostgreSQL a sum of bigints is numeric, and sign() answers numeric, either of which
 * would make the division exact; on SQLite the cast of an integer changes nothing).
 */
import { sql, type Expression, type RawBuilder } from "kysely";
import { CARD_FEE_BP } from "./commission-rules.ts";

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
