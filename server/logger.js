// The product's log: JSON lines (pino) on stdout, one per request and one per error, each with the
// request id of the request it belongs to. On a terminal in development the same lines are pretty.
//
// server.js and the Remix build share one logger and one request context even though the build
// bundles its own copy of this module: both live on globalThis under one symbol.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino from "pino";

const SHARED = Symbol.for("vendboard.logging");

/** LOG_LEVEL wins; tests are quiet unless they ask; everything else logs from info up. */
function level() {
  if (process.env.LOG_LEVEL) return process.env.LOG_LEVEL;
  return process.env.VITEST ? "silent" : "info";
}

/** LOG_FORMAT=json|pretty wins; otherwise pretty on a terminal outside production. */
function pretty() {
  if (process.env.LOG_FORMAT) return process.env.LOG_FORMAT === "pretty";
  return process.env.NODE_ENV !== "production" && Boolean(process.stdout.isTTY);
}

function create() {
  const root = pino({
    level: level(),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: pino.stdSerializers.err },
    ...(pretty()
      ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid" } } }
      : {}),
  });
  return { root, context: new AsyncLocalStorage() };
}

/** @type {{ root: import("pino").Logger, context: AsyncLocalStorage<import("pino").Logger> }} */
const shared = (globalThis[SHARED] ??= create());

/** The process's logger, for lines that belong to no request (start, shutdown, migrations). */
export const logger = shared.root;

/** The logger of the request being served (its lines carry `reqId`), else the process's. */
export function log() {
  return shared.context.getStore() ?? shared.root;
}

/** Runs `work` with `requestLogger` as the current request's logger (the middleware below; tests). */
export function withRequestLogger(requestLogger, work) {
  return shared.context.run(requestLogger, work);
}

/**
 * Express middleware: gives each request an id (answered as X-Request-Id), runs the rest of the
 * request inside its context, and writes one line when the answer is finished or the client left:
 * `{reqId, method, path, status, ms}`: at error for a 5xx answer, warn when the client left first.
 */
export function requestLogging() {
  return (req, res, next) => {
    const reqId = randomUUID();
    const started = process.hrtime.bigint();
    const child = shared.root.child({ reqId });
    res.setHeader("X-Request-Id", reqId);
    res.once("close", () => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      const status = res.writableFinished ? res.statusCode : "aborted";
      const line = { method: req.method, path: req.path, status, ms };
      if (status === "aborted") child.warn(line, "request");
      else if (status >= 500) child.error(line, "request");
      else child.info(line, "request");
    });
    withRequestLogger(child, next);
  };
}
