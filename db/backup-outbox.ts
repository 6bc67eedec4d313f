/**
 * The outbox in a backup: the .eml files written while SMTP_URL is unset are, for some
 * businesses, the only copy of what was "sent" (with its PDFs: personal data, like the database).
 * A backup carries each one under outbox/ with its SHA-256 in the manifest; a restore checks them
 * all before writing anything and adds those the outbox does not hold yet (names are times and
 * addresses, never reused; the app never deletes them).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const OUTBOX_ENTRY = "outbox";

export interface OutboxFile {
  path: string;
  sha256: string;
  bytes: number;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Copies the outbox's .eml files into `work`/outbox; answers their manifest entries (none without an outbox). */
export function packOutbox(outboxDir: string | undefined, work: string): OutboxFile[] {
  fs.mkdirSync(path.join(work, OUTBOX_ENTRY), { recursive: true });
  if (!outboxDir || !fs.existsSync(outboxDir)) return [];
  const files: OutboxFile[] = [];
  for (const name of fs.readdirSync(outboxDir).sort()) {
    const from = path.join(outboxDir, name);
    if (!name.endsWith(".eml") || !fs.statSync(from).isFile()) continue;
    const bytes = fs.readFileSync(from);
    fs.writeFileSync(path.join(work, OUTBOX_ENTRY, name), bytes);
    files.push({ path: `${OUTBOX_ENTRY}/${name}`, sha256: sha256(bytes), bytes: bytes.length });
  }
  return files;
}

/** The first outbox entry missing or damaged in the unpacked archive at `work`, else null. */
export function damagedOutboxFile(work: string, files: readonly OutboxFile[] = []): string | null {
  for (const file of files) {
    const at = path.join(work, OUTBOX_ENTRY, path.basename(file.path));
    if (!fs.existsSync(at) || sha256(fs.readFileSync(at)) !== file.sha256) return file.path;
  }
  return null;
}

/** Adds the backup's outbox files that `outboxDir` does not hold yet; answers how many were written. */
export function unpackOutbox(work: string, outboxDir: string, files: readonly OutboxFile[] = []): number {
  if (!files.length) return 0;
  fs.mkdirSync(outboxDir, { recursive: true });
  let written = 0;
  for (const file of files) {
    const name = path.basename(file.path);
    const to = path.join(outboxDir, name);
    if (fs.existsSync(to)) continue;
    fs.copyFileSync(path.join(work, OUTBOX_ENTRY, name), to);
    written++;
  }
  return written;
}
