/**
 * PostgreSQL's client programs (pg_dump, pg_restore) for `vendboard db backup|restore` with
 * DATABASE_URL, found where scripts/pg-cluster.js finds initdb, and run without the password on
 * their command line (it goes in PGPASSWORD, out of `ps`).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export class PgToolError extends Error {}

/** The path of a PostgreSQL client program: PG_BIN, pg_config --bindir, /usr/lib/postgresql/<newest>/bin, then PATH. */
export function findPgProgram(name: "pg_dump" | "pg_restore", env: NodeJS.ProcessEnv = process.env): string {
  const candidates: string[] = [];
  if (env.PG_BIN) candidates.push(env.PG_BIN);
  const config = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (config.status === 0) candidates.push(config.stdout.trim());
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    for (const version of fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(debian, version, "bin"));
  }
  for (const dir of (env.PATH ?? "").split(path.delimiter)) candidates.push(dir);
  const found = candidates.find((dir) => dir && fs.existsSync(path.join(dir, name)));
  if (!found)
    throw new PgToolError(
      `${name} is not installed: install the package postgresql-client (apt-get install postgresql-client), or set PG_BIN to the folder that holds it`,
    );
  return path.join(found, name);
}

/** The URL without its password, and the environment that carries the password instead. */
export function connectionFor(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), env: password ? { ...env, PGPASSWORD: password } : { ...env } };
}

/** Runs a client program; rejects with its standard error when it fails. */
export function runPgProgram(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("error", (error) =>
      reject(new PgToolError(`${path.basename(program)} could not start: ${error.message}`)),
    );
    child.on("close", (code) =>
      code === 0
        ? resolve(out)
        : reject(new PgToolError(`${path.basename(program)} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}
