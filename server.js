// Production server: Remix's Express adapter with the client's address in the load context
// (for per-address login limits), static assets, compression, security headers and no-store answers,
// cross-site writes refused, and a graceful stop on SIGTERM/SIGINT. WEB_CONCURRENCY processes
// (default: one per core) serve one port under node:cluster (server/cluster.js); with 1, or on Deno,
// this process serves alone.
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import { noStore, refuseCrossSiteWrites, securityHeaders } from "./server/http-policy.js";
import { stopOnSignals } from "./server/shutdown.js";
import compression from "compression";
import express from "express";
import { limitBodies } from "./server/body-limit.js";
import { logger, requestLogging } from "./server/logger.js";
import { isDeno, ROLE, runPrimary, webConcurrencyOrExit } from "./server/cluster.js";
import { errorsAsJson, logProcessFailures } from "./server/process-logging.js";
import { serverTimeouts } from "./server/timeouts.js";

process.env.NODE_ENV ??= "production";
logProcessFailures(logger);
const requested = webConcurrencyOrExit(process.env, (message) => logger.fatal(message));
// Deno's node:cluster forks no workers: one process serves there, whatever was asked.
const workers = isDeno ? 1 : requested;
if (isDeno)
  logger.info(
    { requested, workers },
    `Running on Deno: one server process${requested > 1 ? ` (WEB_CONCURRENCY ${requested} applies on Node only)` : ""}`,
  );
const buildDir = path.resolve(process.env.VENDBOARD_BUILD_DIR ?? "build");

if (cluster.isPrimary && workers > 1) {
  await runPrimary({ workers, logger });
} else if (cluster.isWorker && process.env[ROLE] === "migrate") {
  // Loading the build opens and migrates the database (app/utils/db.server.ts); that is all.
  const build = await import(path.join(buildDir, "server/index.js"));
  await build.entry.module.closeDatabase();
  process.exit(0);
} else {
  await serve();
}

/** One server process: the app on PORT, stopped gracefully on SIGTERM/SIGINT. */
async function serve() {
  const build = await import(path.join(buildDir, "server/index.js"));

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY === "1" ? 1 : false);
  app.use(requestLogging());
  app.use(compression());
  app.use(securityHeaders);
  app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  // Other built files (favicon and the like) are looked for only for paths with an extension: a page
  // or API path never costs a file-system lookup.
  const clientFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false });
  app.use((req, res, next) => (path.extname(req.path) ? clientFiles(req, res, next) : next()));
  // Everything past the static files is private to whoever asked (server/http-policy.js).
  app.use(noStore);
  app.use(refuseCrossSiteWrites({ trustProxy: process.env.TRUST_PROXY === "1" }));
  // Bodies are counted as they stream and refused with 413 past their route's limit (server/body-limit.js).
  app.all(
    "*",
    limitBodies(
      createRequestHandler({
        build,
        getLoadContext: (req) => ({ clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown" }),
      }),
      {
        uploadMaxMb: Number(process.env.UPLOAD_MAX_MB ?? 10),
        onRefused: (r) =>
          logger.warn({ limit: r.limit, bytesRead: r.bytesRead }, `Body over ${r.limit} bytes refused with 413`),
      },
    ),
  );
  app.use(errorsAsJson());

  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  // Slow clients are cut by our limits, not Node's defaults (server/timeouts.js).
  const timeouts = serverTimeouts();
  const server = http.createServer(timeouts, app);
  server.listen(port, host, () => {
    logger.info({ port, host, ...timeouts }, `Vendboard is listening on http://localhost:${port}`);
    // The first PDF after a start does not wait for the logo to be prepared (domain/business/logo-embed.ts).
    build.entry.module.warmCaches?.().then(
      (warmed) => warmed && logger.info("The logo is prepared for documents"),
      (error) => logger.warn({ err: error }, "The logo could not be prepared"),
    );
  });
  stopOnSignals(server, { closeDatabase: build.entry.module.closeDatabase, log: (line) => logger.info(line) });
}
