// Several server processes on one port (node:cluster): WEB_CONCURRENCY workers, one per
// core by default. The primary serves nothing. Before any worker starts, one short-lived child loads
// the build, which migrates the database (and says when no admin exists), and exits; so the workers,
// started only after it, never race on migrations. Each worker then runs server.js's ordinary server.
// SIGTERM or SIGINT to the primary goes to every worker; each drains as the single server does
// (server/shutdown.js) and the primary exits once all have: 0, or 1 if any worker failed. A worker
// that dies is logged and replaced, unless workers keep dying within seconds of starting.
import cluster from "node:cluster";
import os from "node:os";

/** True under Deno, whose node:cluster starts no real workers: there one process serves. */
export const isDeno = typeof globalThis.Deno !== "undefined";

/** The environment variable a worker reads its role from: "migrate" (then exit) or "serve". */
export const ROLE = "VENDBOARD_CLUSTER_ROLE";

/**
 * How many server processes to run: WEB_CONCURRENCY, a positive whole number; unset or empty, one
 * per core. Throws an Error with a one-line message otherwise.
 * @param {Record<string, string | undefined>} env
 */
export function webConcurrency(env = process.env) {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return os.availableParallelism();
  const count = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(count) || count < 1) {
    throw new Error(
      `Invalid WEB_CONCURRENCY "${env.WEB_CONCURRENCY}": it must be a positive whole number (the number of server processes; unset, one per core: ${os.availableParallelism()})`,
    );
  }
  return count;
}

/**
 * webConcurrency, or its message reported (stderr by default; server.js logs it as JSON) and exit 1.
 * @param {Record<string, string | undefined>} env
 * @param {(message: string) => void} report
 */
export function webConcurrencyOrExit(env = process.env, report = console.error) {
  try {
    return webConcurrency(env);
  } catch (error) {
    report(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

const describeExit = (code, signal) => (signal ? `was killed by ${signal}` : `exited with code ${code}`);

/**
 * Runs the primary: the migrating child, then `workers` serving workers, replaced when they die.
 * Each forked process runs this same script (server.js) with ROLE set.
 * @param {{
 *   workers: number,
 *   logger: import("pino").Logger,
 *   minUptimeMs?: number,
 *   maxQuickDeaths?: number,
 *   exit?: (code: number) => void,
 * }} options
 */
export async function runPrimary({ workers, logger, minUptimeMs = 5_000, maxQuickDeaths = 5, exit = process.exit }) {
  /** Every process forked and not yet exited. */
  const live = new Set();
  let stopping = null;
  let failed = false;
  let quickDeaths = 0;

  const fork = (role) => {
    const worker = cluster.fork({ [ROLE]: role });
    const child = { worker, pid: worker.process.pid, role, startedAt: Date.now(), listeningAt: null };
    live.add(child);
    worker.once("listening", () => (child.listeningAt = Date.now()));
    return child;
  };

  const finishIfDone = () => {
    if (!stopping || live.size) return;
    if (failed) logger.error("Every worker has exited, not all cleanly; exiting with 1");
    else logger.info("Every worker has exited; exiting");
    exit(failed ? 1 : 0);
  };

  const stop = (
    signal,
    reason = `${signal}: passing it on to ${live.size} ${live.size === 1 ? "worker" : "workers"}`,
  ) => {
    if (stopping) return;
    stopping = signal;
    logger.info(reason);
    // Each worker drains its requests in flight and closes its database (server/shutdown.js).
    for (const child of live) child.worker.process.kill(signal);
    finishIfDone();
  };
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => stop(signal));

  // 1. The database is migrated once, by a child that loads the build and exits (docs/decisions/035-several-server-processes-through-node-cluster-the-database-i.md).
  const migrator = fork("migrate");
  const [code, signal] = await new Promise((resolve) => migrator.worker.once("exit", (c, s) => resolve([c, s])));
  live.delete(migrator);
  if (stopping) {
    failed ||= code !== 0 && signal !== stopping;
    return finishIfDone();
  }
  if (code !== 0) {
    logger.error(`The process preparing the database ${describeExit(code, signal)}: no worker started`);
    return exit(1);
  }

  // 2. The workers, each replaced when it dies.
  let serving = 0;
  const start = () => {
    const child = fork("serve");
    child.worker.once("listening", (address) => {
      if (++serving === workers)
        logger.info({ workers, port: address.port }, `${workers} workers are serving on port ${address.port}`);
    });
    child.worker.once("exit", (code, signal) => {
      live.delete(child);
      if (stopping) {
        // Killed by the signal passed on before it could install its own handler: it served nothing.
        const clean = code === 0 || (signal === stopping && child.listeningAt === null);
        if (!clean) {
          failed = true;
          logger.error(
            { worker: child.pid, code, signal },
            `Worker ${child.pid} ${describeExit(code, signal)} while stopping`,
          );
        }
        return finishIfDone();
      }
      const uptimeMs = Date.now() - child.startedAt;
      // Dying before listening, or soon after, is failing to start (however slowly the machine starts it).
      const quick = child.listeningAt === null || Date.now() - child.listeningAt < minUptimeMs;
      quickDeaths = quick ? quickDeaths + 1 : 0;
      const died = `Worker ${child.pid} ${describeExit(code, signal)} after ${(uptimeMs / 1000).toFixed(1)} s`;
      if (quickDeaths >= maxQuickDeaths) {
        failed = true;
        logger.error({ worker: child.pid, code, signal, uptimeMs }, died);
        return stop(
          "SIGTERM",
          `Workers died before serving for ${minUptimeMs / 1000} s ${quickDeaths} times in a row: stopping (see the errors above)`,
        );
      }
      logger.error({ worker: child.pid, code, signal, uptimeMs }, `${died}; starting another`);
      start();
    });
  };
  for (let i = 0; i < workers; i++) start();
}
