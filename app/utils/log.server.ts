/** The server's log for the app (server/logger.js): `log()` is the current request's logger. */
export { log, logger } from "#server/logger.js";
