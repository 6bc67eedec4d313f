// A throwaway PostgreSQL cluster for tests: initdb in a temporary directory, the server on
// 127.0.0.1 at a free port with trust authentication on loopback, removed when done. As root,
// initdb and the server run as the postgres user (PostgreSQL refuses to run as root).
//   node scripts/pg-cluster.js -- COMMAND ARGS…   runs COMMAND with TEST_PG_URL set, then stops the cluster
//   node scripts/pg-cluster.js                    starts one, prints its URL, stops at Ctrl-C
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The directory of PostgreSQL's server programs (initdb, pg_ctl), or null when none is installed. */
export function findPostgresBin() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const config = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (config.status === 0) candidates.push(config.stdout.trim());
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    for (const version of fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(debian, version, "bin"));
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) candidates.push(dir);
  return (
    candidates.find(
      (dir) => dir && fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl")),
    ) ?? null
  );
}

function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** PG_PORT, else the first free port from 5440 up. */
async function freePort() {
  if (process.env.PG_PORT) return Number(process.env.PG_PORT);
  for (let port = 5440; port < 5540; port++) if (await portFree(port)) return port;
  throw new Error("No free port for PostgreSQL between 5440 and 5539");
}

/** Runs a PostgreSQL program, as the postgres user when we are root. */
function runAs(asPostgres, program, args, options = {}) {
  const [command, argv] = asPostgres ? ["runuser", ["-u", "postgres", "--", program, ...args]] : [program, args];
  return spawnSync(command, argv, { encoding: "utf8", ...options });
}

/**
 * Starts a cluster; answers { url, stop }. url is the server's (database `postgres`, user `postgres`);
 * stop() stops the server and removes its directory (also done when this process exits).
 */
export async function startCluster({ log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const bin = findPostgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (no initdb): apt-get install postgresql, or set PG_BIN");
  const asPostgres = process.getuid?.() === 0;
  const base = process.env.PG_CLUSTER_TMP ?? os.tmpdir();
  fs.mkdirSync(base, { recursive: true });
  const dir = fs.mkdtempSync(path.join(base, "vendboard-pg-"));
  const data = path.join(dir, "data");
  if (asPostgres) spawnSync("chown", ["-R", "postgres:postgres", dir]);
  const started = Date.now();
  // C.UTF-8: lower() folds every letter (as unicode_lower does on SQLite) and text sorts by code point (as SQLite's).
  const init = runAs(asPostgres, path.join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--locale=C.UTF-8",
    "--no-sync",
  ]);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  // Throwaway data: no fsync; the socket in our directory, TCP on loopback only.
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = runAs(asPostgres, path.join(bin, "pg_ctl"), [
    "-D",
    data,
    "-o",
    options,
    "-l",
    path.join(dir, "server.log"),
    "-w",
    "start",
  ]);
  if (start.status !== 0) {
    const serverLog = fs.existsSync(path.join(dir, "server.log"))
      ? fs.readFileSync(path.join(dir, "server.log"), "utf8")
      : "";
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${start.stderr || start.stdout}\n${serverLog}`);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  log(`PostgreSQL (${path.basename(path.dirname(bin))}) on ${url}, ready in ${Date.now() - started} ms`);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    runAs(asPostgres, path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stop);
  return { url, stop };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const at = process.argv.indexOf("--");
  const command = at >= 0 ? process.argv.slice(at + 1) : [];
  const cluster = await startCluster();
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));
  if (!command.length) {
    console.log(cluster.url);
    setInterval(() => {}, 1 << 30); // keeps running until a signal
    await new Promise(() => {});
  }
  const child = spawn(command[0], command.slice(1), {
    stdio: "inherit",
    env: { ...process.env, TEST_PG_URL: cluster.url },
  });
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
