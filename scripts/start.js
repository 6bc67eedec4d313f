// npm start (or deno task start): serves DATABASE_PATH (default data/vendboard.db) from the production build, with
// WEB_CONCURRENCY server processes (default: one per core; server.js, server/cluster.js).
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureBuild, runtimeArgs, root } from "./lib.js";
import { webConcurrencyOrExit } from "../server/cluster.js";

// Production: every line, these refusals and the build's included, is JSON (server/logger.js, which
// reads NODE_ENV when it is first loaded).
process.env.NODE_ENV = "production";
const { logger } = await import("../server/logger.js");
const refuse = (message) => {
  logger.fatal(message);
  process.exit(1);
};
if (!process.env.SESSION_SECRET)
  refuse("SESSION_SECRET is required: export SESSION_SECRET=$(openssl rand -hex 32) and run npm start again.");
if (!process.env.APP_URL?.trim())
  refuse(
    "APP_URL is required: the address partners open the app at, for the links in emails (export APP_URL=https://vendboard.example.com) and run npm start again.",
  );
// Checked before a build that may take a minute; server.js checks it again.
webConcurrencyOrExit(process.env, refuse);
ensureBuild({ logger });
// A larger young generation (V8's semi-space, 16 MB by default here) lets a page's short-lived
// objects die without a scavenge each time: GET / under 50 connections served 128 -> 145 req/s
// (docs/performance.md). Cluster workers inherit the flag.
const V8_FLAGS = ["--max-semi-space-size=32"];
// On Deno (`deno task start`) the server runs on Deno too, as one process (server.js).
const server = spawn(process.execPath, runtimeArgs(path.join(root, "server.js"), V8_FLAGS), {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
