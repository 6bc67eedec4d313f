/** Where the data lives: shared by the web server, the CLI and the scripts. */
import path from "node:path";

export const DEFAULT_DATABASE_PATH = "./data/vendboard.db";

export function databasePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_PATH?.trim() || DEFAULT_DATABASE_PATH;
}

/** The data directory is the database's folder: uploads, outbox and the dev session secret live there. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.dirname(path.resolve(databasePath(env)));
}
