// The hostile files' part of npm run bench:hardening, on `npm start`'s shape (a primary and WEB_CONCURRENCY=2
// server processes):
// - three lying .xlsx files at once (4 MB each, a sheet declaring 0 bytes that unpacks to about 4 GB),
//   again and again, while another user (a partner) loads their machine's records one request after
//   another: the peak of the SUMMED resident memory of every server process (read from /proc) over its
//   level before the attack (goal: grows by < 300 MB), and that user's p95 (goal: < 500 ms);
// - the partner's invoice PDF with the largest logo allowed (2,000 × 2,000 RGBA), one at a time,
//   from the first of each server process after a fresh start (goal: the slowest of them < 1 s).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { request, startServer } from "../production-server.js";

const GROWTH_GOAL_MB = 300;
const USER_P95_GOAL_MS = 500;
const PDF_GOAL_MS = 1000;
const ATTACK_MS = 8_000;

/** The pids of `pid` and every process below it. */
export function processTree(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The parent pid is the second field after the command, which is in parentheses.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      (children.get(parent) ?? children.set(parent, []).get(parent)).push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [];
  const visit = (p) => {
    tree.push(p);
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/** The summed resident memory of `pids`, in MB. */
export function summedRssMb(pids) {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return kb / 1024;
}

export const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

export async function signIn(base, username, password) {
  const answer = await request(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username, password }),
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${username} answered ${answer.status}: ${answer.body}`);
  return answer.lines["set-cookie"][0].split(";")[0];
}

/**
 * @param {{ databasePath: string, machineId: number, invoiceId: number, admin: string, partner: string,
 *   payer: string, password: string, report: (label: string, figure: string, floor: string, pass: boolean) => void }} setup
 */
export async function benchHostileFiles({
  databasePath,
  machineId,
  invoiceId,
  admin,
  partner,
  payer,
  password,
  report,
}) {
  const server = await startServer({
    env: { DATABASE_PATH: databasePath, WEB_CONCURRENCY: "2" },
    script: "scripts/start.js",
  });
  const { base } = server;
  // Each server process prepares the stored logo once it listens (server.js): the PDFs below are
  // the first of each process after a fresh start.
  await server.until(
    () => server.output().split("The logo is prepared for documents").length > 2,
    "both server processes to prepare the logo",
    30_000,
  );
  try {
    const adminCookie = await signIn(base, admin, password);
    const partnerCookie = await signIn(base, partner, password);
    const payerCookie = await signIn(base, payer, password);
    const userRequest = async () => {
      const started = performance.now();
      const answer = await request(`${base}/api/machines/${machineId}/records`, { headers: { cookie: partnerCookie } });
      if (answer.status !== 200) throw new Error(`the partner's records answered ${answer.status}`);
      return performance.now() - started;
    };
    // Warm up both workers, then the level before the attack and the user's floor.
    for (let i = 0; i < 40; i++) await userRequest();
    const pids = processTree(server.child.pid);
    const before = summedRssMb(pids);
    const floor = [];
    for (let i = 0; i < 100; i++) floor.push(await userRequest());

    // The attack runs in a process of its own (lying-attack.js), so its uploads never delay this
    // process's timing of the other user's requests.
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, summedRssMb(processTree(server.child.pid)))), 10);
    const attacker = spawn(
      process.execPath,
      [path.join(import.meta.dirname, "lying-attack.js"), base, adminCookie, String(machineId), String(ATTACK_MS)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let printed = "";
    attacker.stdout.on("data", (chunk) => (printed += chunk));
    const attackOver = new Promise((resolve) => attacker.once("exit", resolve));
    let attacking = true;
    void attackOver.then(() => (attacking = false));
    // The attacker's first upload starts once it has built its file: the user's timing starts with it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waits = [];
    while (attacking) waits.push(await userRequest());
    await attackOver;
    clearInterval(sampler);
    peak = Math.max(peak, summedRssMb(processTree(server.child.pid)));
    const { bytes, answers: counted } = JSON.parse(printed);
    const answers = new Map(Object.entries(counted));
    const lying = { length: bytes };

    const sent = [...answers.values()].reduce((a, b) => a + b, 0);
    console.log(
      `the lying .xlsx (${(lying.length / 1024 / 1024).toFixed(1)} MB, its sheet declaring 0 bytes), ${sent} sent 3 at a time over ${ATTACK_MS / 1000} s to ${pids.length} server processes:`,
    );
    for (const [answer, count] of answers) console.log(`  ${count} × ${answer}`);
    const refused = [...answers.keys()].every((key) => key.startsWith("400 ") || key.startsWith("503 "));
    report(
      `summed RSS growth, lying .xlsx x3 at once (goal < ${GROWTH_GOAL_MB} MB)`,
      `${Math.round(peak - before)} MB`,
      `${Math.round(before)} MB before`,
      refused && peak - before < GROWTH_GOAL_MB,
    );
    const p95 = percentile(waits, 95);
    report(
      `another user's p95 during the attack (goal < ${USER_P95_GOAL_MS} ms)`,
      `${p95.toFixed(1)} ms`,
      `${percentile(floor, 95).toFixed(1)} ms`,
      waits.length > 0 && p95 < USER_P95_GOAL_MS,
    );

    // The partner's invoice with the largest logo allowed, one at a time: the first of each server
    // process since it started included (the logo was prepared as it started, domain/business/logo-embed.ts).
    const renders = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const answer = await request(`${base}/api/fee-payments/${invoiceId}/invoice`, {
        headers: { cookie: payerCookie },
      });
      if (answer.status !== 200) throw new Error(`the invoice answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      if (!answer.body.includes("/Subtype /Image")) throw new Error("the invoice PDF has no logo");
      renders.push(performance.now() - started);
    }
    console.log(
      `the first 4 invoice PDFs after the start (2 server processes): ${renders
        .slice(0, 4)
        .map((m) => `${m.toFixed(0)} ms`)
        .join(", ")}`,
    );
    report(
      `invoice PDF with a 2,000 x 2,000 logo, slowest of ${renders.length} (goal < ${PDF_GOAL_MS} ms)`,
      `${Math.max(...renders).toFixed(0)} ms`,
      `${percentile(renders, 50).toFixed(0)} ms p50`,
      Math.max(...renders) < PDF_GOAL_MS,
    );
  } finally {
    server.stop();
    await server.exited;
  }
}
