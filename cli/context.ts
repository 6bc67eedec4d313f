/**
 * What every command gets: the database (opened lazily and migrated) and its output streams.
 * The database's modules load only when a command opens it (cli/program.ts: --help stays fast).
 */
import { databaseTarget } from "#db/config.ts";
import type { DB } from "#db/database.ts";

export interface CliIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  /** A command that finishes with a failure it has already reported sets this (1). */
  exitCode?: number;
}

export const processIO = (): CliIO => ({
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
});

/** Opens the configured database, migrated, runs `fn`, and always closes it. */
export async function withDatabase<T>(io: CliIO, fn: (db: DB) => Promise<T>): Promise<T> {
  const { migrateToLatest, openDatabase } = await import("#db/database.ts");
  const db = openDatabase(databaseTarget(io.env));
  try {
    await migrateToLatest(db);
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}

export function printJson(io: CliIO, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
