/** vendboard db migrate | db backup FILE | db restore FILE [--force] | db copy --to URL [--force], on SQLite or PostgreSQL (DATABASE_URL). */
import cliProgress from "cli-progress";
import { sql } from "kysely";
import path from "node:path";
import { dataDir, databasePath, databaseTarget, describeTarget, isPostgresUrl } from "#db/config.ts";
import { backupArchive, backupPostgres, restoreArchive, restorePostgres, RestoreError } from "#db/backup.ts";
import { CopyError, copySqliteToPostgres, type CopyProgress, type CopyReport } from "#db/copy.ts";
import { migrateToLatest, openDatabase, type MigrationReportLine } from "#db/database.ts";
import { PgToolError } from "#db/pg-tools.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { formatCount } from "#domain/shared/format.ts";
import { announceDatabase, printJson, type CliIO } from "../context.ts";
import { UsageError } from "../errors.ts";

export async function runMigrate(io: CliIO, options: { json?: boolean }) {
  const target = databaseTarget(io.env);
  const file = describeTarget(target);
  announceDatabase(io, target);
  const db = openDatabase(target);
  try {
    const { results = [], report } = await migrateToLatest(db);
    const applied = results.filter((r) => r.status === "Success").map((r) => r.migrationName);
    if (options.json) printJson(io, { database: file, applied, report });
    else {
      io.stderr.write(
        applied.length
          ? `Applied ${formatCount(applied.length, "migration")} to ${file}: ${applied.join(", ")}\n`
          : `${file} is up to date.\n`,
      );
      for (const line of report) io.stderr.write(`${describeMigrationChange(line)}\n`);
    }
    return applied;
  } finally {
    await db.destroy();
  }
}

/** One line of a migration's report: what it removed, from where, and why. */
export function describeMigrationChange(line: MigrationReportLine): string {
  if (line.action === "migration_bank_details") return `  ${line.migration}: partner ${line.entityId}: ${line.reason}`;
  const before = (line.before ?? {}) as { transactionId?: string; kind?: string; location?: string };
  const what =
    line.entity === "sale"
      ? `removed ${before.kind ?? "sale"} ${before.transactionId ?? line.entityId} from ${before.location ?? "?"} (${line.month ?? "?"})`
      : `${line.action} ${line.entity} ${line.entityId ?? ""}`;
  return `  ${line.migration}: ${what}${line.reason ? `: ${line.reason}` : ""}`;
}

/** The outbox beside the data: where mail is written while SMTP_URL is unset (db/config.ts). */
const outboxOf = (io: CliIO) => path.join(dataDir(io.env), "outbox");
const emails = (n: number) => `${n} outbox email${n === 1 ? "" : "s"}`;

export async function runBackup(io: CliIO, target: string, options: { json?: boolean }) {
  const where = databaseTarget(io.env);
  announceDatabase(io, where);
  if (where.engine === "postgres") {
    const result = await withRestoreErrors(() => backupPostgres(where.url, target, io.env, outboxOf(io)));
    const database = describeTarget(where);
    const outbox = result.outbox?.length ?? 0;
    if (options.json)
      printJson(io, {
        engine: "postgres",
        database,
        backup: target,
        uploads: "in the database",
        outbox,
        bytes: result.bytes,
      });
    else
      io.stderr.write(
        `Backed up ${database} (pg_dump, uploaded exports included) and ${emails(outbox)} to ${target}\n`,
      );
    return;
  }
  const source = where.file;
  const result = await backupArchive(source, target, outboxOf(io));
  if (options.json)
    printJson(io, {
      engine: "sqlite",
      database: source,
      backup: target,
      uploads: result.uploads.length,
      outbox: result.outbox?.length ?? 0,
      missing: result.missing,
      bytes: result.bytes,
    });
  else {
    io.stderr.write(
      `Backed up ${source}, ${result.uploads.length} uploaded export${result.uploads.length === 1 ? "" : "s"} and ${emails(result.outbox?.length ?? 0)} to ${target}\n`,
    );
    if (result.missing.length)
      io.stderr.write(`Missing from the data directory already, so not in the backup: ${result.missing.join(", ")}\n`);
  }
}

/** Restore and pg_dump failures are the operator's to fix (exit 1 with the message), not crashes. */
async function withRestoreErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof RestoreError || error instanceof PgToolError || error instanceof CopyError)
      throw new DomainError("conflict", error.message);
    throw error;
  }
}

export async function runRestore(io: CliIO, archive: string, options: { force?: boolean; json?: boolean }) {
  const where = databaseTarget(io.env);
  const database = describeTarget(where);
  announceDatabase(io, where);
  const manifest = await withRestoreErrors(async () => {
    if (where.engine === "sqlite") return restoreArchive(archive, where.file, options);
    const db = openDatabase(where);
    try {
      const hasTables = async () =>
        (
          await sql<{
            n: number;
          }>`select count(*) as n from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
            db,
          )
        ).rows[0].n > 0;
      return await restorePostgres(archive, where.url, {
        force: options.force,
        hasTables,
        describe: database,
        env: io.env,
        outboxDir: outboxOf(io),
      });
    } finally {
      await db.destroy();
    }
  });
  // An older backup comes up to date.
  const db = openDatabase(where);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  const uploads = manifest.engine === "postgres" ? "in the database" : manifest.uploads.length;
  if (options.json)
    printJson(io, {
      engine: manifest.engine ?? "sqlite",
      backup: archive,
      database,
      createdAt: manifest.createdAt,
      uploads,
    });
  else if (manifest.engine === "postgres")
    io.stderr.write(
      `Restored ${database} (pg_restore, uploaded exports included) from ${archive} (made ${manifest.createdAt})\n`,
    );
  else
    io.stderr.write(
      `Restored ${database} and ${manifest.uploads.length} uploaded export${manifest.uploads.length === 1 ? "" : "s"} from ${archive} (made ${manifest.createdAt})\n`,
    );
}

/** vendboard db copy --to postgres://… : the SQLite file at DATABASE_PATH, and its uploads, into PostgreSQL. */
export async function runCopy(io: CliIO, options: { to: string; force?: boolean; json?: boolean }): Promise<number> {
  if (!isPostgresUrl(options.to)) throw new UsageError("--to takes a postgres:// or postgresql:// URL");
  if (io.env.DATABASE_URL?.trim())
    throw new UsageError("db copy reads the SQLite file at DATABASE_PATH: unset DATABASE_URL for this command");
  const sourceFile = databasePath(io.env);
  const source = { engine: "sqlite", file: sourceFile } as const;
  announceDatabase(io, source);
  const targetName = describeTarget({ engine: "postgres", url: options.to });
  const tty = Boolean((io.stderr as NodeJS.WriteStream).isTTY) && !options.json;
  const progress = copyProgress(io, tty, !options.json);
  const target = openDatabase({ engine: "postgres", url: options.to });
  let report: CopyReport;
  try {
    report = await withRestoreErrors(() =>
      copySqliteToPostgres(sourceFile, target, {
        dataDir: dataDir(io.env),
        force: options.force,
        onProgress: (step) => progress.update(step),
      }),
    );
  } finally {
    progress.stop();
    await target.destroy();
  }
  if (options.json) printJson(io, { source: sourceFile, target: targetName, ...report });
  else {
    io.stdout.write(`${copyTable(report)}\n`);
    io.stderr.write(
      report.ok
        ? `Copied ${sourceFile} to ${targetName}: every count and total agrees.\n`
        : `Copied ${sourceFile} to ${targetName}, but the checks above marked DIFFERS disagree.\n`,
    );
  }
  return report.ok ? 0 : 1;
}

/** A bar per long table on a terminal; elsewhere one line per table copied (cron and logs). */
function copyProgress(io: CliIO, tty: boolean, lines: boolean) {
  let bar: cliProgress.SingleBar | null = null;
  let started = Date.now();
  return {
    update({ table, done, total }: CopyProgress) {
      if (done === 0) {
        bar?.stop();
        bar = null;
        started = Date.now();
        if (tty && total >= 20_000) {
          bar = new cliProgress.SingleBar(
            { stream: io.stderr, format: `Copying ${table} {bar} {value}/{total}`, hideCursor: true },
            cliProgress.Presets.shades_classic,
          );
          bar.start(total, 0);
        }
      }
      bar?.update(done);
      if (done === total && lines) {
        bar?.stop();
        bar = null;
        io.stderr.write(
          `Copied ${table}: ${formatCount(total, "row")} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
        );
      }
    },
    stop: () => bar?.stop(),
  };
}

function copyTable(report: CopyReport): string {
  const rows: string[][] = [["table", "rows source", "rows target", "ok"]];
  for (const t of report.tables) rows.push([t.table, String(t.source), String(t.target), t.ok ? "ok" : "DIFFERS"]);
  rows.push([]);
  rows.push(["money (pence)", "source", "target", "ok"]);
  for (const m of report.money) rows.push([m.column, String(m.source), String(m.target), m.ok ? "ok" : "DIFFERS"]);
  rows.push([]);
  rows.push([
    "upload files",
    String(report.uploads.files),
    String(report.uploads.copied),
    report.uploads.ok ? "ok" : "DIFFERS",
  ]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows
    .map((r) =>
      r.length ? r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ") : "",
    )
    .join("\n");
}
