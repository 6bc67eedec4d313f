/** Opens the SQLite database (WAL, foreign keys, busy timeout) and runs migrations. */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CamelCasePlugin, Kysely, Migrator, SqliteDialect, type MigrationResultSet } from "kysely";
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

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/** Online backup of a live database into `target` (safe while the app runs). */
export async function backupDatabase(source: string, target: string): Promise<void> {
  const sqlite = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    await sqlite.backup(target);
  } finally {
    sqlite.close();
  }
}
