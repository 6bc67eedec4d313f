/**
 * What every command gets: the database (opened lazily and migrated) and its output streams.
 * The database's modules load only when a command opens it (cli/program.ts: --help stays fast).
 */
import fs from "node:fs";
import path from "node:path";
import { databaseLine, databaseTarget, describeTarget, type DatabaseTarget } from "#db/config.ts";
import type { DB } from "#db/database.ts";

export interface CliIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  /** A command that finishes with a failure it has already reported sets this (1). */
  exitCode?: number;
  /** The database the command opened, as `describeTarget` shows it: `printJson` adds it to answers that are objects. */
  database?: string;
}

export const processIO = (): CliIO => ({
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
});

/** Says on stderr which database the command opens (the path, or PostgreSQL's host and database), and remembers it for --json. */
export function announceDatabase(io: CliIO, target: DatabaseTarget): void {
  io.database = describeTarget(target);
  io.stderr.write(`${databaseLine(target, process.cwd())}\n`);
}

/**
 * A SQLite path with no file there: opening it would create a new empty database, so a command that reads
 * or imports stops instead, saying where it looked and how to point it at the right one.
 */
export function missingDatabaseMessage(target: DatabaseTarget): string | null {
  if (target.engine !== "sqlite" || target.file === ":memory:" || fs.existsSync(target.file)) return null;
  return (
    `no database at ${target.file} (${path.resolve(target.file)}); nothing was created there. ` +
    "Set DATABASE_PATH to your database (npm run demo's is data/demo.db: DATABASE_PATH=data/demo.db npx vendboard …), " +
    "or run `vendboard db migrate` to create a new, empty one"
  );
}

/**
 * Opens the configured database, migrated, runs `fn`, and always closes it. A SQLite path with no file is
 * refused (exit 1) unless `create` (admin create: the first admin of a new database).
 */
export async function withDatabase<T>(
  io: CliIO,
  fn: (db: DB) => Promise<T>,
  options: { create?: boolean } = {},
): Promise<T> {
  const target = databaseTarget(io.env);
  announceDatabase(io, target);
  const missing = options.create ? null : missingDatabaseMessage(target);
  if (missing) throw new Error(missing);
  const { migrateToLatest, openDatabase } = await import("#db/database.ts");
  const db = openDatabase(target);
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

/** The answer as JSON on stdout; an object answer gets the database it came from first (`database`), an array stays as it is. */
export function printJson(io: CliIO, value: unknown): void {
  const answer =
    io.database !== undefined && value !== null && typeof value === "object" && !Array.isArray(value)
      ? { database: io.database, ...value }
      : value;
  io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
}
