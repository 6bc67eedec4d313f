/** Opens the SQLite database (WAL, foreign keys, busy timeout) and runs migrations. */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type SQLite from "better-sqlite3";
import { CamelCasePlugin, CompiledQuery, Kysely, Migrator, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type Driver, type MigrationResultSet, type SqliteDatabase, type SqliteDialectConfig, type SqliteStatement } from "kysely";
import { migrations } from "./migrations/index.ts";
import { isDeno, nodeSqliteDatabase, openDatabaseSync } from "./node-sqlite.ts";
import type { Database } from "./schema.ts";

export type DB = Kysely<Database>;

const PRAGMAS = ["journal_mode = WAL", "foreign_keys = ON", "busy_timeout = 5000", "synchronous = NORMAL"];
// Lower case as JavaScript's toLowerCase gives it, for searches that ignore case the way the
// pure rules do (SQLite's own lower() folds only A–Z: "CAFÉ" would not find "Café").
const unicodeLower = (text: unknown) => (typeof text === "string" ? text.toLowerCase() : text);

/** better-sqlite3 (Node), loaded on first use: Deno refuses the addon, and runs node:sqlite instead. */
export function openSqlite(file: string): SQLite.Database {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const BetterSqlite = createRequire(import.meta.url)("better-sqlite3") as typeof SQLite;
  const sqlite = new BetterSqlite(file);
  for (const pragma of PRAGMAS) sqlite.pragma(pragma);
  sqlite.function("unicode_lower", { deterministic: true }, unicodeLower);
  return sqlite;
}

/** The same database on Deno, through node:sqlite (db/node-sqlite.ts, decision 56). */
function openNodeSqlite(file: string): SqliteDatabase {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = openDatabaseSync(file);
  for (const pragma of PRAGMAS) sqlite.exec(`pragma ${pragma}`);
  sqlite.function("unicode_lower", { deterministic: true }, unicodeLower);
  return nodeSqliteDatabase(sqlite);
}

/**
 * Transactions begin IMMEDIATE: each takes the write lock when it starts (waiting up to the busy
 * timeout for another process's), instead of when it first writes. Kysely's default BEGIN is
 * deferred: a transaction that reads and then writes while another process (a second server
 * worker, a CLI run) commits a write in between fails at once with SQLITE_BUSY, whatever the busy
 * timeout. One process never sees this (Kysely runs one connection's statements one at a time).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** How many prepared statements a connection keeps, and the longest SQL text it keeps one for. */
const STATEMENTS_KEPT = 300;
const LONGEST_KEPT = 8_192;
/** Longer texts (the bulk inserts of db/bulk.ts, whose full-size statement repeats) have a small list of their own. */
const LONG_STATEMENTS_KEPT = 8;

/**
 * The SQLite connection (better-sqlite3, or node:sqlite on Deno) behind Kysely with its prepared statements kept, by SQL text (least recently used
 * first out): Kysely prepares every query it runs, and a page's dozen queries cost more to prepare
 * than to run. Long texts (the bulk inserts of db/bulk.ts: a 3,333-row insert takes 3.6 ms to prepare)
 * have their own list of 8, so a file's full-size insert is prepared once.
 * Safe because a connection runs one statement at a time and nothing here streams (iterate).
 */
export function keepingStatements(sqlite: SqliteDatabase): SqliteDatabase {
  const short = new Map<string, SqliteStatement>();
  const long = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string): SqliteStatement {
      const [kept, limit] = text.length <= LONGEST_KEPT ? [short, STATEMENTS_KEPT] : [long, LONG_STATEMENTS_KEPT];
      let statement = kept.get(text);
      if (statement) {
        kept.delete(text);
        kept.set(text, statement);
        return statement;
      }
      statement = sqlite.prepare(text);
      kept.set(text, statement);
      if (kept.size > limit) kept.delete(kept.keys().next().value!);
      return statement;
    },
  };
}

export function openDatabase(file: string): DB {
  return new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: keepingStatements(isDeno ? openNodeSqlite(file) : openSqlite(file)) }),
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
