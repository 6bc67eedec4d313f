// Graceful stop for the production server: on SIGTERM or SIGINT it stops accepting connections, lets
// the requests in flight finish (for at most `timeoutMs`, then closes their connections), closes the
// database and exits 0 (1 if the database would not close). One log line for each step.

/**
 * "1 request", "3 requests" (the server is plain JavaScript: domain/shared/format.ts is TypeScript).
 * @param {number} n
 */
const requests = (n) => `${n} ${n === 1 ? "request" : "requests"}`;

/**
 * @param {import("node:http").Server} server
 * @param {{ closeDatabase: () => Promise<void>, timeoutMs?: number, log?: (line: string) => void, exit?: (code: number) => void }} options
 */
export function stopOnSignals(server, { closeDatabase, timeoutMs = 10_000, log = console.log, exit = process.exit }) {
  const open = new Set();
  let stopping = false;

  // Keep-alive connections would otherwise stay open (and take new requests) until they time out.
  server.on("request", (_req, res) => {
    if (stopping) res.setHeader("Connection", "close");
    open.add(res);
    res.on("close", () => {
      open.delete(res);
      if (stopping) server.closeIdleConnections();
    });
  });

  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: no longer accepting connections; ${requests(open.size)} in flight`);
    for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
    const forced = setTimeout(() => {
      log(`${requests(open.size)} still running after ${timeoutMs / 1000} s: closing their connections`);
      server.closeAllConnections();
    }, timeoutMs);
    await new Promise((resolve) => server.close(() => resolve()));
    clearTimeout(forced);
    log("All connections closed");
    try {
      await closeDatabase();
    } catch (error) {
      log(
        `The database did not close cleanly (${error instanceof Error ? error.message : String(error)}); exiting with 1`,
      );
      return exit(1);
    }
    log("Database closed; exiting");
    exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void stop(signal));
}
