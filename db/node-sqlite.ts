/**
 * SQLite on Deno: the built-in `node:sqlite` (DatabaseSync) shaped as Kysely's SqliteDatabase, so
 * the same SqliteDialect, migrations and queries run on it. Deno refuses
 * better-sqlite3 12, a native addon outside Node-API; Node 20, the reference runtime, has no
 * `node:sqlite`, and keeps better-sqlite3 (db/database.ts).
 */
import { createRequire } from "node:module";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/** True under Deno (its `node:` modules run this code unchanged; only the SQLite driver differs). */
export const isDeno = typeof (globalThis as { Deno?: unknown }).Deno !== "undefined";

type SqlValue = null | number | bigint | string | Uint8Array;

/**
 * The part of `node:sqlite` used here, declared locally: its types come with @types/node 22, and
 * this project's are Node 20's.
 */
export interface StatementSync {
  all(...parameters: SqlValue[]): unknown[];
  run(...parameters: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: SqlValue[]): IterableIterator<unknown>;
  columns(): unknown[];
}

export interface DatabaseSync {
  exec(sql: string): void;
  prepare(sql: string): StatementSync;
  function(name: string, options: { deterministic?: boolean }, fn: (...args: unknown[]) => unknown): void;
  close(): void;
}

interface NodeSqliteModule {
  DatabaseSync: new (file: string, options?: { readOnly?: boolean }) => DatabaseSync;
}

/** Opens a `node:sqlite` database; loaded on demand, so Node 20 (which has no such module) never asks for it. */
export function openDatabaseSync(file: string, options: { readOnly?: boolean } = {}): DatabaseSync {
  const { DatabaseSync } = createRequire(import.meta.url)("node:sqlite") as NodeSqliteModule;
  return new DatabaseSync(file, options);
}

/**
 * Kysely's SqliteDatabase over a DatabaseSync: Kysely passes the parameters as one array where
 * `node:sqlite` takes them one by one, and asks whether a statement returns rows (`reader`), which
 * `columns()` answers (an insert … returning has columns too).
 */
export function nodeSqliteDatabase(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(text: string): SqliteStatement {
      const statement = database.prepare(text);
      const values = (parameters: ReadonlyArray<unknown>) => parameters as SqlValue[];
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...values(parameters)),
        run: (parameters) => statement.run(...values(parameters)),
        iterate: (parameters) => statement.iterate(...values(parameters)),
      };
    },
  };
}
