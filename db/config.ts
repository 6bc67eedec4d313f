/** Where the data lives: shared by the web server, the CLI and the scripts. */
import path from "node:path";

export const DEFAULT_DATABASE_PATH = "./data/vendboard.db";

export function databasePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_PATH?.trim() || DEFAULT_DATABASE_PATH;
}

/** Where the database is: the SQLite file, or a PostgreSQL server's URL. */
export type DatabaseTarget = { engine: "sqlite"; file: string } | { engine: "postgres"; url: string };

export const isPostgresUrl = (value: string) => /^postgres(ql)?:\/\//i.test(value.trim());

/** DATABASE_URL (postgres://…) when set, else the SQLite file at DATABASE_PATH. */
export function databaseTarget(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!isPostgresUrl(url))
      throw new Error(
        `DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use the SQLite file at DATABASE_PATH)`,
      );
    return { engine: "postgres", url };
  }
  return { engine: "sqlite", file: databasePath(env) };
}

/** Query parameters of a PostgreSQL URL that carry a secret: never shown. */
const SECRET_PARAMS = /^(password|sslpassword|sslkey|passfile)$/i;

/** The database as people read it: the file's path, or the URL with its password (and any secret parameter) as ***. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.engine === "sqlite") return target.file;
  try {
    const url = new URL(target.url);
    if (url.password) url.password = "***";
    for (const key of [...url.searchParams.keys()]) if (SECRET_PARAMS.test(key)) url.searchParams.set(key, "***");
    return url.toString();
  } catch {
    return "PostgreSQL (a URL that does not parse)";
  }
}

/**
 * The line every CLI command writes on stderr before it opens the database: the SQLite file (and where a
 * relative path lands from `cwd`), or the PostgreSQL host and database, never the password.
 */
export function databaseLine(target: DatabaseTarget, cwd: string): string {
  if (target.engine === "sqlite") {
    const full = path.resolve(cwd, target.file);
    return `Database: SQLite file ${target.file}${path.isAbsolute(target.file) ? "" : ` (${full})`}`;
  }
  try {
    const url = new URL(target.url);
    const host = url.hostname || url.searchParams.get("host") || "localhost";
    const port = url.port ? `:${url.port}` : "";
    const name = decodeURIComponent(url.pathname.replace(/^\//, "")) || url.searchParams.get("dbname") || "(default)";
    const user = url.username ? `, user ${decodeURIComponent(url.username)}` : "";
    return `Database: PostgreSQL database ${name} on ${host}${port}${user}`;
  } catch {
    return "Database: PostgreSQL (DATABASE_URL does not parse as a URL)";
  }
}

/** The data directory is the database's folder: uploads, outbox and the dev session secret live there. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.dirname(path.resolve(databasePath(env)));
}

export const DEFAULT_MAIL_FROM = "Vendboard <no-reply@vendboard.local>";

/** Where the app is reached outside production (development, the demo, tests). */
export const DEFAULT_APP_URL = "http://localhost:3000";

/** The message when APP_URL is missing or not an http(s) address: the server refuses to start with it. */
export const APP_URL_REQUIRED =
  "APP_URL is required in production: the address partners open the app at, for the links in emails (for example: export APP_URL=https://vendboard.example.com)";

/**
 * The app's public address (APP_URL), for links in emails: an http(s) URL without query or fragment,
 * kept without its trailing slash. Required when NODE_ENV is production (throws APP_URL_REQUIRED);
 * http://localhost:3000 otherwise. Never taken from a request's Host header.
 */
export function appUrl(env: NodeJS.ProcessEnv = process.env): string {
  const value = env.APP_URL?.trim();
  if (!value) {
    if (env.NODE_ENV === "production") throw new Error(APP_URL_REQUIRED);
    return DEFAULT_APP_URL;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`APP_URL must be an http:// or https:// address: ${value}`);
  }
  if (
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new Error(`APP_URL must be an http:// or https:// address without query, fragment or credentials: ${value}`);
  }
  return url.toString().replace(/\/+$/, "");
}

/** Mail settings: SMTP when SMTP_URL is set, otherwise .eml files in the data directory's outbox; links to APP_URL. */
export function mailConfig(env: NodeJS.ProcessEnv = process.env) {
  return {
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    from: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    outboxDir: path.join(dataDir(env), "outbox"),
    appUrl: appUrl(env),
  };
}
