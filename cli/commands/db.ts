/** vendboard db migrate | db backup FILE | db restore FILE [--force] */
import { databasePath, databaseTarget, describeTarget } from "#db/config.ts";
import { backupArchive, restoreArchive, RestoreError } from "#db/backup.ts";
import { migrateToLatest, openDatabase, type MigrationReportLine } from "#db/database.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { formatCount } from "#domain/shared/format.ts";
import { printJson, type CliIO } from "../context.ts";

export async function runMigrate(io: CliIO, options: { json?: boolean }) {
  const target = databaseTarget(io.env);
  const file = describeTarget(target);
  const db = openDatabase(target);
  try {
    const { results = [], report } = await migrateToLatest(db);
    const applied = results.filter((r) => r.status === "Success").map((r) => r.migrationName);
    if (options.json) printJson(io, { database: file, applied, report });
    else {
      io.stderr.write(applied.length ? `Applied ${formatCount(applied.length, "migration")} to ${file}: ${applied.join(", ")}\n` : `${file} is up to date.\n`);
      for (const line of report) io.stderr.write(`${describeMigrationChange(line)}\n`);
    }
    return applied;
  } finally {
    await db.destroy();
  }
}

/** One line of a migration's report: what it removed, from where, and why. */
export function describeMigrationChange(line: MigrationReportLine): string {
  const before = (line.before ?? {}) as { transactionId?: string; kind?: string; location?: string };
  const what = line.entity === "sale" ? `removed ${before.kind ?? "sale"} ${before.transactionId ?? line.entityId} from ${before.location ?? "?"} (${line.month ?? "?"})` : `${line.action} ${line.entity} ${line.entityId ?? ""}`;
  return `  ${line.migration}: ${what}${line.reason ? `: ${line.reason}` : ""}`;
}

/** Backups and restores copy the SQLite file; PostgreSQL's come with pg_dump and pg_restore (not yet here). */
function refusePostgres(io: CliIO, what: string) {
  if (databaseTarget(io.env).engine === "postgres") throw new DomainError("conflict", `vendboard db ${what} works on the SQLite file; with DATABASE_URL use pg_dump and pg_restore for now`);
}

export async function runBackup(io: CliIO, target: string, options: { json?: boolean }) {
  refusePostgres(io, "backup");
  const source = databasePath(io.env);
  const result = await backupArchive(source, target);
  if (options.json) printJson(io, { database: source, backup: target, uploads: result.uploads.length, missing: result.missing, bytes: result.bytes });
  else {
    io.stderr.write(`Backed up ${source} and ${result.uploads.length} uploaded export${result.uploads.length === 1 ? "" : "s"} to ${target}\n`);
    if (result.missing.length) io.stderr.write(`Missing from the data directory already, so not in the backup: ${result.missing.join(", ")}\n`);
  }
}

export async function runRestore(io: CliIO, archive: string, options: { force?: boolean; json?: boolean }) {
  refusePostgres(io, "restore");
  const target = databasePath(io.env);
  let manifest;
  try {
    manifest = await restoreArchive(archive, target, options);
  } catch (error) {
    if (error instanceof RestoreError) throw new DomainError("conflict", error.message);
    throw error;
  }
  // An older backup comes up to date.
  const db = openDatabase(target);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  if (options.json) printJson(io, { backup: archive, database: target, createdAt: manifest.createdAt, uploads: manifest.uploads.length });
  else io.stderr.write(`Restored ${target} and ${manifest.uploads.length} uploaded export${manifest.uploads.length === 1 ? "" : "s"} from ${archive} (made ${manifest.createdAt})\n`);
}
