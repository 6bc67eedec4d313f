/**
 * A value that changes whenever the database's data may have changed, for caches of what pages read.
 * SQLite answers it in one statement: `data_version` changes when another connection (another
 * server process, the CLI) commits, and `total_changes()` counts this connection's own inserts,
 * updates and deletes. PostgreSQL has no such cheap signal: null, and nothing is cached there.
 */
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect.ts";

export async function dataVersion(db: Kysely<any>): Promise<string | null> {
  if (isPostgres(db)) return null;
  const { rows } = await sql<{
    version: number;
    changes: number;
  }>`select (select data_version from pragma_data_version) as version, total_changes() as changes`.execute(db);
  const row = rows[0];
  return row ? `${row.version}:${row.changes}` : null;
}
