/**
 * Reliability, on the production server (server.js on the build) and the CLI:
 * oversize chunked bodies refused having read at most their limit plus 64 KB, .xlsx bombs refused
 * with their message while other requests are answered, kill -9 during an import, and concurrent
 * uploads of one file. Nothing here depends on the machine's speed: bytes counted, orders of
 * answers, what the database holds. (body-limit.test.ts has the limits in-process; backup.test.ts
 * the backup → restore round trip.)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, openSqlite } from "#db/database.ts";
import { buildExport, seededRandom } from "#db/sample-export.ts";
import { MAX_UNPACKED_BYTES, parseSalesReport } from "#domain/imports/telemetry-export-reader.ts";
import { makeAdmin, makeMachine, makePartner, TEST_PASSWORD } from "#tests/factories.ts";
import { chunkedPost, request, startServer } from "../../scripts/production-server.js";
import { root } from "../../scripts/lib.js";
import { xlsxBomb } from "../../scripts/xlsx-bomb.js";
import { describeSqliteOnly, seededTarget } from "#tests/databases.ts";

const BODY_LIMIT = 256 * 1024;
const UPLOAD_LIMIT = 10 * 1024 * 1024 + 64 * 1024;
const SLACK = 64 * 1024;
const FIXTURES = path.join(root, "fixtures");

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-reliability-"));
const databasePath = path.join(dir, "vendboard.db");
let server: Awaited<ReturnType<typeof startServer>>;
let cookie: string;
let machineId: number;

beforeAll(async () => {
  const db = openDatabase(seededTarget(databasePath));
  await migrateToLatest(db);
  const admin = await makeAdmin(db);
  const partner = await makePartner(db);
  machineId = (await makeMachine(db, partner.id, "Leeds Station Concourse")).id;
  await db.destroy();

  server = await startServer({ env: { DATABASE_PATH: databasePath, UPLOAD_MAX_MB: "10" } });
  const login = await request(`${server.base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.base },
    body: JSON.stringify({ username: admin.username, password: TEST_PASSWORD }),
  });
  expect(login.status).toBe(200);
  cookie = login.lines["set-cookie"][0].split(";")[0];
}, 240_000);

afterAll(() => {
  server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The server's JSON log lines. */
const logLines = () =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Uploads an export to the machine, as the Add Monthly Record dialog does. */
async function upload(
  bytes: Uint8Array,
  name: string,
  month: string,
): Promise<{ status: number; body: Record<string, any> }> {
  const form = new FormData();
  form.set("month", month);
  form.set("reportFile", new Blob([new Uint8Array(bytes)]), name);
  const answer = await fetch(`${server.base}/api/machines/${machineId}/records`, {
    method: "POST",
    headers: { cookie, origin: server.base },
    body: form,
  });
  return { status: answer.status, body: await answer.json() };
}

describe("oversize chunked bodies on the production server", () => {
  it("three at once, to sign-in and to an upload: each 413, each read no further than its limit plus 64 KB", async () => {
    const logged = (test: (line: Record<string, unknown>) => boolean) => logLines().filter(test);
    const isRefusal = (line: Record<string, unknown>) => "bytesRead" in line;
    const is413 = (line: Record<string, unknown>) => line.msg === "request" && line.status === 413;
    const [refusalsBefore, answersBefore] = [logged(isRefusal).length, logged(is413).length];
    const sent = await Promise.all([
      chunkedPost(`${server.base}/api/login`, 50 * 1024 * 1024, { headers: { origin: server.base } }),
      chunkedPost(`${server.base}/api/login`, 50 * 1024 * 1024, { headers: { origin: server.base } }),
      chunkedPost(`${server.base}/api/machines/${machineId}/records`, 50 * 1024 * 1024, {
        headers: { origin: server.base, cookie, "content-type": "multipart/form-data; boundary=x" },
      }),
    ]);
    // Each client either read its 413 or had the connection closed under it while still sending.
    for (const answer of sent) expect([0, 413]).toContain(answer.status);
    if (sent[2].status === 413)
      expect(JSON.parse(sent[2].body)).toEqual({ message: "The file is too large (at most 10 MB)" });

    await server.until(
      () => logged(isRefusal).length >= refusalsBefore + 3 && logged(is413).length >= answersBefore + 3,
      "three refusals logged",
    );
    const answers = logged(is413).slice(answersBefore);
    expect(answers.map((line) => line.path).sort()).toEqual([
      "/api/login",
      "/api/login",
      `/api/machines/${machineId}/records`,
    ]);
    const refusals = logged(isRefusal).slice(refusalsBefore) as { limit: number; bytesRead: number }[];
    expect(refusals.map((r) => r.limit).sort((a, b) => a - b)).toEqual([BODY_LIMIT, BODY_LIMIT, UPLOAD_LIMIT]);
    for (const { limit, bytesRead } of refusals) {
      expect(bytesRead).toBeGreaterThan(limit);
      expect(bytesRead).toBeLessThanOrEqual(limit + SLACK);
    }
    expect((await request(`${server.base}/healthz`)).status).toBe(200);
  });
});

describe(".xlsx bombs on the production server", () => {
  it("one declaring more than 150 MB unpacked is refused before it is read", async () => {
    // 8 million rows of 26 bytes of XML: 208 MB unpacked, half a megabyte packed.
    const bomb = xlsxBomb({ rows: 8_000_000 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const answer = await upload(bomb, "bomb.xlsx", "2026-10");
    expect(answer).toEqual({
      status: 400,
      body: {
        message: `The workbook unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB: split it into smaller exports`,
      },
    });
  });

  it("one within the caps but slow to read gets its message, while other requests are answered", async () => {
    // 3 million rows (81 MB of XML) are refused from the zip's count of rows at once; 190,000
    // one-cell rows pass the count and are read by SheetJS in a worker, then refused for their headers.
    const bomb = xlsxBomb({ rows: 190_000 });
    const order: string[] = [];
    let pending = true;
    const refused = upload(bomb, "bomb.xlsx", "2026-10").then((answer) => {
      pending = false;
      order.push("bomb");
      return answer;
    });
    // Health checks one after another for as long as the bomb is being read.
    let answered = 0;
    while (pending) {
      const health = await request(`${server.base}/healthz`);
      expect(health.status).toBe(200);
      if (pending) {
        answered++;
        order.push("healthz");
      }
    }
    const answer = await refused;
    expect(answer.status).toBe(400);
    // Its headers, or the time budget on a slow machine.
    expect(answer.body.message).toMatch(
      /^(Missing required headers: .*|The file took too long to read: split it into smaller exports)$/,
    );
    expect(order[0]).toBe("healthz");
    expect(order.at(-1)).toBe("bomb");
    // Reading the file on the event loop would have held every health check until it was done.
    expect(answered).toBeGreaterThanOrEqual(5);
  }, 60_000);
});

describe("concurrent uploads of one file", () => {
  it("are counted once: one upload imports the rows, the others find them already imported", async () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(FIXTURES, "single-machine-2026-10.xlsx")));
    const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, "expected.json"), "utf8"))[
      "single-machine-2026-10"
    ];
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => upload(bytes, "single-machine-2026-10.xlsx", "2026-10")),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(answers.map((a) => a.body.imported).sort((a, b) => a - b)).toEqual([0, 0, 0, expected.validRows]);
    const db = openDatabase(seededTarget(databasePath));
    try {
      const sales = await db
        .selectFrom("sales")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("machineId", "=", machineId)
        .executeTakeFirstOrThrow();
      expect(sales.n).toBe(expected.validRows);
      const record = await db
        .selectFrom("monthlyRecords")
        .select(["totalSales as units", "revenuePence as revenue"])
        .where("machineId", "=", machineId)
        .where("month", "=", "2026-10")
        .executeTakeFirst();
      const figures = expected.machines["Leeds Station Concourse"];
      expect(record).toEqual({ units: figures.units, revenue: figures.revenuePence });
    } finally {
      await db.destroy();
    }
  });
});

describeSqliteOnly("kill -9 during an import", "SQLite's integrity_check of the file", () => {
  it("leaves a database that passes integrity_check, each file's record whole or absent", async () => {
    const killDir = path.join(dir, "kill");
    const killDb = path.join(killDir, "vendboard.db");
    const db = openDatabase(killDb);
    await migrateToLatest(db);
    const partner = await makePartner(db);
    await makeMachine(db, partner.id, "Bench Machine");
    await db.destroy();

    // Three months' exports of one machine, imported one file (one transaction) after another.
    const months = ["2026-07", "2026-08", "2026-09"];
    const files = months.map((month, i) => {
      const file = path.join(killDir, `bench-${month}.xlsx`);
      fs.writeFileSync(
        file,
        buildExport({
          location: "Bench Machine",
          month,
          units: 10_000,
          firstTransactionId: 7_000_000_000 + i * 100_000,
          random: seededRandom(i + 1),
        }),
      );
      return file;
    });
    const rowsOf = new Map<string, number>();
    for (const [i, file] of files.entries())
      rowsOf.set(months[i], (await parseSalesReport(new Uint8Array(fs.readFileSync(file)))).rows.length);

    const child = spawn(process.execPath, [path.join(root, "bin/vendboard.js"), "import", ...files], {
      env: { ...process.env, DATABASE_PATH: killDb },
      stdio: "ignore",
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once("exit", (_code, signal) => resolve(signal)),
    );
    // The first write of the import (its write-ahead log growing) is the moment to kill it.
    const wal = `${killDb}-wal`;
    while ((fs.statSync(wal, { throwIfNoEntry: false })?.size ?? 0) === 0) {
      if (child.exitCode !== null)
        throw new Error(`the import ended (exit ${child.exitCode}) before it wrote anything`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");

    const sqlite = openSqlite(killDb);
    try {
      expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
      const records = sqlite
        .prepare("select id, month, total_sales as units from monthly_records order by month")
        .all() as { id: number; month: string; units: number }[];
      // Killed on the first file: the later ones were never reached.
      expect(records.length).toBeLessThan(months.length);
      let stored = 0;
      for (const record of records) {
        const sales = (
          sqlite.prepare("select count(*) as n from sales where record_id = ?").get(record.id) as { n: number }
        ).n;
        const receipts = sqlite.prepare("select imported from import_receipts where record_id = ?").all(record.id);
        const rollup = (
          sqlite
            .prepare("select coalesce(sum(units), 0) as n from product_sales_monthly where month = ?")
            .get(record.month) as { n: number }
        ).n;
        const audited = (
          sqlite
            .prepare("select count(*) as n from audit_log where action = 'import' and entity_id = ?")
            .get(String(record.id)) as { n: number }
        ).n;
        expect({ month: record.month, sales, receipts, audited }).toEqual({
          month: record.month,
          sales: rowsOf.get(record.month),
          receipts: [{ imported: sales }],
          audited: 1,
        });
        expect(rollup).toBe(record.units);
        stored += sales;
      }
      expect((sqlite.prepare("select count(*) as n from sales").get() as { n: number }).n).toBe(stored);
      expect((sqlite.prepare("select count(*) as n from import_receipts").get() as { n: number }).n).toBe(
        records.length,
      );
    } finally {
      sqlite.close();
    }
  }, 120_000);
});
