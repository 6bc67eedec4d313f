// npm run bench:hardening: the production server (built if stale) under the hostile input it guards
// against. Prints each figure beside its floor measured in the same run:
// - peak server memory (RSS) while three 50 MB chunked bodies are refused at once: under 300 MB;
// - how long GET /healthz waits while an .xlsx bomb is refused: p95 under 250 ms (beside the p95
//   with nothing else running).
// - the lock-out attack (scripts/bench-lockout.js): the real user on a browser that signed in before
//   signs in 20 of 20 times while an attacker keeps the username backed off.
// - hostile files (scripts/bench/hostile-files.js, on a primary and two server processes): three lying .xlsx
//   files at once, the summed RSS of every server process (grows by < 300 MB) and another user's p95
//   (< 500 ms) meanwhile; an invoice PDF with the largest logo allowed (< 1 s).
// Exits 1 on a miss. Not part of npm test (the reliability suite checks what does not depend on speed).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { register } from "tsx/esm/api";
import { chunkedPost, request, startServer } from "./production-server.js";
import { xlsxBomb } from "./xlsx-bomb.js";
import { benchHostileFiles } from "./bench/hostile-files.js";
import { largestLogoPng } from "./bench/largest-logo.js";

register();
const { migrateToLatest, openDatabase } = await import("../db/database.ts");
const { createUser } = await import("../domain/accounts/user-service.ts");
const { updateBusinessProfile } = await import("../domain/business/business-service.ts");
const { DEMO_BUSINESS } = await import("../domain/demo/demo-seed.ts");
const { generateInvoice } = await import("../domain/invoices/invoice-generation.ts");

const MEMORY_GOAL_MB = 300;
const WAIT_GOAL_MS = 250;
const BODY_MB = 50;
const PASSWORD = "bench-password-42";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-bench-"));
const databasePath = path.join(dir, "vendboard.db");
const db = openDatabase(databasePath);
await migrateToLatest(db);
const admin = await createUser(db, {
  username: "bench-admin",
  password: PASSWORD,
  name: "Bench Admin",
  isAdmin: true,
});
const partner = await createUser(db, {
  username: "bench-partner",
  password: PASSWORD,
  name: "Bench Partner",
  partnerType: "profit-sharing",
});
const machine = await db
  .insertInto("machines")
  .values({ partnerId: partner.id, location: "Bench Machine" })
  .returning("id")
  .executeTakeFirstOrThrow();
// The largest logo allowed, and a fee-paying partner's invoice to draw it on.
await updateBusinessProfile(db, DEMO_BUSINESS, { upload: largestLogoPng() }, admin.id);
const payer = await createUser(db, {
  username: "bench-payer",
  password: PASSWORD,
  name: "Bench Payer",
  partnerType: "fee-paying",
  monthlyFeePence: 7_500,
  commissionBp: 0,
});
const invoice = await generateInvoice(db, payer.id, "monthly", admin.id, "2026-04-01");
await db.destroy();

const server = await startServer({ env: { DATABASE_PATH: databasePath } });
const { base } = server;
const pid = server.child.pid;

/** The server's resident memory in MB now. */
function rssMb() {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** Runs `work` while sampling the server's RSS every 10 ms; the work's result and the peak. */
async function peakDuring(work) {
  let peak = rssMb();
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 10);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssMb()) };
  } finally {
    clearInterval(sampler);
  }
}

/** GET /healthz one after another while `busy()` holds (at least `min` times); each wait in ms. */
async function healthWaits(busy, min = 0) {
  const waits = [];
  while (busy() || waits.length < min) {
    const started = performance.now();
    const answer = await request(`${base}/healthz`);
    if (answer.status !== 200) throw new Error(`/healthz answered ${answer.status}`);
    waits.push(performance.now() - started);
  }
  return waits;
}

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];
const mb = (value) => `${Math.round(value)} MB`;
const ms = (value) => `${value.toFixed(1)} ms`;

let ok = true;
const report = (label, figure, floor, pass) => {
  ok &&= pass;
  console.log(`${label.padEnd(58)} ${figure.padStart(10)}   floor ${floor.padStart(10)}   ${pass ? "ok" : "MISSED"}`);
};

try {
  // Warm up (first requests load the route modules), then the idle floor.
  await healthWaits(() => false, 50);
  const idleMb = rssMb();
  const floorWaits = await healthWaits(() => false, 400);

  // Three anonymous 50 MB chunked sign-ins at once: each is refused past 256 KB.
  const login = await peakDuring(() =>
    Promise.all(
      [1, 2, 3].map(() => chunkedPost(`${base}/api/login`, BODY_MB * 1024 * 1024, { headers: { origin: base } })),
    ),
  );
  const loginRefused = login.result.every((answer) => answer.status === 413 || answer.status === 0);
  report(
    `peak RSS, three ${BODY_MB} MB chunked sign-ins refused (goal < ${MEMORY_GOAL_MB} MB)`,
    mb(login.peak),
    `${mb(idleMb)} idle`,
    loginRefused && login.peak < MEMORY_GOAL_MB,
  );

  // The same at the upload route, whose limit is UPLOAD_MAX_MB (10 MB): each holds up to that much first.
  const signIn = await request(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username: "bench-admin", password: PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${signIn.body}`);
  const cookie = signIn.lines["set-cookie"][0].split(";")[0];
  const uploads = await peakDuring(() =>
    Promise.all(
      [1, 2, 3].map(() =>
        chunkedPost(`${base}/api/machines/${machine.id}/records`, BODY_MB * 1024 * 1024, {
          headers: { origin: base, cookie, "content-type": "multipart/form-data; boundary=x" },
        }),
      ),
    ),
  );
  const uploadsRefused = uploads.result.every((answer) => answer.status === 413 || answer.status === 0);
  report(
    `peak RSS, three ${BODY_MB} MB chunked uploads refused (goal < ${MEMORY_GOAL_MB} MB)`,
    mb(uploads.peak),
    `${mb(idleMb)} idle`,
    uploadsRefused && uploads.peak < MEMORY_GOAL_MB,
  );

  // An .xlsx bomb (3 million rows, 81 MB of XML in 200 KB) uploaded while health checks run.
  const form = new FormData();
  form.set("month", "2026-10");
  form.set("reportFile", new Blob([xlsxBomb({ rows: 3_000_000 })]), "bomb.xlsx");
  let pending = true;
  const started = performance.now();
  const bomb = peakDuring(async () => {
    const answer = await fetch(`${base}/api/machines/${machine.id}/records`, {
      method: "POST",
      headers: { cookie, origin: base },
      body: form,
    });
    pending = false;
    return { status: answer.status, message: (await answer.json()).message, ms: performance.now() - started };
  });
  const waits = await healthWaits(() => pending);
  const { result: refused, peak: bombPeak } = await bomb;
  console.log(
    `the bomb: ${refused.status} "${refused.message}" after ${ms(refused.ms)}; peak RSS ${mb(bombPeak)} (its reading worker included)`,
  );
  const p95 = percentile(waits, 95);
  report(
    `GET /healthz p95 while the bomb is read (goal < ${WAIT_GOAL_MS} ms)`,
    ms(p95),
    ms(percentile(floorWaits, 95)),
    refused.status === 400 && waits.length > 0 && p95 < WAIT_GOAL_MS,
  );
  report(
    `GET /healthz slowest of ${waits.length} while the bomb is read`,
    ms(Math.max(...waits)),
    ms(Math.max(...floorWaits)),
    true,
  );
  // The first server stops before the hostile files' part starts its own (two server processes, as npm start runs).
  server.stop();
  await server.exited;
  await benchHostileFiles({
    databasePath,
    machineId: machine.id,
    invoiceId: invoice.id,
    admin: "bench-admin",
    partner: "bench-partner",
    payer: "bench-payer",
    password: PASSWORD,
    report,
  });
} finally {
  server.stop();
  await server.exited;
  fs.rmSync(dir, { recursive: true, force: true });
}

// The lock-out attack, on a server of its own (about 100 s).
const { lockOutAttack } = await import("./bench-lockout.js");
await lockOutAttack((label, figure, goal, pass) => {
  ok &&= pass;
  console.log(`${label.padEnd(58)} ${figure.padStart(10)}   goal  ${goal.padStart(10)}   ${pass ? "ok" : "MISSED"}`);
});

console.log(ok ? "OK: every goal met" : "MISSED: a goal above was not met");
process.exit(ok ? 0 : 1);
