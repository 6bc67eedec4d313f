/**
 * Backups that restore everything: one .tar.gz holding a consistent database snapshot, every
 * uploaded export its receipts refer to, and a manifest with each upload's SHA-256. On SQLite the
 * snapshot is VACUUM INTO's file and the uploads are files beside it; on PostgreSQL it is
 * pg_dump's custom-format dump, which carries the uploads as rows of stored_uploads.
 * Both carry the outbox's .eml files (backup-outbox.ts). The manifest names the engine: a backup
 * restores into the engine it came from.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type SQLite from "better-sqlite3";
import * as tar from "tar";
import type { Engine } from "./dialect.ts";
import { isDeno, openDatabaseSync } from "./node-sqlite.ts";
import { connectionFor, findPgProgram, runPgProgram } from "./pg-tools.ts";
import { OUTBOX_ENTRY, damagedOutboxFile, packOutbox, unpackOutbox, type OutboxFile } from "./backup-outbox.ts";

export const BACKUP_FORMAT = 1;
const DATABASE_ENTRY = "vendboard.db";
const POSTGRES_ENTRY = "vendboard.pgdump";

export interface BackupManifest {
  format: number;
  /** The engine the backup came from; absent in backups made before PostgreSQL (SQLite's). */
  engine?: Engine;
  createdAt: string;
  database: string;
  uploads: { path: string; sha256: string; bytes: number }[];
  /** Receipts whose file was already missing from the data directory when the backup was made. */
  missing: string[];
  /** PostgreSQL: the dump's SHA-256, checked before anything is restored. */
  databaseSha256?: string;
  /** The outbox's .eml files (absent in backups made before the outbox was backed up). */
  outbox?: OutboxFile[];
}

const ENGINE_NAMES: Record<Engine, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** What the backup asks of a SQLite connection, which better-sqlite3 and node:sqlite both give. */
interface ReadOnlySqlite {
  prepare(sql: string): {
    all(...parameters: (string | number)[]): unknown[];
    run(...parameters: (string | number)[]): unknown;
  };
  close(): void;
}

/** A read-only connection: better-sqlite3 on Node, node:sqlite on Deno (db/node-sqlite.ts). */
export function openReadOnly(file: string): ReadOnlySqlite {
  if (isDeno) return openDatabaseSync(file, { readOnly: true });
  const BetterSqlite = createRequire(import.meta.url)("better-sqlite3") as typeof SQLite;
  return new BetterSqlite(file, { readonly: true, fileMustExist: true });
}

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Writes the archive for the live database at `databaseFile` (safe while the app runs), with the outbox beside it. */
export async function backupArchive(
  databaseFile: string,
  target: string,
  outboxDir = path.join(path.dirname(path.resolve(databaseFile)), OUTBOX_ENTRY),
): Promise<BackupManifest & { bytes: number }> {
  if (!fs.existsSync(databaseFile)) throw new Error(`No database at ${databaseFile}`);
  const work = tempDir("vendboard-backup-");
  try {
    // VACUUM INTO writes one consistent snapshot (a read transaction: the app may go on writing),
    // and both drivers run it; better-sqlite3's own backup API has no node:sqlite twin on Deno.
    const source = openReadOnly(databaseFile);
    try {
      source.prepare("vacuum into ?").run(path.join(work, DATABASE_ENTRY));
    } finally {
      source.close();
    }
    // The uploads the snapshot's receipts refer to, read from the snapshot, not the live database.
    const snapshot = openReadOnly(path.join(work, DATABASE_ENTRY));
    const stored = (
      snapshot.prepare("select distinct stored_path as p from import_receipts order by stored_path").all() as {
        p: string;
      }[]
    ).map((r) => r.p);
    snapshot.close();
    const dataDir = path.dirname(path.resolve(databaseFile));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      engine: "sqlite",
      createdAt: new Date().toISOString(),
      database: DATABASE_ENTRY,
      uploads: [],
      missing: [],
    };
    fs.mkdirSync(path.join(work, "uploads"));
    for (const relative of stored) {
      const name = path.basename(relative);
      const from = path.join(dataDir, "uploads", name);
      if (!fs.existsSync(from)) {
        manifest.missing.push(relative);
        continue;
      }
      const bytes = fs.readFileSync(from);
      fs.writeFileSync(path.join(work, "uploads", name), bytes);
      manifest.uploads.push({ path: `uploads/${name}`, sha256: sha256(bytes), bytes: bytes.length });
    }
    manifest.outbox = packOutbox(outboxDir, work);
    fs.writeFileSync(path.join(work, "manifest.json"), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    const partial = `${target}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, [
      "manifest.json",
      DATABASE_ENTRY,
      "uploads",
      OUTBOX_ENTRY,
    ]);
    fs.renameSync(partial, target);
    return { ...manifest, bytes: fs.statSync(target).size };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Writes the archive for the PostgreSQL database at `url`: pg_dump's custom format (one consistent
 * snapshot, safe while the app servers run), uploads included as rows of stored_uploads.
 */
export async function backupPostgres(
  url: string,
  target: string,
  env: NodeJS.ProcessEnv = process.env,
  outboxDir?: string,
): Promise<BackupManifest & { bytes: number }> {
  const pgDump = findPgProgram("pg_dump", env);
  const connection = connectionFor(url, env);
  const work = tempDir("vendboard-backup-");
  try {
    const dump = path.join(work, POSTGRES_ENTRY);
    await runPgProgram(
      pgDump,
      ["--format=custom", "--no-owner", "--no-privileges", `--file=${dump}`, `--dbname=${connection.url}`],
      connection.env,
    );
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      engine: "postgres",
      createdAt: new Date().toISOString(),
      database: POSTGRES_ENTRY,
      databaseSha256: sha256(fs.readFileSync(dump)),
      uploads: [],
      missing: [],
      outbox: packOutbox(outboxDir, work),
    };
    fs.writeFileSync(path.join(work, "manifest.json"), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    const partial = `${target}.partial`;
    const entries = ["manifest.json", POSTGRES_ENTRY, OUTBOX_ENTRY];
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, entries);
    fs.renameSync(partial, target);
    return { ...manifest, bytes: fs.statSync(target).size };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export class RestoreError extends Error {}

/** Unpacks an archive into `work` and reads its manifest, refusing one of the other engine. */
async function openArchive(archive: string, work: string, engine: Engine): Promise<BackupManifest> {
  if (!fs.existsSync(archive)) throw new RestoreError(`No backup at ${archive}`);
  try {
    await tar.extract({ file: archive, cwd: work, strict: true });
  } catch (error) {
    throw new RestoreError(`The backup could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const manifestFile = path.join(work, "manifest.json");
  if (!fs.existsSync(manifestFile)) throw new RestoreError("The backup has no manifest.json");
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new RestoreError(`Unknown backup format ${manifest.format}`);
  const from = manifest.engine ?? "sqlite";
  if (from !== engine) throw new RestoreError(wrongEngine(from, engine));
  if (!fs.existsSync(path.join(work, path.basename(manifest.database))))
    throw new RestoreError("The backup has no database");
  const damaged = damagedOutboxFile(work, manifest.outbox);
  if (damaged) throw new RestoreError(`${damaged} is missing or damaged in the backup: nothing was restored`);
  return manifest;
}

function wrongEngine(from: Engine, to: Engine): string {
  const moving =
    from === "sqlite"
      ? "restore it into a SQLite file (DATABASE_PATH, without DATABASE_URL), then move that to PostgreSQL with `vendboard db copy --to postgres://…`"
      : "restore it with DATABASE_URL set to a PostgreSQL database (`vendboard db copy` moves SQLite to PostgreSQL, not back)";
  return `This backup is from ${ENGINE_NAMES[from]} and the database here is ${ENGINE_NAMES[to]}: ${moving}`;
}

/**
 * Restores an archive into `databaseFile` and the uploads folder beside it. Refuses to replace an
 * existing database unless `force`; checks every upload against the manifest and its name first,
 * so a damaged archive changes nothing. The server must be stopped.
 */
export async function restoreArchive(
  archive: string,
  databaseFile: string,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  if (!fs.existsSync(archive)) throw new RestoreError(`No backup at ${archive}`);
  const target = path.resolve(databaseFile);
  if (fs.existsSync(target) && !options.force)
    throw new RestoreError(`${databaseFile} exists: stop the server and pass --force to replace it`);
  const work = tempDir("vendboard-restore-");
  try {
    const manifest = await openArchive(archive, work, "sqlite");
    for (const upload of manifest.uploads) {
      const file = path.join(work, "uploads", path.basename(upload.path));
      const digest = fs.existsSync(file) ? sha256(fs.readFileSync(file)) : null;
      if (digest !== upload.sha256 || !path.basename(upload.path).startsWith(`${digest}.`)) {
        throw new RestoreError(`${upload.path} is missing or damaged in the backup: nothing was restored`);
      }
    }
    const dataDir = path.dirname(target);
    unpackOutbox(work, path.join(dataDir, OUTBOX_ENTRY), manifest.outbox);
    fs.mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    for (const upload of manifest.uploads) {
      fs.copyFileSync(
        path.join(work, "uploads", path.basename(upload.path)),
        path.join(dataDir, "uploads", path.basename(upload.path)),
      );
    }
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(target + suffix, { force: true });
    fs.copyFileSync(path.join(work, manifest.database), `${target}.restoring`);
    fs.renameSync(`${target}.restoring`, target);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Restores a PostgreSQL archive into the database at `url` with pg_restore, in one transaction (a
 * failure leaves the database as it was). Refuses a database that has tables already unless
 * `force`, as the SQLite restore refuses an existing file; with `force` the dump's tables are
 * dropped and written again (--clean). `hasTables` answers whether the target has any.
 */
export async function restorePostgres(
  archive: string,
  url: string,
  options: {
    force?: boolean;
    hasTables: () => Promise<boolean>;
    describe: string;
    env?: NodeJS.ProcessEnv;
    outboxDir?: string;
  },
): Promise<BackupManifest> {
  const env = options.env ?? process.env;
  const work = tempDir("vendboard-restore-");
  try {
    const manifest = await openArchive(archive, work, "postgres");
    const dump = path.join(work, path.basename(manifest.database));
    if (manifest.databaseSha256 && sha256(fs.readFileSync(dump)) !== manifest.databaseSha256) {
      throw new RestoreError(`${manifest.database} is damaged in the backup: nothing was restored`);
    }
    const pgRestore = findPgProgram("pg_restore", env);
    if ((await options.hasTables()) && !options.force)
      throw new RestoreError(`${options.describe} has tables already: stop the servers and pass --force to replace it`);
    const connection = connectionFor(url, env);
    const clean = options.force ? ["--clean", "--if-exists"] : [];
    await runPgProgram(
      pgRestore,
      [
        ...clean,
        "--single-transaction",
        "--exit-on-error",
        "--no-owner",
        "--no-privileges",
        `--dbname=${connection.url}`,
        dump,
      ],
      connection.env,
    );
    if (options.outboxDir) unpackOutbox(work, options.outboxDir, manifest.outbox);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
