/**
 * Several processes writing one SQLite database (the server's workers under WEB_CONCURRENCY, a CLI
 * run beside the server): a transaction that reads and then writes must wait for the other
 * process's write, not fail with SQLITE_BUSY. db/database.ts begins transactions IMMEDIATE for this
 * (with Kysely's deferred BEGIN, two such processes failed about one transaction in twelve).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { root } from "../../scripts/lib.js";
import { describeSqliteOnly } from "#tests/databases.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-concurrent-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** One process: `count` transactions, each counting the rows, yielding, then inserting one. */
const WRITER = `
import { register } from "tsx/esm/api";
register();
const { openDatabase } = await import("./db/database.ts");
const { sql } = await import("kysely");
const db = openDatabase(process.env.FILE);
await sql\`create table if not exists counter (id integer primary key, seen integer not null)\`.execute(db);
// Both processes start writing at the same moment (their start-up times differ).
await new Promise((resolve) => setTimeout(resolve, Number(process.env.START) - Date.now()));
let failed = 0;
for (let i = 0; i < Number(process.env.COUNT); i++) {
  try {
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql\`select count(*) as n from counter\`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 1));
      await sql\`insert into counter (seen) values (\${rows[0].n})\`.execute(trx);
    });
  } catch (error) {
    failed++;
    process.stderr.write(error.code + " " + error.message + "\\n");
  }
}
await db.destroy();
process.stdout.write(JSON.stringify({ failed }));
`;

function writer(
  file: string,
  count: number,
  start: number,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", WRITER], {
      cwd: root,
      env: { ...process.env, FILE: file, COUNT: String(count), START: String(start) },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    child.on("exit", (code) => resolve({ code, out, err }));
  });
}

describeSqliteOnly(
  "one SQLite file, two writing processes",
  "IMMEDIATE transactions on one file; PostgreSQL has no file lock",
  () => {
    it("two processes' read-then-write transactions on one database all commit, one after the other", async () => {
      const file = path.join(dir, "shared.db");
      const count = 200;
      const start = Date.now() + 3000;
      const results = await Promise.all([writer(file, count, start), writer(file, count, start)]);
      for (const result of results) {
        expect(result.code, result.err).toBe(0);
        expect(JSON.parse(result.out), result.err).toEqual({ failed: 0 });
      }
      // Serialised: each transaction saw every row committed before it.
      const SQLite = (await import("better-sqlite3")).default;
      const sqlite = new SQLite(file, { readonly: true });
      const rows = sqlite.prepare("select seen from counter order by id").all() as { seen: number }[];
      sqlite.close();
      expect(rows).toHaveLength(2 * count);
      expect(rows.map((r) => r.seen)).toEqual(rows.map((_, i) => i));
    }, 60_000);
  },
);
