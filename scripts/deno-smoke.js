// The Deno smoke suite (npm test runs it): with the deno binary from node_modules, a
// fresh database is migrated, the production build is served and signed in to as an admin and as a
// partner, the sample exports are imported (and their totals compared with the same import run on
// Node and with fixtures/expected.json), a backup made on Deno is restored on Node, and a
// consolidated PDF is exported. Without deno the suite says it is skipped, and why.
//
// node scripts/deno-smoke.js [--report FILE]   (FILE gets { passed, failed, skipped, reason })
// DENO_SMOKE_PORT picks the port (default: a free one); temporary files go under os.tmpdir() and are
// removed, unless DENO_SMOKE_KEEP is set.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { ensureBuild, root } from "./lib.js";

const DENO = path.join(root, "node_modules", ".bin", "deno");
/** Nothing is fetched at run time: no update check, no remote module. */
const DENO_ENV = { DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" };
const DENO_RUN = ["run", "--allow-all", "--no-remote"];
const reportFile = process.argv.includes("--report") ? process.argv[process.argv.indexOf("--report") + 1] : null;
const expected = JSON.parse(fs.readFileSync(path.join(root, "fixtures", "expected.json"), "utf8"));
/** The sample exports imported on both runtimes: September's three machines, October's one. */
const SAMPLES = ["three-machines-2026-09.xlsx", "single-machine-2026-10.xls"];
const MONTH = "2026-09";

function finish(outcome) {
  if (reportFile) {
    fs.mkdirSync(path.dirname(reportFile), { recursive: true });
    fs.writeFileSync(reportFile, JSON.stringify(outcome, null, 2));
  }
  if (outcome.skipped) console.log(`Deno smoke suite skipped: ${outcome.reason}`);
  else console.log(`Deno smoke suite: ${outcome.passed} passed, ${outcome.failed} failed`);
  process.exit(outcome.failed ? 1 : 0);
}

const version = fs.existsSync(DENO)
  ? spawnSync(DENO, ["--version"], { encoding: "utf8", env: { ...process.env, ...DENO_ENV } })
  : null;
if (!version || version.status !== 0) {
  finish({
    passed: 0,
    failed: 0,
    skipped: true,
    reason: version
      ? `node_modules/.bin/deno --version failed: ${version.error?.message ?? version.stderr.trim()}`
      : "node_modules/.bin/deno is not installed (npm install installs the deno devDependency)",
  });
}
console.log(`Deno smoke suite on ${version.stdout.split("\n")[0]}`);
ensureBuild();

const work = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-deno-smoke-"));
const denoDb = path.join(work, "deno", "vendboard.db");
const nodeDb = path.join(work, "node", "vendboard.db");
const sessionSecret = randomBytes(32).toString("hex");
const ADMIN = { username: "smoke-admin", password: "smoke-admin-password" };
const PARTNER = { username: "smoke-partner", password: "smoke-partner-password", name: "Smoke Partner Ltd" };

/**
 * Runs the vendboard CLI: on Deno (bin/vendboard-deno.ts, which `deno task cli` runs) or on Node.
 * Asynchronously: a blocked event loop would keep HTTP clients from seeing the server close an idle
 * connection, and the next request would go out on the closed socket.
 */
async function vendboard(runtime, database, args, input) {
  const [command, prefix] =
    runtime === "deno" ? [DENO, [...DENO_RUN, "bin/vendboard-deno.ts"]] : [process.execPath, ["bin/vendboard.js"]];
  const child = spawn(command, [...prefix, ...args], {
    cwd: root,
    env: { ...process.env, ...DENO_ENV, DATABASE_PATH: database, NODE_ENV: "production", APP_URL: "http://localhost" },
    timeout: 120_000,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  child.stdin.end(input ?? "");
  const [code, signal] = await new Promise((resolve, reject) =>
    child.once("error", reject).once("close", (c, s) => resolve([c, s])),
  );
  if (code !== 0)
    throw new Error(
      `vendboard ${args.join(" ")} on ${runtime} exited ${code ?? signal}: ${(stderr || stdout).trim().slice(0, 800)}`,
    );
  return stdout;
}
const json = (text) => JSON.parse(text);

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

async function freePort() {
  if (process.env.DENO_SMOKE_PORT) return Number(process.env.DENO_SMOKE_PORT);
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The production build served by server.js on Deno, with what it logged. */
async function serveOnDeno(port) {
  const server = spawn(DENO, [...DENO_RUN, "server.js"], {
    cwd: root,
    env: {
      ...process.env,
      ...DENO_ENV,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: denoDb,
      SESSION_SECRET: sessionSecret,
      APP_URL: `http://localhost:${port}`,
      WEB_CONCURRENCY: "2",
      LOG_FORMAT: "json",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  server.stdout.on("data", (chunk) => (log += chunk));
  server.stderr.on("data", (chunk) => (log += chunk));
  const exited = new Promise((resolve) =>
    server.once("exit", (code, signal) => {
      log += `\n[the server exited: ${code ?? signal}]`;
      resolve({ code, signal });
    }),
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited before listening: ${log.slice(-800)}`);
    if (Date.now() > deadline) {
      server.kill("SIGKILL");
      throw new Error(`the server did not answer /healthz within 90 s: ${log.slice(-800)}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    log: () => log,
    stop: async () => {
      server.kill("SIGTERM");
      return exited;
    },
  };
}

/** A signed-in HTTP client: POST /api/login, then requests carry its session cookie. */
async function signIn(base, credentials) {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200)
    throw new Error(
      `POST /api/login as ${credentials.username} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  assert(cookie, "POST /api/login set no cookie");
  const user = await response.json();
  const request = (pathname, init = {}) =>
    fetch(`${base}${pathname}`, { redirect: "manual", ...init, headers: { cookie, ...init.headers } });
  return { user, request };
}

async function page(client, pathname, contains) {
  const response = await client.request(pathname);
  const body = await response.text();
  assert(response.status === 200, `GET ${pathname} answered ${response.status}`);
  if (contains) assert(body.includes(contains), `GET ${pathname} does not show "${contains}"`);
}

async function postJson(client, pathname, body) {
  const response = await client.request(pathname, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  assert(
    response.status === 200 || response.status === 201,
    `POST ${pathname} answered ${response.status}: ${text.slice(0, 300)}`,
  );
  return JSON.parse(text);
}

/** Each machine's monthly records, by location and month, as the database holds them. */
function records(file) {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(
        "select m.location, r.month, r.revenue_pence as revenuePence, r.cogs_pence as cogsPence from monthly_records r join machines m on m.id = r.machine_id order by m.location, r.month",
      )
      .all();
  } finally {
    db.close();
  }
}

// The checks, in order; each later one may rely on the earlier ones, so the first failure ends the run
// (the ones not run are counted as failed too: nothing is reported passed that did not run).
let server = null;
let base = "";
let admin = null;
let partner = null;
const checks = [
  [
    "migrates a fresh database on Deno (node:sqlite)",
    async () => {
      const first = json(await vendboard("deno", denoDb, ["db", "migrate", "--json"]));
      assert(first.applied.length > 0, "no migration was applied");
      const again = json(await vendboard("deno", denoDb, ["db", "migrate", "--json"]));
      assert(again.applied.length === 0, `a second migrate applied ${again.applied.join(", ")}`);
      await vendboard(
        "deno",
        denoDb,
        ["admin", "create", ADMIN.username, "--password-stdin", "--json"],
        `${ADMIN.password}\n`,
      );
    },
  ],
  [
    "serves the build on Deno as one process (WEB_CONCURRENCY=2 asked)",
    async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = await serveOnDeno(port);
      assert(
        server.log().includes("Running on Deno: one server process"),
        "the server did not log that it runs one process on Deno",
      );
    },
  ],
  [
    "signs in as an admin over HTTP; /admin answers 200",
    async () => {
      admin = await signIn(base, ADMIN);
      assert(admin.user.isAdmin === true, "the admin's sign-in did not answer an admin");
      await page(admin, "/admin");
      const created = await postJson(admin, "/api/register", {
        ...PARTNER,
        partnerType: "profit-sharing",
        email: "smoke@example.com",
        billingAddress: "1 Smoke Street, Leeds",
        commissionPercentage: "0.10",
      });
      for (const location of Object.keys(expected["three-machines-2026-09"].machines)) {
        await postJson(admin, "/api/machines", { location, partnerId: created.id });
      }
    },
  ],
  [
    "signs in as a partner over HTTP; / answers 200 with the partner's name",
    async () => {
      partner = await signIn(base, PARTNER);
      assert(partner.user.isAdmin === false, "the partner's sign-in answered an admin");
      await page(partner, "/", PARTNER.name);
    },
  ],
  [
    "a backup made on Deno while it serves restores on Node",
    async () => {
      const archive = path.join(work, "deno-backup.tar.gz");
      await vendboard("deno", denoDb, ["db", "backup", archive, "--json"]);
      await vendboard("node", nodeDb, ["db", "restore", archive, "--json"]);
      const restored = new Database(nodeDb, { readonly: true });
      const machines = restored.prepare("select count(*) as n from machines").get().n;
      restored.close();
      assert(machines === 3, `the restored database has ${machines} machines, not 3`);
    },
  ],
  [
    "imports the sample exports on Deno and on Node to the same totals as fixtures/expected.json",
    async () => {
      for (const [runtime, database] of [
        ["deno", denoDb],
        ["node", nodeDb],
      ]) {
        await vendboard(runtime, database, ["import", ...SAMPLES.map((file) => `fixtures/${file}`), "--json"]);
      }
      const onDeno = records(denoDb);
      const onNode = records(nodeDb);
      assert(
        JSON.stringify(onDeno) === JSON.stringify(onNode),
        `Deno's records differ from Node's:\n${JSON.stringify(onDeno)}\n${JSON.stringify(onNode)}`,
      );
      const wanted = [];
      for (const file of SAMPLES) {
        const month = file.match(/(\d{4}-\d{2})\./)[1];
        for (const [location, figures] of Object.entries(expected[file.replace(/\.xlsx?$/, "")].machines))
          wanted.push({ location, month, revenuePence: figures.revenuePence, cogsPence: figures.cogsPence });
      }
      wanted.sort((a, b) => a.location.localeCompare(b.location) || a.month.localeCompare(b.month));
      assert(
        JSON.stringify(onDeno) === JSON.stringify(wanted),
        `the totals differ from fixtures/expected.json:\n${JSON.stringify(onDeno)}\n${JSON.stringify(wanted)}`,
      );
      const summaries = [
        await vendboard("deno", denoDb, ["commissions", "summary", "--month", MONTH, "--json"]),
        await vendboard("node", nodeDb, ["commissions", "summary", "--month", MONTH, "--json"]),
      ];
      // Each answer names its own database (`database`): the figures are what must match.
      const figures = summaries.map((text) => JSON.stringify({ ...JSON.parse(text), database: undefined }));
      assert(
        figures[0] === figures[1],
        `commissions summary --month ${MONTH} differs:\n${summaries[0]}\n${summaries[1]}`,
      );
      await page(partner, "/", PARTNER.name);
    },
  ],
  [
    "exports a consolidated PDF with the CLI on Deno",
    async () => {
      const out = path.join(work, "reports");
      const outcome = json(
        await vendboard("deno", denoDb, ["reports", "export", "--month", MONTH, "--out", out, "--json"]),
      );
      const written = outcome.reports.filter((r) => r.status === "written");
      assert(written.length === 1, `expected one report written, got ${JSON.stringify(outcome.reports)}`);
      const head = fs.readFileSync(written[0].file).subarray(0, 5).toString("latin1");
      assert(head === "%PDF-", `${written[0].file} starts with ${JSON.stringify(head)}, not %PDF-`);
    },
  ],
  [
    "stops cleanly on SIGTERM",
    async () => {
      const stopping = server;
      server = null;
      const { code, signal } = await stopping.stop();
      assert(code === 0, `the server exited with ${code ?? signal}`);
    },
  ],
];

let passed = 0;
let failed = 0;
try {
  for (const [index, [name, check]] of checks.entries()) {
    try {
      await check();
      passed++;
      console.log(`  ✓ ${name}`);
    } catch (error) {
      failed += checks.length - index;
      const message =
        error instanceof Error
          ? `${error.message}${error.cause ? ` (${error.cause.message ?? error.cause})` : ""}`
          : String(error);
      console.log(`  ✗ ${name}\n    ${message.replace(/\n/g, "\n    ")}`);
      for (const [later] of checks.slice(index + 1)) console.log(`  - ${later} (not run)`);
      if (server) console.log(`    The server's log ended:\n${server.log().slice(-1500)}`);
      break;
    }
  }
} finally {
  if (server) await server.stop();
  if (process.env.DENO_SMOKE_KEEP) console.log(`Kept ${work} (DENO_SMOKE_KEEP)`);
  else fs.rmSync(work, { recursive: true, force: true });
}
finish({ passed, failed, skipped: false });
