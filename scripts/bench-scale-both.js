// npm run bench:scale:both: `npm run bench:scale` on SQLite, then on PostgreSQL (a throwaway
// cluster from scripts/pg-cluster.js, an empty database made for it), then one table with each
// figure on both engines beside its goal. The goals are held on SQLite, the product's default:
// exits 1 when SQLite misses one; PostgreSQL's figures are printed beside them (a miss is marked).
// BENCH_SCALE=small as for bench:scale.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "./lib.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-both-"));
const sqliteJson = path.join(dir, "sqlite.json");
const pgJson = path.join(dir, "pg.json");
const bench = path.join(root, "scripts/bench-scale.js");

/** Runs bench:scale with `env`; its figures, or null when it wrote none (it failed before its table). */
function run(args, env, json) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env, BENCH_RESULTS_JSON: json },
  });
  if (result.error) throw result.error;
  return fs.existsSync(json) ? JSON.parse(fs.readFileSync(json, "utf8")) : null;
}

const sqlite = run([bench], { DATABASE_URL: "" }, sqliteJson);
// The cluster's URL names the postgres database: a database of its own is made for the world.
const makeDatabase = `import pg from "pg"; const c = new pg.Client({ connectionString: process.env.TEST_PG_URL });
await c.connect(); await c.query("create database bench"); await c.end();
const url = process.env.TEST_PG_URL.replace(/\\/postgres$/, "/bench");
const { spawnSync } = await import("node:child_process");
process.exit(spawnSync(process.execPath, [${JSON.stringify(bench)}], { stdio: "inherit", env: { ...process.env, DATABASE_URL: url } }).status ?? 1);`;
const postgres = run(
  [path.join(root, "scripts/pg-cluster.js"), "--", process.execPath, "--input-type=module", "-e", makeDatabase],
  {},
  pgJson,
);
fs.rmSync(dir, { recursive: true, force: true });
if (!sqlite) {
  console.error("bench:scale on SQLite did not finish: see above");
  process.exit(1);
}

const byName = new Map((postgres ?? []).map((r) => [r.name, r]));
const rows = sqlite.map((r) => {
  const pgRow = byName.get(r.name);
  byName.delete(r.name);
  return [r.name, r.value, pgRow ? `${pgRow.value}${pgRow.ok === false ? " (missed)" : ""}` : "—", r.goal, r.ok];
});
// Figures only PostgreSQL has (the db copy).
for (const r of byName.values()) rows.push([r.name, "—", r.value, r.goal, null]);
const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length), 10));
console.log(`\nbench:scale on both engines (${process.env.BENCH_SCALE === "small" ? "BENCH_SCALE=small" : "full"})\n`);
console.log(`${"figure".padEnd(widths[0])}  ${"SQLite".padEnd(widths[1])}  ${"PostgreSQL".padEnd(widths[2])}  goal`);
for (const [name, a, b, goal, ok] of rows)
  console.log(
    `${name.padEnd(widths[0])}  ${a.padEnd(widths[1])}  ${b.padEnd(widths[2])}  ${goal}  ${ok === false ? "MISSED" : ok === null ? "" : "met"}`,
  );
if (!postgres) console.log("\nPostgreSQL: no figures (no PostgreSQL installed, or its run failed: see above)");
const missed = sqlite.filter((r) => r.ok === false).length;
console.log(`\nSQLite: ${sqlite.length - missed} goals met, ${missed} missed`);
process.exit(missed ? 1 : 0);
