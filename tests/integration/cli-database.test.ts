/** Issue 33: every command says which database it opened, --json objects carry it, and a missing file is not created. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeTarget } from "#db/config.ts";
import { freshDatabase, onPostgres } from "#tests/databases.ts";
import { runCli } from "./cli-run.ts";

const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

/** The engine under test's environment for a fresh database, and the line and `database` field the CLI should give. */
async function fresh() {
  if (!onPostgres) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-dbline-")), "cli.db");
    return { env: { DATABASE_PATH: file, DATABASE_URL: "" }, line: `Database: SQLite file ${file}\n`, database: file };
  }
  const { target, drop } = await freshDatabase();
  drops.push(drop);
  if (target.engine !== "postgres") throw new Error("expected PostgreSQL");
  const url = new URL(target.url);
  return {
    env: { DATABASE_URL: target.url },
    line: `Database: PostgreSQL database ${url.pathname.slice(1)} on ${url.hostname}`,
    database: describeTarget(target),
  };
}

describe("which database a command opened", () => {
  it("is said on stderr, and is `database` in --json answers that are objects; arrays stay arrays", async () => {
    const { env, line, database } = await fresh();
    const migrate = await runCli(["db", "migrate", "--json"], { env });
    expect(migrate.code, migrate.err).toBe(0);
    expect(migrate.stderr).toContain(line);
    expect(JSON.parse(migrate.out).database).toBe(database);

    const audit = await runCli(["audit", "--json"], { env });
    expect(audit.code, audit.err).toBe(0);
    expect(audit.stderr).toContain(line);
    expect(JSON.parse(audit.out)).toEqual({ database, entries: [], total: 0, page: 1, pageSize: 50 });

    const invoices = await runCli(["invoices", "list", "--json"], { env });
    expect(invoices.code, invoices.err).toBe(0);
    expect(invoices.stderr).toContain(line);
    expect(JSON.parse(invoices.out)).toEqual([]);

    const table = await runCli(["invoices", "list"], { env });
    expect(table.stderr).toContain(line);
  });

  it("names a PostgreSQL URL's host and database, never its password", async () => {
    // Nothing listens on port 1: the line comes first, then the connection fails.
    const run = await runCli(["invoices", "list", "--json"], {
      env: { DATABASE_URL: "postgres://vb:hunter2@127.0.0.1:1/vendboard?sslpassword=k3y" },
    });
    expect(run.code).toBe(1);
    expect(run.database).toBe("Database: PostgreSQL database vendboard on 127.0.0.1:1, user vb");
    expect(run.stderr).not.toContain("hunter2");
    expect(run.stderr).not.toContain("k3y");
    expect(run.out).toBe("");
  });
});

describe("a SQLite path with no database there", () => {
  const missing = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-missing-")), "vendboard.db");

  it("is refused by reading and importing commands, which create nothing", async () => {
    for (const args of [
      ["import", "fixtures", "--dry-run"],
      ["commissions", "summary", "--month", "2026-01", "--json"],
      ["invoices", "list"],
      ["audit"],
    ]) {
      const file = missing();
      const run = await runCli(args, { env: { DATABASE_PATH: file, DATABASE_URL: "" } });
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.database).toBe(`Database: SQLite file ${file}`);
      expect(run.err).toContain(`error: no database at ${file}`);
      expect(run.err).toContain("Set DATABASE_PATH to your database (npm run demo's is data/demo.db");
      expect(run.out).toBe("");
      expect(fs.existsSync(file)).toBe(false);
    }
  });

  it("is created by db migrate and by admin create (the first admin of a new database)", async () => {
    const file = missing();
    const admin = await runCli(["admin", "create", "root", "--password-stdin", "--json"], {
      env: { DATABASE_PATH: file, DATABASE_URL: "" },
      stdin: "s3cret-password\n",
    });
    expect(admin.code, admin.err).toBe(0);
    expect(JSON.parse(admin.out)).toMatchObject({ database: file, username: "root" });
    expect(fs.existsSync(file)).toBe(true);
  });
});
