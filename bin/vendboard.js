#!/usr/bin/env node
// The vendboard command. It runs the compiled CLI (dist/cli.js, built by `npm install` and
// `npm run build` through scripts/build-cli.js) when that is newer than every file in cli/, domain/
// and db/. Otherwise it runs the TypeScript source through tsx and says so on stderr, so a cron
// job never runs code older than its source.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const compiled = path.join(root, "dist", "cli.js");

/** The newest modification time of `dir` and everything under it (about 80 entries: a few ms). */
function newestMtime(dir) {
  let newest = fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(file) : fs.statSync(file).mtimeMs);
  }
  return newest;
}

function whyNotCompiled() {
  const builtAt = fs.statSync(compiled, { throwIfNoEntry: false })?.mtimeMs;
  if (builtAt === undefined) return "the CLI is not compiled (no dist/cli.js)";
  const newest = Math.max(...["cli", "domain", "db"].map((dir) => newestMtime(path.join(root, dir))));
  return newest > builtAt ? "the compiled CLI is older than its source" : null;
}

const why = whyNotCompiled();
let cli;
if (why) {
  process.stderr.write(`vendboard: ${why}; running the source (npm run build to refresh)\n`);
  const { register } = await import("tsx/esm/api");
  register();
  cli = await import("../cli/index.ts");
} else {
  cli = await import(pathToFileURL(compiled).href);
}
process.exitCode = await cli.main(process.argv);
