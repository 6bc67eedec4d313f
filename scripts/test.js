// npm test: every suite (unit and integration with vitest, the Deno smoke suite, then e2e with
// Playwright), one summary line.
import fs from "node:fs";
import path from "node:path";
import { bin, ensureBuild, preflight, root, run } from "./lib.js";

const reports = path.join(root, "test-results");
fs.mkdirSync(reports, { recursive: true });
const vitestReport = path.join(reports, "vitest.json");
const denoReport = path.join(reports, "deno-smoke.json");
const e2eReport = path.join(reports, "e2e.json");
for (const file of [vitestReport, denoReport, e2eReport]) fs.rmSync(file, { force: true });

preflight();

const unitStatus = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]);
ensureBuild();
// The same build and CLI on Deno (scripts/deno-smoke.js; skipped, and said so, without the deno binary).
const denoStatus = run(process.execPath, [path.join(root, "scripts", "deno-smoke.js"), "--report", denoReport]);
const e2eStatus = run(bin("playwright"), ["test"], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport } });

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
const unit = readJson(vitestReport);
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  // A file that fails to load has no failed test of its own: count it once.
  if (unitStatus !== 0 && unit.numFailedTests === 0) failed += Math.max(1, unit.numFailedTestSuites ?? 0);
} else {
  console.error("vitest wrote no report: counting the unit suites as failed.");
  failed += 1;
}
const deno = readJson(denoReport);
if (deno) {
  passed += deno.passed;
  failed += deno.failed;
  if (deno.skipped) console.error(`The Deno smoke suite was skipped: ${deno.reason}`);
  else if (denoStatus !== 0 && deno.failed === 0) failed += 1;
} else {
  console.error("The Deno smoke suite wrote no report: counting it as failed.");
  failed += 1;
}
const e2e = readJson(e2eReport);
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected + (e2e.errors?.length ?? 0);
  if (e2eStatus !== 0 && e2e.stats.unexpected === 0 && !e2e.errors?.length) failed += 1;
} else {
  console.error("Playwright wrote no report: counting the e2e suite as failed.");
  failed += 1;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
