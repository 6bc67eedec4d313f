/**
 * Many rows into one table at once: multi-row INSERT statements of up to ~30,000 parameters, their
 * SQL text handed to the driver as compiled queries (no query builder in
 * the loop: building and compiling a 1,000-row insert costs more than SQLite takes to run it).
 * Column names are the database's own (snake_case). Runs on whatever `db` is: inside a transaction,
 * on its connection.
 */
import { CompiledQuery, type QueryResult } from "kysely";
import { isPostgres, type HasEngine } from "./dialect.ts";

/** A Kysely instance or transaction: its executeQuery is used, and its engine read for the placeholders. */
export interface QueryRunner extends HasEngine {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** Below SQLite's default limit of 32,766 bound parameters per statement (PostgreSQL's is 65,535). */
const MAX_PARAMETERS = 30_000;

function insertSql(table: string, columns: readonly string[], rows: number, suffix: string, numbered: boolean): string {
  const tuples = numbered
    ? Array.from(
        { length: rows },
        (_, row) => `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(", ")})`,
      )
    : Array<string>(rows).fill(`(${columns.map(() => "?").join(", ")})`);
  return `insert into ${table} (${columns.join(", ")}) values ${tuples.join(", ")}${suffix ? ` ${suffix}` : ""}`;
}

/**
 * Inserts `rows` (each an array of values in `columns` order). `suffix` follows the VALUES list,
 * e.g. "on conflict do nothing". Answers the number of rows the statements changed.
 */
export function insertMany(
  db: QueryRunner,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  suffix = "",
): Promise<number> {
  const values: unknown[] = [];
  for (const row of rows) for (const value of row) values.push(value);
  return insertFlat(db, table, columns, values, suffix);
}

/** insertMany with the rows' values one after another in one array (no array per row to build and collect). */
export async function insertFlat(
  db: QueryRunner,
  table: string,
  columns: readonly string[],
  values: readonly unknown[],
  suffix = "",
): Promise<number> {
  if (values.length % columns.length)
    throw new RangeError(`${values.length} values do not fill rows of ${columns.length} columns`);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length)) * columns.length;
  // PostgreSQL numbers its parameters ($1, $2…); SQLite takes ?.
  const numbered = isPostgres(db);
  let changed = 0;
  for (let at = 0; at < values.length; at += perStatement) {
    const part = values.slice(at, at + perStatement);
    const result = await db.executeQuery(
      CompiledQuery.raw(insertSql(table, columns, part.length / columns.length, suffix, numbered), part),
    );
    changed += Number(result.numAffectedRows ?? 0n);
  }
  return changed;
}
