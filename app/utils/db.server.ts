/** The web app's database handle: opened and migrated once per process. */
import { migrateToLatest, openDatabase, type DB } from "#db/database.ts";
import { env } from "./env.server.ts";

declare global {
  // Survives Vite dev-server reloads so one process keeps one connection.
  var __vendboardDb: Promise<DB> | undefined;
}

async function open(): Promise<DB> {
  const db = openDatabase(env.DATABASE_PATH);
  await migrateToLatest(db);
  return db;
}

export const db: DB = await (globalThis.__vendboardDb ??= open());
