// npm run bench:hardening: the production server (built if stale) under the hostile input it guards
// against, on `npm start` (scripts/start.js, a primary and two server processes). Prints each figure
// beside its floor measured in the same run; for each attack (three 50 MB chunked sign-ins, three
// 50 MB chunked uploads, an .xlsx bomb), the peak of the summed resident memory of every server
// process over its level just before (goal: < +300 MB) and another user's p95 meanwhile (a partner
// loading their machine's records one request after another; goal: < 500 ms, beside its p95 with
// nothing else running);
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
import { benchHostileFiles, percentile, processTree, signIn, summedRssMb } from "./bench/hostile-files.js";
import { largestLogoPng } from "./bench/largest-logo.js";

register();
const { migrateToLatest, openDatabase } = await import("../db/database.ts");
const { createUser } = await import("../domain/accounts/user-service.ts");
const { updateBusinessProfile } = await import("../domain/business/business-service.ts");
const { DEMO_BUSINESS } = await import("../domain/demo/demo-seed.ts");
const { generateInvoice } = await import("../domain/invoices/invoice-generation.ts");

const MEMORY_GOAL_MB = 300;
const USER_P95_GOAL_MS = 500;
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

// `npm start` as deployed: scripts/start.js, a primary and two server processes.
const server = await startServer({
  env: { DATABASE_PATH: databasePath, WEB_CONCURRENCY: "2" },
  script: "scripts/start.js",
});
const { base } = server;
/** The summed resident memory of every server process (start.js, the primary, its workers) now, in MB. */
const rssMb = () => summedRssMb(processTree(server.child.pid));

/** Runs `work` while sampling the summed RSS every 10 ms; the work's result and the peak. */
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

const mb = (value) => `${Math.round(value)} MB`;
const ms = (value) => `${value.toFixed(1)} ms`;

let ok = true;
const report = (label, figure, floor, pass) => {
  ok &&= pass;
  console.log(`${label.padEnd(58)} ${figure.padStart(10)}   floor ${floor.padStart(10)}   ${pass ? "ok" : "MISSED"}`);
};

try {
  const partnerCookie = await signIn(base, "bench-partner", PASSWORD);
  const cookie = await signIn(base, "bench-admin", PASSWORD);
  /** Another user's request: the partner's machine records, to the last byte; its time in ms. */
  const userRequest = async () => {
    const started = performance.now();
    const answer = await request(`${base}/api/machines/${machine.id}/records`, { headers: { cookie: partnerCookie } });
    if (answer.status !== 200) throw new Error(`the partner's records answered ${answer.status}`);
    return performance.now() - started;
  };
  /** That user's requests one after another while `busy()` holds (at least `min` of them). */
  async function userWaits(busy, min = 0) {
    const waits = [];
    while (busy() || waits.length < min) waits.push(await userRequest());
    return waits;
  }
  // Warm up both workers (first requests load the route modules), then the user's floor.
  await userWaits(() => false, 40);
  const floorWaits = await userWaits(() => false, 100);
  const floorP95 = ms(percentile(floorWaits, 95));

  /** One attack: the summed RSS's peak over its level just before, and the other user's p95 meanwhile. */
  async function attack(name, run, refusedOk) {
    const before = rssMb();
    let pending = true;
    const measured = peakDuring(async () => {
      try {
        return await run();
      } finally {
        pending = false;
      }
    });
    const waits = await userWaits(() => pending, 1);
    const { result, peak } = await measured;
    const refused = refusedOk(result);
    report(
      `${name}: summed RSS growth (goal < +${MEMORY_GOAL_MB} MB)`,
      `+${mb(peak - before)}`,
      `${mb(before)} before`,
      refused && peak - before < MEMORY_GOAL_MB,
    );
    const p95 = percentile(waits, 95);
    report(
      `${name}: another user's p95 of ${waits.length} (goal < ${USER_P95_GOAL_MS} ms)`,
      ms(p95),
      floorP95,
      p95 < USER_P95_GOAL_MS,
    );
    return result;
  }

  // Three anonymous 50 MB chunked sign-ins at once: each is refused past 256 KB.
  await attack(
    `three ${BODY_MB} MB chunked sign-ins`,
    () =>
      Promise.all(
        [1, 2, 3].map(() => chunkedPost(`${base}/api/login`, BODY_MB * 1024 * 1024, { headers: { origin: base } })),
      ),
    (answers) => answers.every((answer) => answer.status === 413 || answer.status === 0),
  );

  // The same at the upload route, whose limit is UPLOAD_MAX_MB (10 MB): each holds up to that much first.
  await attack(
    `three ${BODY_MB} MB chunked uploads`,
    () =>
      Promise.all(
        [1, 2, 3].map(() =>
          chunkedPost(`${base}/api/machines/${machine.id}/records`, BODY_MB * 1024 * 1024, {
            headers: { origin: base, cookie, "content-type": "multipart/form-data; boundary=x" },
          }),
        ),
      ),
    (answers) => answers.every((answer) => answer.status === 413 || answer.status === 0),
  );

  // An .xlsx bomb (3 million rows, 81 MB of XML in 200 KB) uploaded while the other user works.
  const form = new FormData();
  form.set("month", "2026-10");
  form.set("reportFile", new Blob([xlsxBomb({ rows: 3_000_000 })]), "bomb.xlsx");
  const started = performance.now();
  const refused = await attack(
    "an .xlsx bomb",
    async () => {
      const answer = await fetch(`${base}/api/machines/${machine.id}/records`, {
        method: "POST",
        headers: { cookie, origin: base },
        body: form,
      });
      return { status: answer.status, message: (await answer.json()).message, ms: performance.now() - started };
    },
    (result) => result.status === 400,
  );
  console.log(`the bomb: ${refused.status} "${refused.message}" after ${ms(refused.ms)} (its reading worker counted)`);
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
