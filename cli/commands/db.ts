/** vendboard db migrate | db backup FILE */
import type { Command } from "commander";
import { databasePath } from "#db/config.ts";
import { backupDatabase, migrateToLatest, openDatabase, type MigrationReportLine } from "#db/database.ts";
import { printJson, type CliIO } from "../context.ts";

export async function runMigrate(io: CliIO, options: { json?: boolean }) {
  const file = databasePath(io.env);
  const db = openDatabase(file);
  try {
    const { results = [], report } = await migrateToLatest(db);
    const applied = results.filter((r) => r.status === "Success").map((r) => r.migrationName);
    if (options.json) printJson(io, { database: file, applied, report });
    else {
      io.stderr.write(applied.length ? `Applied ${applied.length} migration(s) to ${file}: ${applied.join(", ")}\n` : `${file} is up to date.\n`);
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

export async function runBackup(io: CliIO, target: string, options: { json?: boolean }) {
  const source = databasePath(io.env);
  await backupDatabase(source, target);
  if (options.json) printJson(io, { database: source, backup: target });
  else io.stderr.write(`Backed up ${source} to ${target}\n`);
}

export function registerDbCommands(program: Command, io: CliIO): void {
  const db = program.command("db").description("database maintenance");
  db.command("migrate")
    .description("apply pending migrations to DATABASE_PATH")
    .option("--json", "print the result as JSON")
    .action(async (options) => {
      await runMigrate(io, options);
    });
  db.command("backup")
    .description("make an online backup of the database into FILE (safe while the app runs)")
    .argument("<file>", "where to write the backup")
    .option("--json", "print the result as JSON")
    .action(async (file, options) => {
      await runBackup(io, file, options);
    });
}
