/** The database's health for GET /healthz: it answers, and its migrations are exactly this build's. */
import { Migrator, sql, type Kysely } from "kysely";
import { migrations } from "./migrations/index.ts";

export type Health = { status: "ok" } | { status: "unavailable"; reason: string };

/** Never throws: a failure is an "unavailable" answer; `onError` gets the detail (logged on the server only). */
export async function databaseHealth(
  db: Kysely<any>,
  onError: (error: unknown, what: string) => void = () => {},
): Promise<Health> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    onError(error, "Health check: the database did not answer");
    return { status: "unavailable", reason: "The database did not answer" };
  }
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const pending = (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
    if (pending.length) return { status: "unavailable", reason: `Migrations not applied: ${pending.join(", ")}` };
    // A newer release (or its CLI) may have migrated the database under this server.
    const executed = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const unknown = executed.rows.map((r) => r.name).filter((name) => !(name in migrations));
    if (unknown.length)
      return { status: "unavailable", reason: `Migrations unknown to this build: ${unknown.join(", ")}` };
  } catch (error) {
    onError(error, "Health check: the migrations could not be read");
    return { status: "unavailable", reason: "The migrations could not be read" };
  }
  return { status: "ok" };
}
