/**
 * Test databases on either engine: SQLite files by default; with TEST_PG_URL (a PostgreSQL server,
 * `npm run test:pg`) each one a new database on that server, with a random name, dropped after.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe } from "vitest";
import type { DatabaseTarget } from "#db/config.ts";

/** The tests run against PostgreSQL (TEST_PG_URL is set). */
export const onPostgres = Boolean(process.env.TEST_PG_URL);

/** The server URL with another database name. */
function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(server: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database on TEST_PG_URL: its URL. */
export async function createPostgresDatabase(prefix = "vendboard_test"): Promise<string> {
  const server = process.env.TEST_PG_URL!;
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await onServer(server, (client) => client.query(`create database ${name}`));
  return databaseUrl(server, name);
}

/** Drops a database made by createPostgresDatabase, closing whatever connections it still has. */
export async function dropPostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Not a test database: ${name}`);
  await onServer(process.env.TEST_PG_URL!, (client) => client.query(`drop database if exists ${name} with (force)`));
}

/** A fresh, empty database of the engine under test (a temporary SQLite file, else a new PostgreSQL database). */
export async function freshDatabase(name = "fresh.db"): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  if (onPostgres) {
    const url = await createPostgresDatabase();
    return { target: { engine: "postgres", url }, drop: () => dropPostgresDatabase(url) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-fresh-"));
  return {
    target: { engine: "sqlite", file: path.join(dir, name) },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A describe block that needs SQLite itself (its file, its pragmas, its query plans): on PostgreSQL
 * it is skipped, and the reason shows in the report beside its name.
 */
export function describeSqliteOnly(name: string, reason: string, fn: () => void): void {
  describe.skipIf(onPostgres)(onPostgres ? `${name} [skipped on PostgreSQL: ${reason}]` : name, fn);
}

/**
 * What a test opens to seed the database its server or CLI run will use: the SQLite file it names,
 * or on PostgreSQL the test file's own database (DATABASE_URL, which the child processes inherit).
 */
export function seededTarget(file: string): DatabaseTarget {
  return onPostgres ? { engine: "postgres", url: process.env.DATABASE_URL! } : { engine: "sqlite", file };
}
