/**
 * Uploaded exports, named by their SHA-256 (the import receipts point to them by the key
 * "uploads/<sha256>.xlsx"), behind one interface with two stores:
 * files in the data directory with SQLite (one server, one disk), rows of `stored_uploads` with
 * PostgreSQL (several app servers share the database, not a disk). Pruning removes what no receipt
 * refers to any more.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { isPostgres } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";

type DB = Kysely<Database>;

/** An export as it arrives: its name and its bytes. */
export interface StoredFile {
  name: string;
  bytes: Uint8Array;
}

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The key an upload is kept under: its content's hash and its kind (.xls, .xlsx or .csv, as uploaded). */
export function uploadKey(file: StoredFile, digest: string = sha256(file.bytes)): string {
  const given = path.extname(file.name.trim()).toLowerCase();
  const ext = given === ".xls" || given === ".csv" ? given : ".xlsx";
  return `uploads/${digest}${ext}`;
}

/** A key as receipts hold it: "uploads/" then a SHA-256 and .xls, .xlsx or .csv. Anything else is never read. */
export const isUploadKey = (key: string) => /^uploads\/[0-9a-f]{64}\.(xlsx?|csv)$/.test(key.replaceAll("\\", "/"));

export interface UploadStore {
  readonly kind: "files" | "database";
  /** Keeps the bytes (again: refreshed, never duplicated) and answers their key. */
  put(file: StoredFile, digest?: string): Promise<string>;
  /** The bytes under a key, or null when they are missing. */
  get(key: string): Promise<Uint8Array | null>;
  /** Every key kept, with its size (backups and `db copy`). */
  list(): Promise<{ key: string; size: number }[]>;
  /** Removes what is not in `used`, unless stored within `graceMs` (an import may be about to record it). */
  prune(used: ReadonlySet<string>, graceMs: number): Promise<number>;
}

/** Files in `<dataDir>/uploads`, written beside and renamed (a crash never leaves half a file under its name). */
export function fileUploadStore(dataDir: string): UploadStore {
  const dir = path.join(dataDir, "uploads");
  const absolute = (key: string) => path.join(dataDir, ...key.replaceAll("\\", "/").split("/"));
  return {
    kind: "files",
    async put(file, digest) {
      const key = uploadKey(file, digest);
      const target = absolute(key);
      if (fs.existsSync(target)) {
        // Touched, so a prune running meanwhile sees it as fresh and leaves it for this import's receipt.
        const now = new Date();
        fs.utimesSync(target, now, now);
      } else {
        fs.mkdirSync(dir, { recursive: true });
        // Written off the event loop: an import writes its rows meanwhile (import-writer.ts).
        const partial = `${target}.${process.pid}.partial`;
        await fs.promises.writeFile(partial, file.bytes);
        await fs.promises.rename(partial, target);
      }
      // The key as receipts have always held it (path.join: a backslash on Windows).
      return path.join("uploads", path.basename(key));
    },
    async get(key) {
      if (!isUploadKey(key)) return null;
      const target = absolute(key);
      return fs.existsSync(target) ? new Uint8Array(fs.readFileSync(target)) : null;
    },
    async list() {
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        .filter((name) => isUploadKey(`uploads/${name}`))
        .sort()
        .map((name) => ({ key: `uploads/${name}`, size: fs.statSync(path.join(dir, name)).size }));
    },
    async prune(used, graceMs) {
      if (!fs.existsSync(dir)) return 0;
      let removed = 0;
      for (const name of fs.readdirSync(dir)) {
        const file = path.join(dir, name);
        if (used.has(`uploads/${name}`) || Date.now() - fs.statSync(file).mtimeMs < graceMs) continue;
        fs.rmSync(file, { force: true });
        removed++;
      }
      return removed;
    },
  };
}

/** Rows of `stored_uploads`: every app server sees every upload. */
export function databaseUploadStore(db: DB): UploadStore {
  return {
    kind: "database",
    async put(file, digest) {
      const key = uploadKey(file, digest);
      const now = Date.now();
      await db
        .insertInto("storedUploads")
        .values({ path: key, bytes: file.bytes, size: file.bytes.length, storedAtMs: now })
        .onConflict((oc) => oc.column("path").doUpdateSet({ storedAtMs: now }))
        .execute();
      return key;
    },
    async get(key) {
      if (!isUploadKey(key)) return null;
      const row = await db
        .selectFrom("storedUploads")
        .select("bytes")
        .where("path", "=", key.replaceAll("\\", "/"))
        .executeTakeFirst();
      return row ? new Uint8Array(row.bytes) : null;
    },
    async list() {
      const rows = await db.selectFrom("storedUploads").select(["path", "size"]).orderBy("path").execute();
      return rows.map((r) => ({ key: r.path, size: Number(r.size) }));
    },
    async prune(used, graceMs) {
      const rows = await db
        .selectFrom("storedUploads")
        .select("path")
        .where("storedAtMs", "<", Date.now() - graceMs)
        .execute();
      const unused = rows.map((r) => r.path).filter((key) => !used.has(key));
      if (!unused.length) return 0;
      await db.deleteFrom("storedUploads").where("path", "in", unused).execute();
      return unused.length;
    },
  };
}

/** The store of this deployment: rows with PostgreSQL, files in the data directory with SQLite. */
export function uploadStore(db: DB, dataDir: string): UploadStore {
  return isPostgres(db) ? databaseUploadStore(db) : fileUploadStore(dataDir);
}

/** Keeps the uploaded file in this deployment's store and answers its key. */
export function storeUpload(
  db: DB,
  dataDir: string,
  file: StoredFile,
  digest: string = sha256(file.bytes),
): Promise<string> {
  return uploadStore(db, dataDir).put(file, digest);
}

/**
 * Removes stored uploads no receipt points to any more (after deleting records, machines or
 * partners). Uploads younger than `graceMs` are kept: an import may be about to record them.
 */
export async function pruneUploads(db: DB, dataDir: string, graceMs = 60_000): Promise<number> {
  const used = new Set(
    (await db.selectFrom("importReceipts").select("storedPath").distinct().execute()).map((r) =>
      r.storedPath.replaceAll("\\", "/"),
    ),
  );
  return uploadStore(db, dataDir).prune(used, graceMs);
}

/** The bytes a receipt's stored path names, from this deployment's store; null when missing. */
export function readUpload(db: DB, dataDir: string, key: string): Promise<Uint8Array | null> {
  return uploadStore(db, dataDir).get(key);
}
