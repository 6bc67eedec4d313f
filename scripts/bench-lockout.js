// npm run bench:hardening, the lock-out attack
// (docs/decisions/065-device-cookies-exempt-a-known-browser-from-the-username-s-back-off.md): an attacker sends one
// wrong password for a partner's username each time Retry-After ends, from a few addresses,
// while the real user, on a browser that signed in before (its device cookie), signs in 20 times.
// Goal: 20 of 20 sign-ins go through; a browser without the cookie is still answered 429.
// Its own server (TRUST_PROXY=1, so X-Forwarded-For names each client's address) and database.
// The domain's TypeScript is loaded by the caller's tsx (register()) before this runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { request, startServer } from "./production-server.js";

const SIGN_INS = 20;
const EVERY_MS = 5_000;
const ATTACKERS = ["203.0.113.7", "203.0.113.8", "203.0.113.9"];
const USER_ADDRESS = "198.51.100.20";
const PASSWORD = "bench-password-42";
const USERNAME = "bench-lockout";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the attack and reports each figure with `report(label, figure, goal, pass)`.
 * @param {(label: string, figure: string, goal: string, pass: boolean) => void} report
 */
export async function lockOutAttack(report) {
  const { migrateToLatest, openDatabase } = await import("../db/database.ts");
  const { createUser } = await import("../domain/accounts/user-service.ts");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-bench-"));
  const databasePath = path.join(dir, "vendboard.db");
  const db = openDatabase(databasePath);
  await migrateToLatest(db);
  await createUser(db, { username: USERNAME, password: PASSWORD, name: "Lockout", partnerType: "profit-sharing" });
  await db.destroy();
  const server = await startServer({ env: { DATABASE_PATH: databasePath, TRUST_PROXY: "1" } });
  const signIn = (password, address, cookie) =>
    request(`${server.base}/api/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: server.base,
        "x-forwarded-for": address,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ username: USERNAME, password }),
    });
  const deviceOf = (answer) =>
    (answer.lines["set-cookie"] ?? []).map((c) => c.split(";")[0]).find((c) => c.startsWith("__vendboard_device="));
  try {
    // The real user's browser signed in before the attack began.
    const first = await signIn(PASSWORD, USER_ADDRESS);
    let device = deviceOf(first);
    if (first.status !== 200 || !device) throw new Error(`the first sign-in answered ${first.status}`);

    let attacking = true;
    let guesses = 0;
    let refused = 0;
    const attacker = (async () => {
      for (let i = 0; attacking; i++) {
        const answer = await signIn(`wrong-${i}`, ATTACKERS[i % ATTACKERS.length]);
        if (answer.status === 429) {
          refused++;
          await sleep(Number(answer.lines["retry-after"]?.[0] ?? 1) * 1000);
        } else guesses++;
      }
    })();

    let passed = 0;
    const statuses = [];
    for (let i = 0; i < SIGN_INS; i++) {
      await sleep(EVERY_MS);
      const answer = await signIn(PASSWORD, USER_ADDRESS, device);
      statuses.push(answer.status);
      if (answer.status === 200) passed++;
      device = deviceOf(answer) ?? device;
    }
    const unknown = await signIn(PASSWORD, "198.51.100.21");
    attacking = false;
    await attacker;
    console.log(
      `the lock-out attack: ${guesses} wrong passwords and ${refused} 429s from ${ATTACKERS.length} addresses in ${(SIGN_INS * EVERY_MS) / 1000} s; the user's answers: ${statuses.join(" ")}`,
    );
    report(
      `real user's sign-ins with a device cookie during the attack`,
      `${passed} of ${SIGN_INS}`,
      `${SIGN_INS} of ${SIGN_INS}`,
      passed === SIGN_INS,
    );
    report(
      `a browser without it, right password, during the attack`,
      String(unknown.status),
      "429",
      unknown.status === 429,
    );
  } finally {
    server.stop();
    await server.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
