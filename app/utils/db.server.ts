/**
 * The web app's database handle: opened and migrated once per process. Under several workers
 * (server/cluster.js) a child migrated the database before any worker started, so a worker only opens it.
 */
import { migrateToLatest, openDatabase, type DB } from "#db/database.ts";
import { countAdmins } from "#domain/accounts/user-service.ts";
import { formatCount } from "#domain/shared/format.ts";
import { describeTarget } from "#db/config.ts";
import { DATABASE, env } from "./env.server.ts";
import { logger } from "./log.server.ts";

declare global {
  // Survives Vite dev-server reloads so one process keeps one connection.
  var __vendboardDb: Promise<DB> | undefined;
}

async function open(): Promise<DB> {
  const db = openDatabase(DATABASE);
  if (process.env.VENDBOARD_CLUSTER_ROLE === "serve") return db;
  const { report } = await migrateToLatest(db);
  // What a migration removed or changed is in the audit trail too; `vendboard db migrate` lists it.
  if (report.length)
    logger.warn(
      { changes: report.length },
      `Migrations changed ${formatCount(report.length, "row")} of data; see /admin/audit or run \`vendboard audit\`.`,
    );
  if (env.NODE_ENV !== "test" && (await countAdmins(db)) === 0) {
    logger.warn(
      `No admin exists in ${describeTarget(DATABASE)} yet. Create the first one with:\n` +
        (DATABASE.engine === "sqlite"
          ? `  printf '%s\\n' "$ADMIN_PASSWORD" | DATABASE_PATH=${env.DATABASE_PATH} npx vendboard admin create NAME --password-stdin`
          : `  printf '%s\\n' "$ADMIN_PASSWORD" | DATABASE_URL=… npx vendboard admin create NAME --password-stdin`),
    );
  }
  return db;
}

export const db: DB = await (globalThis.__vendboardDb ??= open());

/** Closes the connection once requests have drained on shutdown (server.js, through entry.server.tsx). */
export async function closeDatabase(): Promise<void> {
  await db.destroy();
}
