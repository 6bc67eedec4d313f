// npm run lighthouse: Lighthouse 12 (accessibility and best practices) on /auth, / and /admin of the
// production build, served on a fresh demo database, in Debian's Chromium. Prints each score beside
// the goal (>= 95) and what lowers it; exits 1 on a missed goal. Reports: test-results/lighthouse/.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM, ensureBuild, root } from "./lib.js";

const GOAL = 95;
const CATEGORIES = ["accessibility", "best-practices"];
const ADMIN = { username: "admin", password: "admin-demo-1" };
const PARTNER = { username: "leeds-station", password: "partner-demo-1" };
const PAGES = [
  { path: "/auth", login: null },
  { path: "/", login: PARTNER },
  { path: "/admin", login: ADMIN },
];
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });

async function waitForServer(url, server) {
  for (let i = 0; i < 720; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url} within 3 minutes`);
}

/** The session cookie of a demo login, through POST /api/login. */
async function cookieFor(base, login) {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(login),
  });
  if (!response.ok) throw new Error(`sign-in of ${login.username}: HTTP ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const started = Date.now();
ensureBuild();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-lighthouse-"));
const port = await freePort();
const base = `http://localhost:${port}`;
let serverLog = "";
const server = spawn(process.execPath, [path.join(root, "scripts", "demo.js"), "--no-build"], {
  cwd: root,
  stdio: ["ignore", "pipe", "pipe"],
  env: {
    ...process.env,
    DEMO_DATABASE_PATH: path.join(dir, "demo.db"),
    PORT: String(port),
    SESSION_SECRET: randomBytes(32).toString("hex"),
    APP_URL: base,
  },
});
for (const stream of [server.stdout, server.stderr]) stream.on("data", (chunk) => (serverLog += chunk));

let chrome;
let missed = 0;
try {
  await waitForServer(`${base}/auth`, server);
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const reports = path.join(root, "test-results", "lighthouse");
  fs.mkdirSync(reports, { recursive: true });
  console.log(
    `Lighthouse ${JSON.parse(fs.readFileSync(path.join(root, "node_modules", "lighthouse", "package.json"), "utf8")).version}, goal: each score >= ${GOAL}\n`,
  );
  for (const page of PAGES) {
    const who = page.login ? page.login.username : "signed out";
    const extraHeaders = page.login ? { cookie: await cookieFor(base, page.login) } : undefined;
    const result = await lighthouse(`${base}${page.path}`, {
      port: chrome.port,
      onlyCategories: CATEGORIES,
      extraHeaders,
      logLevel: "error",
      output: "json",
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    const { lhr } = result;
    if (new URL(lhr.finalDisplayedUrl).pathname !== page.path)
      throw new Error(`${page.path} (${who}) ended on ${lhr.finalDisplayedUrl}`);
    fs.writeFileSync(
      path.join(reports, `${page.path === "/" ? "dashboard" : page.path.slice(1)}.json`),
      JSON.stringify(lhr, null, 1),
    );
    for (const id of CATEGORIES) {
      const category = lhr.categories[id];
      const score = Math.round((category.score ?? 0) * 100);
      const ok = score >= GOAL;
      if (!ok) missed++;
      console.log(
        `${page.path.padEnd(7)} ${who.padEnd(14)} ${category.title.padEnd(15)} ${String(score).padStart(3)}  goal >= ${GOAL}  ${ok ? "ok" : "MISSED"}`,
      );
      // What lowers the score: each weighted audit that did not pass.
      for (const ref of category.auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1)
          console.log(`        - ${audit.id}: ${audit.title} (weight ${ref.weight})`);
      }
    }
  }
} catch (error) {
  console.error(`npm run lighthouse: ${error instanceof Error ? error.message : error}`);
  if (serverLog) console.error(serverLog.slice(-2000));
  missed = missed || 1;
} finally {
  chrome?.kill();
  server.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\n${missed ? `${missed} score(s) under ${GOAL}` : "All scores meet the goal"} (${Math.round((Date.now() - started) / 1000)} s)`,
);
process.exit(missed ? 1 : 0);
