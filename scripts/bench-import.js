// npm run bench:import: generates a 50,000-row export and times parsing and importing it.
// Fails (exit 1) when the whole import takes 5 s or more on this machine.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { register } from "tsx/esm/api";

register();
const { migrateToLatest, openDatabase } = await import("../db/database.ts");
const { buildExport, seededRandom } = await import("../db/sample-export.ts");
const { parseSalesReport } = await import("../domain/imports/telemetry-export-reader.ts");
const { importUpload } = await import("../domain/imports/import-service.ts");

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const LIMIT_MS = 5_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-bench-"));
const db = openDatabase(path.join(dir, "bench.db"));
await migrateToLatest(db);
const partner = await db.insertInto("users").values({ username: "bench", passwordHash: "x" }).returning("id").executeTakeFirstOrThrow();
const machine = await db.insertInto("machines").values({ partnerId: partner.id, location: "Bench Machine" }).returning("id").executeTakeFirstOrThrow();

let started = performance.now();
const bytes = buildExport({ location: "Bench Machine", month: "2026-10", units: ROWS, firstTransactionId: 9_000_000_000, random: seededRandom(1) });
console.error(`Generated a ${ROWS.toLocaleString("en-GB")}-row export (${(bytes.length / 1024 / 1024).toFixed(1)} MB) in ${Math.round(performance.now() - started)} ms`);

started = performance.now();
await parseSalesReport(bytes);
const parseMs = performance.now() - started;

started = performance.now();
const result = await importUpload(db, { machineId: machine.id, month: "2026-10", file: { name: "bench.xlsx", bytes } }, { actorId: null, dataDir: dir });
const importMs = performance.now() - started;

started = performance.now();
const again = await importUpload(db, { machineId: machine.id, month: "2026-10", file: { name: "bench.xlsx", bytes } }, { actorId: null, dataDir: dir });
const reimportMs = performance.now() - started;
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });

console.log(`parse only:           ${Math.round(parseMs)} ms`);
console.log(`import (parse+write): ${Math.round(importMs)} ms  (${result.imported} rows imported)`);
console.log(`re-import:            ${Math.round(reimportMs)} ms  (${again.imported} imported, ${again.duplicates} duplicates)`);
const ok = importMs < LIMIT_MS && result.imported === ROWS && again.imported === 0;
console.log(ok ? `OK: under ${LIMIT_MS} ms` : `TOO SLOW or wrong: the limit is ${LIMIT_MS} ms`);
process.exit(ok ? 0 : 1);
