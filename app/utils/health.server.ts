/** The health check behind GET /healthz (db/health.ts), its failures logged on the server only. */
import type { Kysely } from "kysely";
import { databaseHealth, type Health } from "#db/health.ts";
import { log } from "./log.server.ts";

export type { Health };

/** Never throws: a failure is an "unavailable" answer, its detail logged. */
export function checkHealth(db: Kysely<any>): Promise<Health> {
  return databaseHealth(db, (error, what) => log().error({ err: error }, what));
}
