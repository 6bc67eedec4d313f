/** The health check behind GET /healthz: the database answers and its migrations match this build's. */
import { Migrator, sql, type Kysely } from "kysely";
import { migrations } from "#db/migrations/index.ts";
import { log } from "./log.server.ts";

export type Health = { status: "ok" } | { status: "unavailable"; reason: string };

/** Never throws: a failure is an "unavailable" answer, its detail logged on the server only. */
export async function checkHealth(db: Kysely<any>): Promise<Health> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    log().error({ err: error }, "Health check: the database did not answer");
    return { status: "unavailable", reason: "The database did not answer" };
  }
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const pending = (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
    if (pending.length) return { status: "unavailable", reason: `Migrations not applied: ${pending.join(", ")}` };
    // A newer release (or its CLI) may have migrated the database under this server.
    const executed = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const unknown = executed.rows.map((r) => r.name).filter((name) => !(name in migrations));
    if (unknown.length) return { status: "unavailable", reason: `Migrations unknown to this build: ${unknown.join(", ")}` };
  } catch (error) {
    log().error({ err: error }, "Health check: the migrations could not be read");
    return { status: "unavailable", reason: "The migrations could not be read" };
  }
  return { status: "ok" };
}
