/**
 * The production server (server.js on the built app, a temporary database): answer headers, 403 for
 * cross-site writes, /healthz, and a graceful stop on SIGTERM. Builds the app first if it is stale.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "#db/database.ts";
import { makeAdmin, TEST_PASSWORD } from "#tests/factories.ts";
import { root } from "../../scripts/lib.js";
import { request as rawRequest, startServer } from "../../scripts/production-server.js";
import { seededTarget } from "#tests/databases.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-server-"));
let server: Awaited<ReturnType<typeof startServer>>;
let base: string;
let adminName: string;

beforeAll(async () => {
  const databasePath = path.join(dir, "vendboard.db");
  const db = openDatabase(seededTarget(databasePath));
  await migrateToLatest(db);
  adminName = (await makeAdmin(db)).username;
  await db.destroy();

  server = await startServer({ env: { DATABASE_PATH: databasePath, SESSION_SECRET: "server-test-secret-0123456789" } });
  base = server.base;
}, 240_000);

afterAll(() => {
  server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  /** Each header's raw lines: a header sent twice shows up twice. */
  lines: Record<string, string[]>;
  body: string;
}

const request = (
  target: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> => rawRequest(`${base}${target}`, init);

const ONCE = [
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
];

describe("answers of the production server", () => {
  it("a signed-in page: no-store, each security header and the CSP once", async () => {
    const login = await request("/api/login", {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ username: adminName, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(login.lines["cache-control"]).toEqual(["no-store"]);
    const cookie = login.lines["set-cookie"][0].split(";")[0];

    const page = await request("/admin", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(adminName); // signed in: the loader data names the user
    expect(page.lines["cache-control"]).toEqual(["no-store"]);
    for (const name of [...ONCE, "content-security-policy"]) expect(page.lines[name], name).toHaveLength(1);

    const json = await request("/api/user", { headers: { cookie } });
    expect(json.status).toBe(200);
    expect(json.lines["cache-control"]).toEqual(["no-store"]);
    for (const name of ONCE) expect(json.lines[name], name).toHaveLength(1);
  });

  it("static assets keep their long cache", async () => {
    const asset = fs.readdirSync(path.join(root, "build/client/assets")).find((name) => name.endsWith(".css"));
    const answer = await request(`/assets/${asset}`);
    expect(answer.status).toBe(200);
    expect(answer.lines["cache-control"]).toEqual(["public, max-age=31536000, immutable"]);
    for (const name of ONCE) expect(answer.lines[name], name).toHaveLength(1);
  });

  it("a cross-site POST to a page or the API answers 403 with a message, and logs no error", async () => {
    const page = await request("/auth", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: `username=${adminName}&password=${TEST_PASSWORD}`,
    });
    expect(page.status).toBe(403);
    expect(page.body).toBe("Cross-origin request refused: this form was sent from another site.\n");
    const api = await request("/api/login", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ username: adminName, password: TEST_PASSWORD }),
    });
    expect(api.status).toBe(403);
    expect(JSON.parse(api.body)).toEqual({ message: "Cross-origin request refused" });
    expect(server.output()).not.toMatch(/Error:|\n\s+at /);
  });

  it("logs one JSON line per request with its id (answered as X-Request-Id), method, path, status and time; no cookie or query", async () => {
    const answer = await request("/healthz?token=secret-in-query", { headers: { cookie: "__session=secret-cookie" } });
    const reqId = answer.lines["x-request-id"]?.[0];
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => server.output().includes(reqId), "the request's log line");
    const line = server
      .output()
      .split("\n")
      .find((l) => l.includes(reqId))!;
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 30, reqId, method: "GET", path: "/healthz", status: 200, msg: "request" });
    expect(typeof entry.ms).toBe("number");
    expect(typeof entry.time).toBe("string");
    expect(server.output()).not.toContain("secret-cookie");
    expect(server.output()).not.toContain("secret-in-query");
    // Every line the server wrote is JSON.
    for (const l of server.output().split("\n").filter(Boolean)) expect(() => JSON.parse(l), l).not.toThrow();
  });

  it("GET /healthz answers 200 {status: ok, pid} without a session, never stored", async () => {
    const health = await request("/healthz");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: "ok", pid: server.child.pid });
    expect(health.lines["cache-control"]).toEqual(["no-store"]);
  });
});

const until = (condition: () => boolean, what: string, ms = 10_000) => server.until(condition, what, ms);

describe("SIGTERM", () => {
  it("refuses new connections, finishes the request in flight, closes the database and exits 0", async () => {
    // A sign-in whose body is still arriving when the signal comes.
    let connected = false;
    const req = http.request(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, "transfer-encoding": "chunked" },
      agent: false,
    });
    const inFlight = new Promise<Answer>((resolve, reject) => {
      req.on("response", (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, lines: { connection: [res.headers.connection ?? ""] }, body }),
        );
      });
      req.on("error", reject);
    });
    req.on("socket", (socket) => socket.once("connect", () => (connected = true)));
    req.write(`{"username": "${adminName}", `);
    await until(() => connected, "the connection");
    await new Promise((resolve) => setTimeout(resolve, 200));

    server.child.kill("SIGTERM");
    await until(() => server.output().includes("SIGTERM: no longer accepting connections"), "the first shutdown line");
    await expect(request("/healthz")).rejects.toThrow(/ECONNREFUSED/);
    expect(server.child.exitCode).toBeNull();

    req.end(`"password": "${TEST_PASSWORD}"}`);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.lines.connection).toEqual(["close"]);
    expect(JSON.parse(answer.body)).toMatchObject({ username: adminName });
    expect(await server.exited).toBe(0);
    const steps = [
      /SIGTERM: no longer accepting connections; \d+ requests? in flight/,
      /All connections closed/,
      /Database closed; exiting/,
    ];
    const at = steps.map((step) => server.output().search(step));
    expect(
      at.every((index) => index >= 0),
      server.output(),
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});
