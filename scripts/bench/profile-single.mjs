// Profiles one 50,000-row import into a fresh database: node --cpu-prof scripts/bench/profile-single.mjs
// (the export is generated once and kept in the temp dir, so the profile holds the import alone).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { register } from "tsx/esm/api";
register();
const { migrateToLatest, openDatabase } = await import("../../db/database.ts");
const { buildExport, seededRandom } = await import("../../db/sample-export.ts");
const { importExports } = await import("../../domain/imports/import-service.ts");
const file = path.join(os.tmpdir(), "vendboard-profile-50k.xlsx");
if (!fs.existsSync(file))
  fs.writeFileSync(
    file,
    buildExport({
      location: "Single Machine",
      month: "2026-09",
      units: 50000,
      firstTransactionId: 1,
      random: seededRandom(7),
    }),
  );
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prof-"));
const db = openDatabase(path.join(dir, "p.db"));
await migrateToLatest(db);
const p = await db
  .insertInto("users")
  .values({ username: "p", passwordHash: "x" })
  .returning("id")
  .executeTakeFirstOrThrow();
await db.insertInto("machines").values({ partnerId: p.id, location: "Single Machine" }).execute();
const bytes = new Uint8Array(fs.readFileSync(file));
const t = performance.now();
const cpu = process.cpuUsage();
const [o] = await importExports(
  db,
  [{ name: "s.xlsx", bytes }],
  {},
  { actorId: null, dataDir: dir, readOnThisThread: process.env.WORKER !== "1" },
);
const used = process.cpuUsage(cpu);
console.log(
  "import",
  Math.round(performance.now() - t),
  "ms wall,",
  Math.round((used.user + used.system) / 1000),
  "ms cpu",
  o.ok,
);
