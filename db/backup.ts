/**
 * Backups that restore everything: one .tar.gz holding a consistent database snapshot, every
 * uploaded export its receipts refer to, and a manifest with each upload's SHA-256.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type SQLite from "better-sqlite3";
import * as tar from "tar";
import { isDeno, openDatabaseSync } from "./node-sqlite.ts";

export const BACKUP_FORMAT = 1;
const DATABASE_ENTRY = "vendboard.db";

export interface BackupManifest {
  format: number;
  createdAt: string;
  database: string;
  uploads: { path: string; sha256: string; bytes: number }[];
  /** Receipts whose file was already missing from the data directory when the backup was made. */
  missing: string[];
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** What the backup asks of a SQLite connection, which better-sqlite3 and node:sqlite both give. */
interface ReadOnlySqlite {
  prepare(sql: string): { all(...parameters: string[]): unknown[]; run(...parameters: string[]): unknown };
  close(): void;
}

/** A read-only connection: better-sqlite3 on Node, node:sqlite on Deno (db/node-sqlite.ts). */
function openReadOnly(file: string): ReadOnlySqlite {
  if (isDeno) return openDatabaseSync(file, { readOnly: true });
  const BetterSqlite = createRequire(import.meta.url)("better-sqlite3") as typeof SQLite;
  return new BetterSqlite(file, { readonly: true, fileMustExist: true });
}

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Writes the archive for the live database at `databaseFile` (safe while the app runs). */
export async function backupArchive(databaseFile: string, target: string): Promise<BackupManifest & { bytes: number }> {
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
    const stored = (snapshot.prepare("select distinct stored_path as p from import_receipts order by stored_path").all() as { p: string }[]).map((r) => r.p);
    snapshot.close();
    const dataDir = path.dirname(path.resolve(databaseFile));
    const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), database: DATABASE_ENTRY, uploads: [], missing: [] };
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
    fs.writeFileSync(path.join(work, "manifest.json"), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    const partial = `${target}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, ["manifest.json", DATABASE_ENTRY, "uploads"]);
    fs.renameSync(partial, target);
    return { ...manifest, bytes: fs.statSync(target).size };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export class RestoreError extends Error {}

/**
 * Restores an archive into `databaseFile` and the uploads folder beside it. Refuses to replace an
 * existing database unless `force`; checks every upload against the manifest and its name first,
 * so a damaged archive changes nothing. The server must be stopped.
 */
export async function restoreArchive(archive: string, databaseFile: string, options: { force?: boolean } = {}): Promise<BackupManifest> {
  if (!fs.existsSync(archive)) throw new RestoreError(`No backup at ${archive}`);
  const target = path.resolve(databaseFile);
  if (fs.existsSync(target) && !options.force) throw new RestoreError(`${databaseFile} exists: stop the server and pass --force to replace it`);
  const work = tempDir("vendboard-restore-");
  try {
    try {
      await tar.extract({ file: archive, cwd: work, strict: true });
    } catch (error) {
      throw new RestoreError(`The backup could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    const manifestFile = path.join(work, "manifest.json");
    if (!fs.existsSync(manifestFile)) throw new RestoreError("The backup has no manifest.json");
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new RestoreError(`Unknown backup format ${manifest.format}`);
    if (!fs.existsSync(path.join(work, manifest.database))) throw new RestoreError("The backup has no database");
    for (const upload of manifest.uploads) {
      const file = path.join(work, "uploads", path.basename(upload.path));
      const digest = fs.existsSync(file) ? sha256(fs.readFileSync(file)) : null;
      if (digest !== upload.sha256 || !path.basename(upload.path).startsWith(`${digest}.`)) {
        throw new RestoreError(`${upload.path} is missing or damaged in the backup: nothing was restored`);
      }
    }
    const dataDir = path.dirname(target);
    fs.mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    for (const upload of manifest.uploads) {
      fs.copyFileSync(path.join(work, "uploads", path.basename(upload.path)), path.join(dataDir, "uploads", path.basename(upload.path)));
    }
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(target + suffix, { force: true });
    fs.copyFileSync(path.join(work, manifest.database), `${target}.restoring`);
    fs.renameSync(`${target}.restoring`, target);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
