/**
 * Uploaded exports kept in the data directory, named by their SHA-256 (the import receipts point to
 * them), and the pruning of files no receipt refers to any more.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
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

/** Keeps the uploaded file, named by its content, and answers its path inside the data directory. */
export function storeUpload(dataDir: string, file: StoredFile, digest: string = sha256(file.bytes)): string {
  const ext = path.extname(file.name).toLowerCase() === ".xls" ? ".xls" : ".xlsx";
  const relative = path.join("uploads", `${digest}${ext}`);
  const absolute = path.join(dataDir, relative);
  if (fs.existsSync(absolute)) {
    // Touched, so a prune running meanwhile sees it as fresh and leaves it for this import's receipt.
    const now = new Date();
    fs.utimesSync(absolute, now, now);
  } else {
    fs.mkdirSync(path.dirname(absolute), { recursive: true });
    // Written beside, then renamed: a crash never leaves a half file under the final name.
    const partial = `${absolute}.${process.pid}.partial`;
    fs.writeFileSync(partial, file.bytes);
    fs.renameSync(partial, absolute);
  }
  return relative;
}

/**
 * Removes stored uploads no receipt points to any more (after deleting records, machines or
 * partners). Files younger than `graceMs` are kept: an import may be about to record them.
 */
export async function pruneUploads(db: DB, dataDir: string, graceMs = 60_000): Promise<number> {
  const dir = path.join(dataDir, "uploads");
  if (!fs.existsSync(dir)) return 0;
  const used = new Set((await db.selectFrom("importReceipts").select("storedPath").distinct().execute()).map((r) => path.basename(r.storedPath)));
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (used.has(name) || Date.now() - fs.statSync(file).mtimeMs < graceMs) continue;
    fs.rmSync(file, { force: true });
    removed++;
  }
  return removed;
}

