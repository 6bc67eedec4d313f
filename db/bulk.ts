/**
 * Many rows into one table at once: multi-row INSERT statements of up to ~30,000 parameters, their
 * SQL text handed to the driver as compiled queries (no query builder in
 * the loop: building and compiling a 1,000-row insert costs more than SQLite takes to run it).
 * Column names are the database's own (snake_case). Runs on whatever `db` is: inside a transaction,
 * on its connection.
 */
import { CompiledQuery, type QueryResult } from "kysely";

/** A Kysely instance or transaction: only its executeQuery is used. */
export interface QueryRunner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** Below SQLite's default limit of 32,766 bound parameters per statement. */
const MAX_PARAMETERS = 30_000;

function insertSql(table: string, columns: readonly string[], rows: number, suffix: string): string {
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  return `insert into ${table} (${columns.join(", ")}) values ${Array<string>(rows).fill(tuple).join(", ")}${suffix ? ` ${suffix}` : ""}`;
}

/**
 * Inserts `rows` (each an array of values in `columns` order). `suffix` follows the VALUES list,
 * e.g. "on conflict do nothing". Answers the number of rows the statements changed.
 */
export async function insertMany(
  db: QueryRunner,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  suffix = "",
): Promise<number> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  let changed = 0;
  for (let at = 0; at < rows.length; at += perStatement) {
    const part = rows.slice(at, at + perStatement);
    const parameters: unknown[] = [];
    for (const row of part) for (const value of row) parameters.push(value);
    const result = await db.executeQuery(CompiledQuery.raw(insertSql(table, columns, part.length, suffix), parameters));
    changed += Number(result.numAffectedRows ?? 0n);
  }
  return changed;
}
