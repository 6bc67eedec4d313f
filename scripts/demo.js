// npm run demo (or deno task demo): builds if needed, creates a fresh demo database, prints the logins and serves it.
// The e2e suite starts the same script on a temporary database and another port.
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureBuild, isDeno, runtimeArgs, root } from "./lib.js";

// Node loads the TypeScript below through tsx; Deno runs TypeScript itself (and fails in tsx's loader).
if (!isDeno) (await import("tsx/esm/api")).register();
const { migrateToLatest, openDatabase } = await import("../db/database.ts");
const { seedDemo } = await import("../domain/demo/demo-seed.ts");
const { describeTarget } = await import("../db/config.ts");

if (!process.argv.includes("--no-build")) ensureBuild();

// DEMO_DATABASE_PATH, never DATABASE_PATH: the demo deletes and recreates its database.
const databasePath = path.resolve(root, process.env.DEMO_DATABASE_PATH ?? "data/demo.db");
// DEMO_DATABASE_URL (postgres://…, the e2e smoke on PostgreSQL): the demo on that database instead,
// which must be empty (nothing is deleted there); the data directory stays DEMO_DATABASE_PATH's folder.
const databaseUrl = process.env.DEMO_DATABASE_URL?.trim() || undefined;
const port = process.env.PORT ?? "3000";
if (!databaseUrl) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(databasePath + suffix, { force: true });
fs.mkdirSync(path.dirname(databasePath), { recursive: true });

const db = openDatabase(databaseUrl ? { engine: "postgres", url: databaseUrl } : databasePath);
if (databaseUrl && (await db.introspection.getTables()).length > 0) {
  await db.destroy();
  console.error("DEMO_DATABASE_URL must name an empty database: the demo seeds its own world and deletes nothing.");
  process.exit(1);
}
await migrateToLatest(db);
const logins = await seedDemo(db, path.dirname(databasePath));
await db.destroy();

// The demo keeps its own session secret beside its database.
const secretFile = path.join(path.dirname(databasePath), "demo-session-secret");
if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, randomBytes(32).toString("hex"), { mode: 0o600 });

const shown = databaseUrl
  ? describeTarget({ engine: "postgres", url: databaseUrl })
  : path.relative(root, databasePath) || databasePath;
console.log(`\nVendboard demo on http://localhost:${port} (database ${shown})\n`);
console.log("Demo logins:");
const width = Math.max(...logins.map((l) => l.role.length));
for (const login of logins) console.log(`  ${login.role.padEnd(width)}  ${login.username} / ${login.password}`);
console.log("");

const server = spawn(process.execPath, runtimeArgs(path.join(root, "server.js")), {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    // One process is enough for a demo.
    WEB_CONCURRENCY: "1",
    DATABASE_PATH: databasePath,
    // The demo serves what it seeded: never a DATABASE_URL from the caller's environment.
    DATABASE_URL: databaseUrl ?? "",
    PORT: port,
    SESSION_SECRET: process.env.SESSION_SECRET ?? fs.readFileSync(secretFile, "utf8").trim(),
    // The demo's emails link to where it is served, unless APP_URL says otherwise.
    APP_URL: process.env.APP_URL?.trim() || `http://localhost:${port}`,
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
