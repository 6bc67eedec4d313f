// The production server (server.js on the built app) as tests and benchmarks drive it: built when
// stale (one build at a time), started on a free port in 3400-3499 (TEST_PORTS) with the caller's environment,
// its output kept; and the raw HTTP calls they make of it.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ensureBuild, root } from "./lib.js";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** ensureBuild, one process at a time: test files run in parallel and must not build over each other. */
export async function buildOnce() {
  const lock = path.join(
    os.tmpdir(),
    `vendboard-build-${createHash("sha256").update(root).digest("hex").slice(0, 12)}.lock`,
  );
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      // A lock left by a killed build is taken over after 5 minutes.
      if (Date.now() - fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 300_000)
        fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > 600_000) throw new Error(`${lock} is held: another build is running`);
      await sleep(200);
    }
  }
  try {
    ensureBuild();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** The ports servers are started on: TEST_PORTS ("3900-3949"), else 3400-3499. */
function portRange() {
  const match = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORTS?.trim() ?? "");
  return match && Number(match[2]) >= Number(match[1]) ? [Number(match[1]), Number(match[2])] : [3400, 3499];
}

/** A port in the range (3400-3499 unless TEST_PORTS says otherwise) nothing listens on, tried from a random start. */
export async function freePort() {
  const [low, high] = portRange();
  const size = high - low + 1;
  const first = low + Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = low + ((first - low + i) % size);
    const free = await new Promise((resolve) => {
      const probe = net.createServer().once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${low}-${high}`);
}

/**
 * Builds if needed and starts server.js (or `script`, as scripts/start.js for `npm start`) with `env`
 * (DATABASE_PATH at least), resolving once it listens: one process unless env.WEB_CONCURRENCY says
 * otherwise, then once every worker listens. It runs in its own process group, which stop() kills.
 * @param {{ env: Record<string, string>, script?: string }} options
 */
export async function startServer({ env, script: entry }) {
  const script = entry ?? "server.js";
  await buildOnce();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const fullEnv = {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    LOG_FORMAT: "json",
    SESSION_SECRET: "production-server-secret-0123456789",
    APP_URL: `http://127.0.0.1:${port}`,
    WEB_CONCURRENCY: "1",
    ...env,
    PORT: String(port),
    HOST: "127.0.0.1",
  };
  const ready = Number(fullEnv.WEB_CONCURRENCY) > 1 ? "workers are serving" : "Vendboard is listening";
  /** @type {import("node:child_process").ChildProcessByStdio<null, import("node:stream").Readable, import("node:stream").Readable>} */
  const child = spawn(process.execPath, [path.join(root, script)], {
    cwd: root,
    env: fullEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  const server = {
    base,
    port,
    child,
    exited,
    output: () => output,
    /** Waits for `condition` (polled every 20 ms), failing with the server's output after `ms`. */
    async until(condition, what, ms = 10_000) {
      const since = Date.now();
      while (!condition()) {
        if (Date.now() - since > ms) throw new Error(`timed out waiting for ${what}:\n${output}`);
        await sleep(20);
      }
    },
    /** SIGKILL to the whole group: a cluster's workers, and server.js under scripts/start.js. */
    stop() {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch (error) {
        if (error.code !== "ESRCH") throw error;
      }
    },
  };
  const since = Date.now();
  while (!output.includes(ready)) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() - since > 60_000) {
      server.stop();
      throw new Error(`${script} did not start:\n${output}`);
    }
    await sleep(50);
  }
  return server;
}

/**
 * One request on its own connection. `lines` holds each header's raw lines: a header sent twice
 * shows up twice.
 * @returns {Promise<{ status: number, lines: Record<string, string[]>, body: string }>}
 */
export function request(url, init = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? "GET", headers: init.headers, agent: false }, (res) => {
      const lines = {};
      for (let i = 0; i < res.rawHeaders.length; i += 2)
        (lines[res.rawHeaders[i].toLowerCase()] ??= []).push(res.rawHeaders[i + 1]);
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, lines, body }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/**
 * A POST whose body is sent in chunks (no Content-Length) until the server answers or `total`
 * bytes are sent. A server that closes the connection on a body it refuses may reset it while the
 * client is still writing, before the client has read the answer: that is answered as status 0.
 * @returns {Promise<{ status: number, body: string, sent: number }>}
 */
export function chunkedPost(url, total, { chunk = 64 * 1024, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    let answered = false;
    let sent = 0;
    const req = http.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", ...headers, "transfer-encoding": "chunked" },
      },
      (res) => {
        answered = true;
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sent }));
      },
    );
    req.on("error", (error) => {
      if (answered) return;
      if (error.code === "ECONNRESET" || error.code === "EPIPE") resolve({ status: 0, body: "", sent });
      else reject(error);
    });
    const block = Buffer.alloc(chunk, 0x61);
    const pump = () => {
      while (sent < total && !answered) {
        sent += chunk;
        if (!req.write(block)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}
