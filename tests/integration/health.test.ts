/** GET /healthz: 200 when the database answers and its migrations are this build's, 503 with a reason otherwise. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DB } from "#db/database.ts";
import { migrations } from "#db/migrations/index.ts";
import { loader as healthz } from "#app/routes/healthz.ts";
import { checkHealth } from "#app/utils/health.server.ts";
import { withRequestLogger } from "#server/logger.js";
import { captureLog } from "./log-capture.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-health-"));
const opened: Kysely<any>[] = [];
function freshDatabase(name: string): DB {
  const db = openDatabase(path.join(dir, `${name}.db`));
  opened.push(db);
  return db;
}

afterAll(async () => {
  await Promise.allSettled(opened.map((db) => db.destroy()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("GET /healthz", () => {
  it("answers 200 {status: ok, pid} without a session, never stored", async () => {
    const response = await healthz();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // The pid names the process that answered (one of several workers under WEB_CONCURRENCY).
    expect(await response.json()).toEqual({ status: "ok", pid: process.pid });
  });
});

describe("checkHealth", () => {
  it("is ok on a database migrated to this build's latest migration", async () => {
    const db = freshDatabase("current");
    await migrateToLatest(db);
    expect(await checkHealth(db)).toEqual({ status: "ok" });
  });

  it("is unavailable while migrations are pending, naming them", async () => {
    const db = freshDatabase("empty");
    const names = Object.keys(migrations).join(", ");
    expect(await checkHealth(db)).toEqual({ status: "unavailable", reason: `Migrations not applied: ${names}` });
  });

  it("is unavailable when a newer release migrated the database past this build", async () => {
    const db = freshDatabase("newer");
    await migrateToLatest(db);
    await sql`insert into kysely_migration (name, timestamp) values ('2099-01-01T00-from-the-future', '2099-01-01T00:00:00.000Z')`.execute(
      db,
    );
    expect(await checkHealth(db)).toEqual({
      status: "unavailable",
      reason: "Migrations unknown to this build: 2099-01-01T00-from-the-future",
    });
  });

  it("is unavailable when the database does not answer, without its error in the answer", async () => {
    const file = path.join(dir, "garbage.db");
    fs.writeFileSync(file, "this is not a database file ".repeat(100));
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: () => Promise.resolve(new SQLite(file)) }) });
    opened.push(db);
    const { lines, logger } = captureLog();
    expect(await withRequestLogger(logger, () => checkHealth(db))).toEqual({
      status: "unavailable",
      reason: "The database did not answer",
    });
    // The reason stays on the server, with its stack.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: "Health check: the database did not answer" });
    expect(lines[0].err.stack).toMatch(/\n\s+at /);
  });
});
