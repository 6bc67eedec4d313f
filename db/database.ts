/**
 * Opens the database, the SQLite file (WAL, foreign keys, busy timeout) or PostgreSQL when given a
 * postgres:// URL, and runs migrations. The one place the app, the CLI, the scripts and the tests open it.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type SQLite from "better-sqlite3";
import {
  CamelCasePlugin,
  CompiledQuery,
  DataTypeNode,
  Kysely,
  Migrator,
  OperationNodeTransformer,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type KyselyPlugin,
  type MigrationResultSet,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PostgresDialectConfig,
  type QueryResult,
  type RootOperationNode,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type SqliteStatement,
  type TransactionSettings,
  type UnknownRow,
} from "kysely";
import pg from "pg";
import { isPostgresUrl, type DatabaseTarget } from "./config.ts";
import { migrations } from "./migrations/index.ts";
import { isDeno, nodeSqliteDatabase, openDatabaseSync } from "./node-sqlite.ts";
import { applyPragmas } from "./sqlite-pragmas.ts";
import type { Database } from "./schema.ts";

export type DB = Kysely<Database>;

// Lower case as JavaScript's toLowerCase gives it, for searches that ignore case the way the
// pure rules do (SQLite's own lower() folds only A–Z: "CAFÉ" would not find "Café").
const unicodeLower = (text: unknown) => (typeof text === "string" ? text.toLowerCase() : text);

/** better-sqlite3 (Node), loaded on first use: Deno refuses the addon, and runs node:sqlite instead. */
export function openSqlite(file: string): SQLite.Database {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const BetterSqlite = createRequire(import.meta.url)("better-sqlite3") as typeof SQLite;
  const sqlite = new BetterSqlite(file);
  applyPragmas((pragma) => sqlite.pragma(pragma));
  sqlite.function("unicode_lower", { deterministic: true }, unicodeLower);
  return sqlite;
}

/** The same database on Deno, through node:sqlite (db/node-sqlite.ts). */
function openNodeSqlite(file: string): SqliteDatabase {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = openDatabaseSync(file);
  applyPragmas((pragma) => sqlite.exec(`pragma ${pragma}`));
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

/**
 * The PostgreSQL integers that `pg` hands over as strings, as numbers: bigint (20: every integer
 * column here, count(), sum() of integers) and numeric (1700: sum() of bigints, avg()). Safe because
 * every integer the app keeps is a count, an id, milliseconds or pence, and pence sums stay far below
 * 2^53 (£90 trillion); a value that is not a safe integer throws rather than being rounded. A
 * numeric with a fraction (an average) becomes the nearest double, as SQLite's real would be.
 * Set on the pool, not on pg's global types, so nothing else in the process is affected.
 */
const INT8 = 20;
const NUMERIC = 1700;
export const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary"): (value: string) => unknown {
    if (oid === INT8) return parseSafeInteger;
    if (oid === NUMERIC) return parseNumeric;
    if (format === "binary") return pg.types.getTypeParser(oid, "binary") as unknown as (value: string) => unknown;
    return pg.types.getTypeParser(oid, "text") as (value: string) => unknown;
  },
} as pg.CustomTypesConfig;

function parseSafeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`Integer ${text} is beyond what JavaScript holds exactly`);
  return value;
}

function parseNumeric(text: string): number {
  const value = Number(text);
  if (/^-?\d+$/.test(text) && !Number.isSafeInteger(value))
    throw new RangeError(`Integer ${text} is beyond what JavaScript holds exactly`);
  return value;
}

/** Integer columns are 64-bit on PostgreSQL, as SQLite's are: `integer` in a migration becomes `bigint` there. */
class BigIntegers extends OperationNodeTransformer {
  protected override transformDataType(node: DataTypeNode): DataTypeNode {
    return node.dataType === "integer" ? DataTypeNode.create("bigint") : node;
  }
}

class BigIntegerColumnsPlugin implements KyselyPlugin {
  readonly #transformer = new BigIntegers();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** The advisory lock every PostgreSQL transaction takes first ("vendboard" in ASCII). */
const WRITE_LOCK = 0x76656e64626f6172n;

/**
 * On PostgreSQL every transaction takes one advisory lock when it begins, held until it ends: one
 * transaction at a time across every app server, as SQLite's IMMEDIATE transactions are one at a
 * time. The domain's transactions read, decide and write (the attempt limits' count, a month
 * already paid, an invoice's balance); under PostgreSQL's READ COMMITTED two of them could both
 * decide on what they read before either wrote. Each statement inside still sees what was
 * committed before it (READ COMMITTED takes a new snapshot per statement), so a transaction that
 * waited reads the other's writes. Reads outside transactions run in parallel.
 */
class SerializedPostgresDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    await connection.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${WRITE_LOCK})`));
  }
}

class SerializedPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new SerializedPostgresDriver(this.#config);
  }
}

/** Connections each app process keeps to PostgreSQL (PG_POOL_MAX; 10 by default, pg's own). */
const poolSize = (env: NodeJS.ProcessEnv) => Math.max(1, Number(env.PG_POOL_MAX) || 10);

/** A postgres:// URL opens PostgreSQL; anything else is the SQLite file's path. */
export function openDatabase(target: string | DatabaseTarget): DB {
  const where: DatabaseTarget =
    typeof target === "string"
      ? isPostgresUrl(target)
        ? { engine: "postgres", url: target }
        : { engine: "sqlite", file: target }
      : target;
  if (where.engine === "postgres") {
    const pool = new pg.Pool({ connectionString: where.url, types: pgTypes, max: poolSize(process.env) });
    // An idle connection the server closed (a restart, a failover) is dropped from the pool and
    // replaced on next use; without a listener its error would end the process.
    pool.on("error", () => {});
    return new Kysely<Database>({
      dialect: new SerializedPostgresDialect({ pool }),
      plugins: [new CamelCasePlugin(), new BigIntegerColumnsPlugin()],
    });
  }
  return new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({
      database: keepingStatements(isDeno ? openNodeSqlite(where.file) : openSqlite(where.file)),
    }),
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
  if (result.error)
    throw result.error instanceof Error ? result.error : new Error(`Migration failed: ${JSON.stringify(result.error)}`);
  const applied = (result.results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
  const rows = applied.length
    ? await sql<{
        action: string;
        entity: string;
        entityId: string | null;
        partnerId: number | null;
        month: string | null;
        before: string | null;
        details: string | null;
      }>`
        select action, entity, entity_id as "entityId", partner_id as "partnerId", month, before, details from audit_log
        where action like 'migration%' order by id`.execute(db)
    : { rows: [] };
  // Which migration wrote a line is in its JSON details: read here, the same on both engines.
  const report = rows.rows.flatMap((row) => {
    const details = parseJson(row.details) as { migration?: unknown; reason?: string } | null;
    if (!details || typeof details.migration !== "string" || !applied.includes(details.migration)) return [];
    return [
      {
        migration: details.migration,
        action: row.action,
        entity: row.entity,
        entityId: row.entityId,
        partnerId: row.partnerId,
        month: row.month,
        before: row.before ? (JSON.parse(row.before) as unknown) : null,
        reason: details.reason ?? null,
      },
    ];
  });
  return { ...result, report };
}

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
