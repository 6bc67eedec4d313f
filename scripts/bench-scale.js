// npm run bench:scale: Vendboard at a real operator's size, measured from the outside.
// Builds 1,000 partners of all four types, 10 machines each (one with 100), 12 months of about
// 1,000,000 sales written through the real import, commission payments and invoices, all through
// the product's domain functions; then starts `npm start` (the production build, one worker per
// core) on it and measures each figure beside a floor taken in the same run:
// - pages, one request at a time, p95 to the last byte (floor: a static asset), and their size;
// - 50 connections for 30 s on GET / and GET /api/machines (floor: the static asset);
// - one 50,000-row export into a fresh database (floor: SheetJS's read of it on this thread with
//   the fast options) and the bulk import of the world (floor: SheetJS's read of its files);
// - product analytics (floor: one hand-written SQL aggregate); `vendboard --help` (floor: node -e 0);
// - first-load JavaScript of every page.
// Prints the table and exits 1 when a goal is missed. BENCH_SCALE=small: a tenth of the world and
// 5-second load runs, in under 2 minutes. BENCH_KEEP=1 keeps the database and prints its path.
// DATABASE_URL=postgres://… (an empty database): the world is built on SQLite as always (the import
// figures stay SQLite's), then moved there with `vendboard db copy`'s code (timed), and the
// analytics, the pages and the load runs measure PostgreSQL. scripts/bench-scale-both.js
// (npm run bench:scale:both) runs it on both engines and prints their figures side by side.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import * as XLSX from "xlsx";
import { register } from "tsx/esm/api";
import { ensureBuild, root } from "./lib.js";
import { freePort } from "./production-server.js";
import { buildWorld, FAST_READ, parseOnlyRate } from "./bench/world.js";

register();
const lib = {
  ...(await import("../db/database.ts")),
  ...(await import("../db/sample-export.ts")),
  ...(await import("../db/enums.ts")),
  ...(await import("../domain/accounts/user-service.ts")),
  ...(await import("../domain/partners/partner-service.ts")),
  ...(await import("../domain/machines/machine-service.ts")),
  ...(await import("../domain/imports/import-service.ts")),
  ...(await import("../domain/commissions/commission-payment-service.ts")),
  ...(await import("../domain/invoices/invoice-generation.ts")),
  ...(await import("../domain/invoices/invoice-lifecycle.ts")),
  ...(await import("../domain/products/product-service.ts")),
};

const SMALL = process.env.BENCH_SCALE === "small";
const PG_URL = process.env.DATABASE_URL?.trim() || null;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-scale-"));
const scale = {
  partners: SMALL ? 100 : 1000,
  machinesPerPartner: 10,
  bigPartnerMachines: 100,
  months: 12,
  // 4 to 13 sales a machine-month: about 8.5 on average, ~1,000,000 rows a year at full scale.
  minSales: 4,
  maxSales: 13,
  products: 240,
  rowsPerFile: 45_000,
  floorFiles: 2,
  dataDir: dir,
};
const LOAD_SECONDS = SMALL ? 5 : 30;
/** Load before each measured run, not counted: the figure is the server's steady state, not V8 compiling its code. */
const WARM_UP_SECONDS = SMALL ? 2 : 5;
const PAGE_SAMPLES = SMALL ? 20 : 60;
const SINGLE_ROWS = 50_000;
const KB = 1024;

const results = [];
/** One line of the table: `ok` null when the figure has no goal (shown for information). */
function figure(name, value, floor, goal, ok) {
  results.push({ name, value, floor, goal, ok });
  process.stderr.write(`  ${ok === false ? "MISS" : "ok  "} ${name}: ${value}${floor ? ` (floor ${floor})` : ""}\n`);
}
const ms = (x) => `${x.toFixed(1)} ms`;
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values) => percentile(values, 50);

// The production build and the compiled CLI first, so their output comes before the figures.
ensureBuild();

// 1. The world, through the real import.
process.stderr.write(`Building the world (${SMALL ? "small" : "full"} scale) in ${dir}\n`);
const databasePath = path.join(dir, "vendboard.db");
let db = lib.openDatabase(databasePath);
await lib.migrateToLatest(db);
const world = await buildWorld(db, lib, scale);
await db.destroy();
process.stderr.write(
  `World built in ${(world.buildMs / 1000).toFixed(1)} s: ${world.partners} partners, ${world.machines} machines, ${world.rows.toLocaleString("en-GB")} sales\n`,
);
if (PG_URL) {
  const { copySqliteToPostgres } = await import("../db/copy.ts");
  const target = lib.openDatabase(PG_URL);
  const t = performance.now();
  const report = await copySqliteToPostgres(databasePath, target, { dataDir: dir });
  const copyMs = performance.now() - t;
  await target.destroy();
  if (!report.ok) throw new Error(`db copy to PostgreSQL disagreed: ${JSON.stringify(report).slice(0, 500)}`);
  const rows = report.tables.reduce((sum, table) => sum + table.target, 0);
  figure(
    "db copy of the world to PostgreSQL",
    `${(copyMs / 1000).toFixed(1)} s (${rows.toLocaleString("en-GB")} rows, ${report.uploads.files} uploads, checks agree)`,
    null,
    "none (shown)",
    null,
  );
}

// 2. Imports.
const bulkRate = (world.rows / world.importMs) * 1000;
const parseFloor = parseOnlyRate(world.sampleFiles);
figure(
  "bulk import of many-machine files",
  `${Math.round(bulkRate).toLocaleString("en-GB")} rows/s (${world.rows.toLocaleString("en-GB")} rows in ${(world.importMs / 1000).toFixed(1)} s)`,
  `SheetJS read ${Math.round(parseFloor.rowsPerSecond).toLocaleString("en-GB")} rows/s`,
  "≥ 15,000 rows/s",
  bulkRate >= 15_000,
);

async function singleImport() {
  const runDir = fs.mkdtempSync(path.join(dir, "single-"));
  const fresh = lib.openDatabase(path.join(runDir, "single.db"));
  await lib.migrateToLatest(fresh);
  const admin = await lib.createUser(fresh, { username: "single-admin", password: "bench-admin-1", isAdmin: true });
  const partner = await lib.createPartner(
    fresh,
    {
      username: "single",
      password: "bench-partner-1",
      name: "Single Site",
      partnerType: "profit-sharing",
      email: "single@example.test",
      billingAddress: "1 Road",
    },
    admin.id,
  );
  await lib.createMachine(fresh, { partnerId: partner.id, location: "Single Machine" }, admin.id);
  const month = world.months.at(-1);
  const bytes = lib.buildExport({
    location: "Single Machine",
    month,
    units: SINGLE_ROWS,
    firstTransactionId: 1,
    random: lib.seededRandom(7),
  });
  let t = performance.now();
  XLSX.read(bytes, FAST_READ);
  const readMs = performance.now() - t;
  t = performance.now();
  // As `vendboard import` imports one file (cli/commands/import.ts): read on this thread.
  const [outcome] = await lib.importExports(
    fresh,
    [{ name: "single.xlsx", bytes }],
    {},
    { actorId: admin.id, dataDir: runDir, readOnThisThread: true },
  );
  const importMs = performance.now() - t;
  await fresh.destroy();
  if (!outcome.ok || outcome.result.groups[0].imported !== SINGLE_ROWS)
    throw new Error(`The 50,000-row import did not store every row: ${JSON.stringify(outcome).slice(0, 300)}`);
  return { readMs, importMs };
}
const singles = [];
for (let i = 0; i < 3; i++) singles.push(await singleImport());
const readMs = median(singles.map((s) => s.readMs));
const importMs = median(singles.map((s) => s.importMs));
figure(
  "one 50,000-row export into a fresh database",
  `${ms(importMs)} (${(importMs / readMs).toFixed(2)}× the read)`,
  `SheetJS read ${ms(readMs)}`,
  "≤ 1.3× the read",
  importMs <= 1.3 * readMs,
);

// 3. Analytics: the floor is one hand-written SQL aggregate over the rollup the import writes.
const AGGREGATE =
  "select product_id, sum(units) as units, sum(revenue_pence) as revenue from product_sales_monthly group by product_id order by units desc";
const sqlTimes = [];
if (PG_URL) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    await client.query(AGGREGATE);
    sqlTimes.push(performance.now() - t);
  }
  await client.end();
} else {
  const raw = new Database(databasePath, { readonly: true });
  const aggregate = raw.prepare(AGGREGATE);
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    aggregate.all();
    sqlTimes.push(performance.now() - t);
  }
  raw.close();
}
const analyticsFloor = `SQL aggregate p50 ${ms(median(sqlTimes))}`;
// The spec's GET /api/products/analytics answers every product with every machine it sells in: shown, no goal.
db = lib.openDatabase(PG_URL ?? databasePath);
const analyticsTimes = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  await lib.productAnalytics(db);
  analyticsTimes.push(performance.now() - t);
}
await db.destroy();
figure(
  "productAnalytics (the spec's full API answer)",
  `p50 ${ms(median(analyticsTimes))}`,
  analyticsFloor,
  "none (not a page)",
  null,
);

// 4. The CLI's start-up.
function timeCommand(args, runs = 10) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const result = spawnSync(process.execPath, args, {
      cwd: root,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, DATABASE_PATH: databasePath },
    });
    times.push(performance.now() - t);
    if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited with ${result.status}: ${result.stderr}`);
  }
  return median(times);
}
// The compiled CLI, as `npm run build` and `npm install` leave it (bin/vendboard.js runs the source when it is stale).
if (
  spawnSync(process.execPath, [path.join(root, "scripts/build-cli.js")], { cwd: root, stdio: "inherit" }).status !== 0
)
  throw new Error("the CLI did not build");
const helpMs = timeCommand([path.join(root, "bin/vendboard.js"), "--help"]);
const nodeMs = timeCommand(["-e", "0"]);
figure("vendboard --help", ms(helpMs), `node -e 0 ${ms(nodeMs)}`, "≤ 300 ms", helpMs <= 300);

// 5. The production server: `npm start`, one worker per core.
ensureBuild();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, "scripts/start.js")], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_PATH: databasePath,
    PORT: String(port),
    HOST: "127.0.0.1",
    SESSION_SECRET: "bench-scale-secret-0123456789abcdef",
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    LOGIN_MAX_FAILURES_PER_ADDRESS: "1000",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const stopServer = () => server.exitCode === null && server.kill("SIGTERM");
process.on("exit", stopServer);
for (let since = Date.now(); ; ) {
  const up = await fetch(`${base}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (Date.now() - since > 30_000 || server.exitCode !== null) throw new Error("the production server did not start");
  await new Promise((resolve) => setTimeout(resolve, 100));
}

async function signIn({ username, password }) {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
const adminCookie = await signIn(world.admin);
const partnerCookie = await signIn(world.partner);

/** p95 to the last byte, one request at a time, and the answer's size (uncompressed). */
async function timePage(url, cookie) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < PAGE_SAMPLES + 5; i++) {
    const t = performance.now();
    const response = await fetch(`${base}${url}`, { headers: { cookie, "accept-encoding": "identity" } });
    const body = await response.arrayBuffer();
    const elapsed = performance.now() - t;
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
    bytes = body.byteLength;
    if (i >= 5) times.push(elapsed);
  }
  return { p95: percentile(times, 95), bytes };
}

const html = await (await fetch(`${base}/auth`)).text();
const asset = /<link rel="modulepreload" href="([^"]+)"/.exec(html)?.[1] ?? "/favicon.ico";
const floor = await timePage(asset, "");
const pages = [
  ["/admin", adminCookie],
  ["/admin?page=2", adminCookie],
  ["/admin/commissions", adminCookie],
  ...["all", "pending", "paid", "overdue", "cancelled"].map((tab) => [
    tab === "all" ? "/admin/invoices" : `/admin/invoices?status=${tab}`,
    adminCookie,
  ]),
  ["/admin/products", adminCookie],
  [`/partners/${world.bigPartner.id}`, adminCookie],
  ["/", partnerCookie],
];
for (const [url, cookie] of pages) {
  const { p95, bytes } = await timePage(url, cookie);
  const floorText = url.startsWith("/admin/products")
    ? `${analyticsFloor}; asset p95 ${ms(floor.p95)}`
    : `asset p95 ${ms(floor.p95)}`;
  // The admin's first page is the one opened most: it is held to 80 ms.
  const goalMs = url === "/admin" ? 80 : 100;
  figure(
    `GET ${url}`,
    `p95 ${ms(p95)}, ${(bytes / KB).toFixed(1)} KB`,
    floorText,
    `p95 < ${goalMs} ms, < 150 KB`,
    p95 < goalMs && bytes < 150 * KB,
  );
}

// 6. 50 connections for LOAD_SECONDS, after WARM_UP_SECONDS of the same load.
async function load(url, cookie, requests) {
  const run = (duration) =>
    autocannon({
      url: `${base}${url}`,
      connections: 50,
      duration,
      headers: cookie ? { cookie } : {},
      ...(requests ? { requests } : {}),
    });
  const errorsOf = (result) => result.errors + result.timeouts + result.non2xx;
  const warmUp = await run(WARM_UP_SECONDS);
  const result = await run(LOAD_SECONDS);
  // An error while warming up counts as much as one measured.
  return { rps: result.requests.average, p99: result.latency.p99, errors: errorsOf(warmUp) + errorsOf(result) };
}
const assetLoad = await load(asset, "");
const floorText = `asset ${Math.round(assetLoad.rps)} req/s, p99 ${assetLoad.p99} ms`;
for (const [url, minRps, maxP99] of [
  ["/", 200, 500],
  ["/api/machines", 600, 250],
]) {
  const r = await load(url, partnerCookie);
  figure(
    `50 connections on GET ${url}`,
    `${Math.round(r.rps)} req/s, p99 ${r.p99} ms, ${r.errors} errors`,
    floorText,
    `≥ ${minRps} req/s, p99 < ${maxP99} ms, 0 errors`,
    r.rps >= minRps && r.p99 < maxP99 && r.errors === 0,
  );
}

// A partner's day: GET /, GET /api/machines and GET /api/machines/stats in equal parts, each
// connection going round four partners (one of each type) in turn.
const mixCookies = [partnerCookie, ...(await Promise.all(world.mixPartners.map(signIn)))];
const mixRequests = mixCookies.flatMap((cookie) =>
  ["/", "/api/machines", "/api/machines/stats"].map((path) => ({ method: "GET", path, headers: { cookie } })),
);
const mix = await load("/", "", mixRequests);
figure(
  "50 connections, partners' mix (/, /api/machines, /api/machines/stats)",
  `${Math.round(mix.rps)} req/s, p99 ${mix.p99} ms, ${mix.errors} errors`,
  floorText,
  "p99 < 500 ms, 0 errors",
  mix.p99 < 500 && mix.errors === 0,
);

// 7. First-load JavaScript.
const { firstLoadJs } = await import("./first-load-js.js");
for (const [url, cookie] of [
  ["/auth", ""],
  ["/", partnerCookie],
  ["/admin", adminCookie],
  ["/admin/commissions", adminCookie],
  ["/admin/invoices", adminCookie],
  ["/admin/products", adminCookie],
  ["/admin/import", adminCookie],
  ["/admin/audit", adminCookie],
  ["/admin/payouts", adminCookie],
  ["/admin/settings", adminCookie],
  ["/admin/users", adminCookie],
  ["/account/password", partnerCookie],
  [`/partners/${world.bigPartner.id}`, adminCookie],
]) {
  const { gzipBytes } = await firstLoadJs(base, url, cookie);
  figure(`first-load JS ${url}`, `${(gzipBytes / KB).toFixed(1)} KB gzip`, null, "≤ 180 KB", gzipBytes <= 180 * KB);
}

stopServer();
await new Promise((resolve) => (server.exitCode === null ? server.once("exit", resolve) : resolve()));

// The table.
const widths = [
  Math.max(...results.map((r) => r.name.length)),
  Math.max(...results.map((r) => r.value.length)),
  Math.max(...results.map((r) => (r.floor ?? "").length)),
];
console.log(
  `\nVendboard at scale (${SMALL ? "BENCH_SCALE=small" : "full"}, ${PG_URL ? "PostgreSQL; imports on SQLite" : "SQLite"}): ${world.partners} partners, ${world.machines} machines, ${world.rows.toLocaleString("en-GB")} sales, ${os.availableParallelism()} cores\n`,
);
console.log(
  `${"figure".padEnd(widths[0])}  ${"measured".padEnd(widths[1])}  ${"floor (same run)".padEnd(widths[2])}  goal`,
);
for (const r of results)
  console.log(
    `${r.name.padEnd(widths[0])}  ${r.value.padEnd(widths[1])}  ${(r.floor ?? "").padEnd(widths[2])}  ${r.goal}  ${r.ok === false ? "MISSED" : "met"}`,
  );
const missed = results.filter((r) => r.ok === false).length;
// scripts/bench-scale-both.js reads each engine's figures from here to print them side by side.
if (process.env.BENCH_RESULTS_JSON) fs.writeFileSync(process.env.BENCH_RESULTS_JSON, JSON.stringify(results));
console.log(`\n${results.length - missed} goals met, ${missed} missed`);
if (process.env.BENCH_KEEP === "1") console.log(`The database is kept at ${databasePath}`);
else fs.rmSync(dir, { recursive: true, force: true });
process.exit(missed ? 1 : 0);
