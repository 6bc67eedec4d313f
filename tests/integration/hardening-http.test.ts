/**
 * Issue 32 point 4 on the production server (server.js on the built app): session and device
 * cookies are Secure in production behind no proxy; every log line is JSON, a path Express cannot
 * decode included; slow headers and slow requests are cut by our limits (shortened here by
 * HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS), while a slow body within them completes.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "#db/database.ts";
import { makePartner, TEST_PASSWORD } from "#tests/factories.ts";
import { request, startServer } from "../../scripts/production-server.js";
import { seededTarget } from "#tests/databases.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-hardening-"));
let server: Awaited<ReturnType<typeof startServer>>;
let username: string;

beforeAll(async () => {
  const databasePath = path.join(dir, "vendboard.db");
  const db = openDatabase(seededTarget(databasePath));
  await migrateToLatest(db);
  username = (await makePartner(db)).username;
  await db.destroy();
  server = await startServer({
    env: { DATABASE_PATH: databasePath, HEADERS_TIMEOUT_MS: "1000", REQUEST_TIMEOUT_MS: "4000" },
  });
}, 240_000);

afterAll(() => {
  server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Sends `parts` on a raw connection, each after its delay; answers what came back and when the server closed it. */
function slowly(parts: [number, string][]): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(server.port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve({ answer, closedAfterMs: Date.now() - started }));
    let at = 0;
    for (const [delay, text] of parts) {
      at += delay;
      setTimeout(() => socket.writable && socket.write(text), at);
    }
  });
}

describe("cookies in production", () => {
  it("are Secure over plain HTTP behind no proxy (COOKIE_SECURE unset), X-Forwarded-Proto or not", async () => {
    const login = await request(`${server.base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-proto": "http" },
      body: JSON.stringify({ username, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookies = login.lines["set-cookie"];
    expect(cookies.map((c) => c.split("=")[0]).sort()).toEqual(["__vendboard_device", "__vendboard_session"]);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure/);
  });
});

describe("log lines", () => {
  it("are all JSON, a path Express cannot decode included (400, logged as a warning)", async () => {
    const bad = await request(`${server.base}/%`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ message: "Bad request" });
    await request(`${server.base}/auth`);
    await server.until(() => server.output().includes("Malformed request refused"), "the warning");
    const lines = server.output().split("\n").filter(Boolean);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(server.output()).not.toContain("URIError: Failed to decode");
  });
});

describe("slow clients", () => {
  it("are cut when their headers take longer than the headers limit", async () => {
    const { answer, closedAfterMs } = await slowly([
      [0, "GET /auth HTTP/1.1\r\nHost: 127.0.0.1\r\n"],
      [500, "X-Slow: 1\r\n"],
      [3_000, "X-Slow: 2\r\n\r\n"],
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(3_000);
  });

  it("finish a slow body within the request limit, and are cut past it", async () => {
    const body = JSON.stringify({ username, password: TEST_PASSWORD });
    const head = `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const drip = (stepMs: number) => slowly([[0, head], ...[...body].map((ch): [number, string] => [stepMs, ch])]);
    // About 2 s of body in 4 s: answered.
    const inTime = await drip(2_000 / body.length);
    expect(inTime.answer).toMatch(/^HTTP\/1\.1 200/);
    // About 8 s of body: cut at the request limit.
    const late = await drip(8_000 / body.length);
    expect(late.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(late.closedAfterMs).toBeLessThan(7_000);
  }, 20_000);
});
