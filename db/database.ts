/** Opens the SQLite database (WAL, foreign keys, busy timeout) and runs migrations. */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CamelCasePlugin, Kysely, Migrator, SqliteDialect, sql, type MigrationResultSet } from "kysely";
import { migrations } from "./migrations/index.ts";
import type { Database } from "./schema.ts";

export type DB = Kysely<Database>;

export function openSqlite(file: string): SQLite.Database {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return sqlite;
}

export function openDatabase(file: string): DB {
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: openSqlite(file) }),
    plugins: [new CamelCasePlugin()],
  });
}

export interface MigrationReportLine {
  migration: string;
  action: string;
  entity: string;
  entityId: string | null;
  partnerId: number | null;
  month: string | null;
  before: unknown;
  reason: string | null;
}

export interface MigrationOutcome extends MigrationResultSet {
  /** What the applied migrations removed or changed in the data (also kept in the audit trail). */
  report: MigrationReportLine[];
}

/**
 * Applies pending migrations. A migration that removes or changes data writes each change to the
 * audit trail (action `migration_*`, details.migration = its name); those lines are its report.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationOutcome> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(`Migration failed: ${JSON.stringify(result.error)}`);
  const applied = (result.results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
  const rows = applied.length
    ? await sql<{ action: string; entity: string; entityId: string | null; partnerId: number | null; month: string | null; before: string | null; details: string | null }>`
        select action, entity, entity_id as "entityId", partner_id as "partnerId", month, before, details from audit_log
        where action like 'migration%' and json_valid(details) and json_extract(details, '$.migration') in (${sql.join(applied)})
        order by id`.execute(db)
    : { rows: [] };
  const report = rows.rows.map((row) => {
    const details = JSON.parse(row.details ?? "{}") as { migration: string; reason?: string };
    return { migration: details.migration, action: row.action, entity: row.entity, entityId: row.entityId, partnerId: row.partnerId, month: row.month, before: row.before ? (JSON.parse(row.before) as unknown) : null, reason: details.reason ?? null };
  });
  return { ...result, report };
}
