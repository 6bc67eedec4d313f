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

export const DEFAULT_MAIL_FROM = "Vendboard <no-reply@vendboard.local>";

/** Mail settings: SMTP when SMTP_URL is set, otherwise .eml files in the data directory's outbox. */
export function mailConfig(env: NodeJS.ProcessEnv = process.env) {
  return {
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    from: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    outboxDir: path.join(dataDir(env), "outbox"),
  };
}
