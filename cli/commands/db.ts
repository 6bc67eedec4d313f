/** vendboard db migrate | db backup FILE */
import type { Command } from "commander";
import { databasePath } from "#db/config.ts";
import { backupDatabase, migrateToLatest, openDatabase } from "#db/database.ts";
import { printJson, type CliIO } from "../context.ts";

export async function runMigrate(io: CliIO, options: { json?: boolean }) {
  const file = databasePath(io.env);
  const db = openDatabase(file);
  try {
    const { results = [] } = await migrateToLatest(db);
    const applied = results.filter((r) => r.status === "Success").map((r) => r.migrationName);
    if (options.json) printJson(io, { database: file, applied });
    else io.stderr.write(applied.length ? `Applied ${applied.length} migration(s) to ${file}: ${applied.join(", ")}\n` : `${file} is up to date.\n`);
    return applied;
  } finally {
    await db.destroy();
  }
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
