/**
 * `npm start` with several workers (scripts/start.js → server.js → server/cluster.js) on a temporary
 * database: migrated once before any worker starts, answers from two worker processes, a killed
 * worker replaced, SIGTERM draining a request in flight before everything exits 0; and the ways it
 * refuses to run: a bad WEB_CONCURRENCY, a database that cannot be prepared, workers that die at start.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/database.ts";
import { makeAdmin, TEST_PASSWORD } from "#tests/factories.ts";
import { root } from "../../scripts/lib.js";
import { request, startServer } from "../../scripts/production-server.js";
import { seededTarget } from "#tests/databases.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-cluster-"));
const databasePath = path.join(dir, "vendboard.db");
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  // An empty database: the server migrates it.
  server = await startServer({
    env: { DATABASE_PATH: databasePath, WEB_CONCURRENCY: "2" },
    script: "scripts/start.js",
  });
}, 240_000);

afterAll(() => {
  server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Line = Record<string, any>;
const lines = (output: string): Line[] =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Line);
const logged = (test: (line: Line) => boolean) => lines(server.output()).filter(test);

/** The pids that answer GET /healthz, over `count` connections (the primary hands them out in turn). */
async function answeringPids(count: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < count; i++) {
    const answer = await request(`${server.base}/healthz`);
    expect(answer.status).toBe(200);
    pids.add((JSON.parse(answer.body) as { pid: number }).pid);
  }
  return pids;
}

describe("npm start with WEB_CONCURRENCY=2", () => {
  it("migrates the database once, in one process, before the workers start", () => {
    // The build warns of the missing admin once, right after migrating: only where it migrates.
    const warnings = logged((line) => String(line.msg).startsWith("No admin exists"));
    expect(warnings, server.output()).toHaveLength(1);
    const listening = logged((line) => String(line.msg).startsWith("Vendboard is listening"));
    expect(listening).toHaveLength(2);
    expect(listening.map((line) => line.pid)).not.toContain(warnings[0].pid);
    const output = server.output();
    expect(output.indexOf("No admin exists")).toBeLessThan(output.indexOf("Vendboard is listening"));
  });

  it("answers from two worker processes, neither of them the primary", async () => {
    const primary = logged((line) => String(line.msg).endsWith("workers are serving on port " + server.port))[0];
    expect(primary, server.output()).toMatchObject({ workers: 2 });
    const workers = new Set(
      logged((line) => String(line.msg).startsWith("Vendboard is listening")).map((line) => line.pid as number),
    );
    const pids = await answeringPids(10);
    expect(pids.size).toBe(2);
    expect([...pids].every((pid) => workers.has(pid))).toBe(true);
    expect(pids.has(primary.pid)).toBe(false);
  });

  it("replaces a worker that dies, logging it", async () => {
    const [victim] = await answeringPids(1);
    process.kill(victim, "SIGKILL");
    await server.until(
      () => server.output().includes(`Worker ${victim} was killed by SIGKILL`),
      "the primary's line about the dead worker",
    );
    // A worker takes a few seconds to load the app, more on a busy machine.
    await server.until(
      () => logged((line) => String(line.msg).startsWith("Vendboard is listening")).length === 3,
      "the replacement",
      60_000,
    );
    const died = logged((line) => line.worker === victim)[0];
    expect(died).toMatchObject({ level: 50, signal: "SIGKILL" });
    expect(died.msg).toMatch(/starting another$/);
    const pids = await answeringPids(10);
    expect(pids.size).toBe(2);
    expect(pids.has(victim)).toBe(false);
  }, 90_000);

  it("on SIGTERM, finishes the request in flight, then every process exits and npm start exits 0", async () => {
    const db = openDatabase(seededTarget(databasePath));
    const adminName = (await makeAdmin(db)).username;
    await db.destroy();

    // A sign-in whose body is still arriving when the signal comes.
    let connected = false;
    const req = http.request(`${server.base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base, "transfer-encoding": "chunked" },
      agent: false,
    });
    const inFlight = new Promise<{ status: number; connection: string | undefined; body: string }>(
      (resolve, reject) => {
        req.on("response", (res) => {
          let body = "";
          res.on("data", (c) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
        });
        req.on("error", reject);
      },
    );
    req.on("socket", (socket) => socket.once("connect", () => (connected = true)));
    req.write(`{"username": "${adminName}", `);
    await server.until(() => connected, "the connection");
    await new Promise((resolve) => setTimeout(resolve, 300));

    server.child.kill("SIGTERM");
    const stopping = () => logged((line) => /^SIGTERM: no longer accepting connections/.test(String(line.msg)));
    await server.until(() => stopping().length === 2, "both workers' first shutdown line");
    // One worker holds the sign-in; the other has nothing left and is gone, the primary waits.
    expect(
      stopping()
        .map((line) => line.msg)
        .sort(),
    ).toEqual([
      "SIGTERM: no longer accepting connections; 0 requests in flight",
      "SIGTERM: no longer accepting connections; 1 request in flight",
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.child.exitCode).toBeNull();
    // Neither worker takes new connections, so the primary has closed the port.
    await expect(request(`${server.base}/healthz`)).rejects.toThrow(/ECONNREFUSED/);

    req.end(`"password": "${TEST_PASSWORD}"}`);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.connection).toBe("close");
    expect(JSON.parse(answer.body)).toMatchObject({ username: adminName });
    expect(await server.exited).toBe(0);
    expect(logged((line) => line.msg === "Database closed; exiting")).toHaveLength(2);
    expect(server.output()).toContain("Every worker has exited; exiting");
  }, 30_000);
});

/** Runs `script` to its end with `env`, answering its exit code and output. */
function run(
  script: string,
  env: Record<string, string>,
  ms = 110_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, script)], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        LOG_FORMAT: "json",
        SESSION_SECRET: "cluster-test-secret-0123456789",
        APP_URL: "http://127.0.0.1:3999",
        DATABASE_PATH: path.join(dir, "refusals.db"),
        HOST: "127.0.0.1",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${script} did not exit within ${ms} ms:\n${output}`));
    }, ms);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("refusing to run", () => {
  it("a WEB_CONCURRENCY that is not a positive whole number: one line, exit 1, from npm start and server.js", async () => {
    for (const value of ["0", "two", "1.5", "-3"]) {
      for (const script of ["scripts/start.js", "server.js"]) {
        const { code, output } = await run(script, { WEB_CONCURRENCY: value, PORT: "3999" });
        expect(code, output).toBe(1);
        // One line, JSON like every other line in production.
        expect(output.trim().split("\n"), output).toHaveLength(1);
        expect(JSON.parse(output)).toMatchObject({
          level: 60,
          msg: `Invalid WEB_CONCURRENCY "${value}": it must be a positive whole number (the number of server processes; unset, one per core: ${os.availableParallelism()})`,
        });
      }
    }
  }, 60_000);

  it("no APP_URL in production: npm start says so in one line; server.js refuses to serve (issue 14)", async () => {
    const start = await run("scripts/start.js", { APP_URL: "", PORT: "3999" });
    expect(start.code, start.output).toBe(1);
    expect(start.output.trim().split("\n"), start.output).toHaveLength(1);
    expect(JSON.parse(start.output).msg).toMatch(/^APP_URL is required: the address partners open the app at/);
    const server = await run("server.js", { APP_URL: "", WEB_CONCURRENCY: "2", PORT: "3999" });
    expect(server.code, server.output).toBe(1);
    expect(server.output).toContain("APP_URL is required in production");
    expect(server.output).not.toContain("Vendboard is listening");
  }, 60_000);

  // server.js runs the build startServer made in beforeAll.
  it("a database that cannot be prepared: no worker starts, exit 1", async () => {
    // The migrating child refuses the environment (too short a secret) before opening anything.
    const { code, output } = await run("server.js", { WEB_CONCURRENCY: "2", SESSION_SECRET: "short", PORT: "3999" });
    expect(code, output).toBe(1);
    expect(output).toContain("SESSION_SECRET must be at least 16 characters");
    expect(output).toMatch(/The process preparing the database exited with code 1: no worker started/);
    expect(output).not.toContain("Vendboard is listening");
  }, 60_000);

  it("workers that die as they start (a port that cannot be): stopped after five tries, exit 1", async () => {
    const { code, output } = await run("server.js", { WEB_CONCURRENCY: "2", PORT: "70000" });
    expect(code, output).toBe(1);
    const deaths = lines(output).filter((line) => /^Worker \d+ exited with code 1 after/.test(String(line.msg)));
    expect(deaths.length, output).toBeGreaterThanOrEqual(5);
    expect(output).toContain("Workers died before serving for 5 s 5 times in a row: stopping (see the errors above)");
    expect(output).toContain("Every worker has exited, not all cleanly; exiting with 1");
  }, 120_000);
});
