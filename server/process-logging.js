// Every line the production server writes is JSON (pino), failures included: Express's own error
// handler would print a bare stack (a path it cannot decode, a header it cannot set), and an
// uncaught exception or an unhandled rejection would print Node's text before the process ends.
import { log } from "./logger.js";

/**
 * Express error middleware, last in the chain: a client's malformed request (a 4xx error such as a
 * path that does not decode) is a warning and a 400; anything else an error with its stack and a
 * 500 `{message}`; both as JSON lines with the request id. A request whose answer had begun is cut.
 * @returns {import("express").ErrorRequestHandler}
 */
export function errorsAsJson() {
  // Express knows an error handler by its four parameters.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  return (error, req, res, _next) => {
    const status = Number(error?.status ?? error?.statusCode);
    const clientError = status >= 400 && status < 500;
    if (clientError) log().warn({ path: req.path, status, reason: error?.message }, "Malformed request refused");
    else log().error({ err: error, path: req.path }, "Unhandled error");
    if (res.headersSent) return void res.destroy();
    res.status(clientError ? status : 500).json({ message: clientError ? "Bad request" : "Internal server error" });
  };
}

/**
 * An uncaught exception or unhandled rejection is logged as one fatal JSON line, then the process
 * exits 1 (as Node would; under node:cluster the primary starts another worker).
 * @param {import("pino").Logger} logger
 */
export function logProcessFailures(logger) {
  const fatal = (kind) => (error) => {
    logger.fatal({ err: error }, kind);
    process.exit(1);
  };
  process.on("uncaughtException", fatal("Uncaught exception"));
  process.on("unhandledRejection", fatal("Unhandled rejection"));
}
