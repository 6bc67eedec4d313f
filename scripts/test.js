// npm test: every suite, one summary line. In order: tsc and lint (ESLint with the domain folders' directions
// and the file-length limit, then Prettier), counted as one test; unit and integration with vitest on SQLite;
// the integration suite again on PostgreSQL (a throwaway cluster, scripts/pg-cluster.js); the Deno
// smoke suite; e2e with Playwright on SQLite; the e2e smoke on PostgreSQL (scripts/e2e-pg.js).
// Without PostgreSQL installed (or with TEST_PG=0) the two PostgreSQL parts are skipped, and said
// so, not counted as failed. Each part's time is printed before the summary line.
import fs from "node:fs";
import path from "node:path";
import { bin, ensureBuild, preflight, root, run } from "./lib.js";
import { findPostgresBin, startCluster } from "./pg-cluster.js";

const reports = path.join(root, "test-results");
fs.mkdirSync(reports, { recursive: true });
const vitestReport = path.join(reports, "vitest.json");
const vitestPgReport = path.join(reports, "vitest-pg.json");
const denoReport = path.join(reports, "deno-smoke.json");
const e2eReport = path.join(reports, "e2e.json");
const e2ePgReport = path.join(reports, "e2e-pg.json");
for (const file of [vitestReport, vitestPgReport, denoReport, e2eReport, e2ePgReport]) fs.rmSync(file, { force: true });

preflight();
// Ctrl-C or a CI timeout: exit through process.exit, so the throwaway cluster is stopped and removed.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

/** Each part's name and minutes, printed at the end. */
const timings = [];
const skipped = [];
function timed(name, fn) {
  const started = Date.now();
  const result = fn();
  timings.push(`${name} ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  return result;
}
const vitestArgs = (report, ...rest) => [
  "run",
  ...rest,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
];

// Lint first: a folder importing the wrong way, a file past its length or unformatted code fails the
// run as one failed test (the same check as `npm run lint`).
const lintStatus = timed(
  "typecheck and lint",
  () => run(bin("tsc"), ["--noEmit"]) || run(bin("eslint"), ["."]) || run(bin("prettier"), ["--check", "."]),
);

const unitStatus = timed("vitest (SQLite)", () => run(bin("vitest"), vitestArgs(vitestReport)));

// PostgreSQL: one throwaway cluster for both of its parts, when PostgreSQL is installed.
let pgServer = null;
let pgFailure = null;
if (process.env.TEST_PG === "0") {
  skipped.push("the integration suite and the e2e smoke on PostgreSQL: TEST_PG=0");
} else if (!findPostgresBin()) {
  skipped.push(
    "the integration suite and the e2e smoke on PostgreSQL: PostgreSQL is not installed (no initdb; `sudo apt-get install -y postgresql`, which .ci/run does)",
  );
} else {
  try {
    pgServer = (await startCluster()).url;
  } catch (error) {
    pgFailure = `PostgreSQL is installed but no cluster started: ${error.message}`;
    console.error(pgFailure);
  }
}
const pgEnv = pgServer ? { ...process.env, TEST_PG_URL: pgServer } : null;
const pgIntegrationStatus = pgEnv
  ? timed("vitest integration (PostgreSQL)", () =>
      run(bin("vitest"), vitestArgs(vitestPgReport, "tests/integration"), { env: pgEnv }),
    )
  : null;

ensureBuild();
// The same build and CLI on Deno (scripts/deno-smoke.js; skipped, and said so, without the deno binary).
const denoStatus = timed("Deno smoke", () =>
  run(process.execPath, [path.join(root, "scripts", "deno-smoke.js"), "--report", denoReport]),
);
const e2eStatus = timed("e2e (SQLite)", () =>
  run(bin("playwright"), ["test"], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport } }),
);
const e2ePgStatus = pgEnv
  ? timed("e2e smoke (PostgreSQL)", () =>
      run(process.execPath, [path.join(root, "scripts", "e2e-pg.js")], {
        env: { ...pgEnv, PLAYWRIGHT_JSON_OUTPUT_FILE: e2ePgReport },
      }),
    )
  : null;

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;

function countVitest(name, file, status) {
  const report = readJson(file);
  if (!report) {
    console.error(`vitest wrote no report for ${name}: counting it as failed.`);
    failed += 1;
    return;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails to load has no failed test of its own: count it once.
  if (status !== 0 && report.numFailedTests === 0) failed += Math.max(1, report.numFailedTestSuites ?? 0);
}

function countPlaywright(name, file, status) {
  const report = readJson(file);
  if (!report) {
    console.error(`Playwright wrote no report for ${name}: counting it as failed.`);
    failed += 1;
    return;
  }
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected + (report.errors?.length ?? 0);
  if (status !== 0 && report.stats.unexpected === 0 && !report.errors?.length) failed += 1;
}

if (lintStatus === 0) passed += 1;
else {
  console.error("Typecheck or lint failed (npm run typecheck, npm run lint): counting it as one failed test.");
  failed += 1;
}
countVitest("the unit and integration suites", vitestReport, unitStatus);
if (pgFailure) failed += 1;
if (pgIntegrationStatus !== null)
  countVitest("the integration suite on PostgreSQL", vitestPgReport, pgIntegrationStatus);
const deno = readJson(denoReport);
if (deno) {
  passed += deno.passed;
  failed += deno.failed;
  if (deno.skipped) skipped.push(`the Deno smoke suite: ${deno.reason}`);
  else if (denoStatus !== 0 && deno.failed === 0) failed += 1;
} else {
  console.error("The Deno smoke suite wrote no report: counting it as failed.");
  failed += 1;
}
countPlaywright("the e2e suite", e2eReport, e2eStatus);
if (e2ePgStatus !== null) countPlaywright("the e2e smoke on PostgreSQL", e2ePgReport, e2ePgStatus);

console.log(`\nTimes: ${timings.join("; ")}`);
for (const line of skipped) console.log(`Skipped ${line}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
