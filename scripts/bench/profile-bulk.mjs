// Profiles the bulk import of files that each name many machines: node --cpu-prof scripts/bench/profile-bulk.mjs
// (machines are inserted directly: only the import is under the profiler; bench:scale builds its world through the domain).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { register } from "tsx/esm/api";
register();
const { migrateToLatest, openDatabase } = await import("../../db/database.ts");
const { buildExport, seededRandom, CATALOGUE } = await import("../../db/sample-export.ts");
const { importExports } = await import("../../domain/imports/import-service.ts");
const { catalogueOf } = await import("./world.js");
const MACHINES = Number(process.env.MACHINES ?? 1000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prof-bulk-"));
const db = openDatabase(path.join(dir, "p.db"));
await migrateToLatest(db);
const p = await db
  .insertInto("users")
  .values({ username: "p", passwordHash: "x" })
  .returning("id")
  .executeTakeFirstOrThrow();
const names = Array.from({ length: MACHINES }, (_, i) => `Machine ${i}`);
for (const name of names) await db.insertInto("machines").values({ partnerId: p.id, location: name }).execute();
const random = seededRandom(3);
const catalogue = catalogueOf(CATALOGUE, 240);
let tx = 1;
const sources = [];
for (const month of ["2026-05", "2026-06", "2026-07", "2026-08"]) {
  const machines = names.map((name) => ({ name, units: 4 + Math.floor(random() * 10) }));
  const units = machines.reduce((n, m) => n + m.units, 0);
  sources.push({
    name: `${month}.xlsx`,
    bytes: buildExport({ location: "", machines, month, units, firstTransactionId: tx, random, catalogue }),
    rows: units,
  });
  tx += units;
}
const rows = sources.reduce((n, s) => n + s.rows, 0);
const t = performance.now();
const outcomes = await importExports(db, sources, {}, { actorId: null, dataDir: dir });
const ms = performance.now() - t;
console.log(
  `${rows} rows in ${Math.round(ms)} ms: ${Math.round((rows / ms) * 1000)} rows/s`,
  outcomes.every((o) => o.ok),
);
