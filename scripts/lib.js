// Helpers shared by the package scripts: build freshness, the browser preflight, running tools.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds the app when there is no build or a source file is newer than it. */
/**
 * Builds the app when a source is newer than the build. With `logger` (npm start, production) the
 * build's own output is kept off the terminal and logged as JSON lines: one when it starts, one
 * when it is done, or its output in one error line when it fails.
 * @param {{ force?: boolean, logger?: import("pino").Logger }} [options]
 */
/**
 * The build's environment: NODE_ENV=production whoever asks. Vitest sets NODE_ENV=test, and a build
 * started from a test (through buildOnce) then bundled React's development code: about 50 KB more
 * gzipped on every page, which bench:scale's first-load figures then measured.
 */
const productionBuildEnv = () => ({ ...process.env, NODE_ENV: "production" });

export function ensureBuild({ force = false, logger } = {}) {
  // VENDBOARD_BUILD_DIR: a private build (vite.config.ts and server.js read it too).
  const built = path.join(path.resolve(root, process.env.VENDBOARD_BUILD_DIR ?? "build"), "server", "index.js");
  const sources = ["app", "domain", "db", "public", "vite.config.ts", "package.json"].map((p) => path.join(root, p));
  const stale = force || !fs.existsSync(built) || Math.max(...sources.map(newestMtime)) > fs.statSync(built).mtimeMs;
  if (!stale) return;
  if (!logger) {
    // Warnings and errors only: the list of every file built (about 240 lines) is `npm run build`'s to print.
    console.error("Building the app (a minute or so; warnings and errors only)…");
    const started = Date.now();
    const status = run(bin("remix"), ["vite:build", "--logLevel", "warn"], { env: productionBuildEnv() });
    // As before, the caller goes on (npm test counts what fails after it); the failure is said here.
    if (status !== 0)
      console.error(`The build failed (exit ${status}): see above, or npm run build for its full output.`);
    else console.error(`Built the app in ${Math.round((Date.now() - started) / 1000)} s.`);
    return;
  }
  logger.info("Building the app");
  const started = Date.now();
  const result = spawnSync(bin("remix"), ["vite:build"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: productionBuildEnv(),
  });
  if (result.error || result.status !== 0) {
    logger.fatal({ output: `${result.stdout ?? ""}${result.stderr ?? ""}`, err: result.error }, "The build failed");
    process.exit(1);
  }
  logger.info({ ms: Date.now() - started }, "Built the app");
}

/** True when this script runs on Deno (`deno task start`, `deno task demo`). */
export const isDeno = typeof globalThis.Deno !== "undefined";

/**
 * The arguments that run `script` on the runtime running this one: `node [flags] script`, or
 * `deno run` with every permission and no remote module (nothing is downloaded at run time).
 * @param {string} script
 * @param {string[]} [v8Flags]
 */
export function runtimeArgs(script, v8Flags = []) {
  if (!isDeno) return [...v8Flags, script];
  return ["run", "--allow-all", "--no-remote", ...(v8Flags.length ? [`--v8-flags=${v8Flags.join(",")}`] : []), script];
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export const CHROMIUM = "/usr/bin/chromium";

/** Browser tests need Debian's Chromium and PDF checks need poppler: install them as root, else say how. */
export function preflight() {
  const missing = [];
  if (!fs.existsSync(CHROMIUM)) missing.push("chromium");
  if (spawnSync("sh", ["-c", "command -v pdftotext"]).status !== 0) missing.push("poppler-utils");
  if (!missing.length) return;
  if (process.getuid?.() === 0) {
    console.error(`Installing ${missing.join(" and ")} with apt-get…`);
    if (run("apt-get", ["update", "-qq"]) !== 0 || run("apt-get", ["install", "-y", "-qq", ...missing]) !== 0) {
      console.error("apt-get could not install the browser test tools.");
      process.exit(1);
    }
    return;
  }
  console.error(
    `Missing ${missing.join(" and ")}: run \`sudo apt-get install -y ${missing.join(" ")}\` and try again.`,
  );
  process.exit(1);
}

export { bin };
