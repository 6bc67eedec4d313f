// Where GET /admin's loader spends its time: bench:scale's world (BENCH_SCALE=small: a tenth) built
// through the product's functions, then each of the loader's four reads timed alone (median and
// minimum of 15 after 3 warm-ups), in this process, with no HTTP and no rendering.
//   node scripts/bench/profile-admin.mjs            # BENCH_SCALE=small for a tenth of the world
//   PROFILE_DB=/path/vendboard.db node scripts/bench/profile-admin.mjs   # a world kept by BENCH_KEEP=1
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { register } from "tsx/esm/api";
import { buildWorld } from "./world.js";

register();
const lib = {
  ...(await import("../../db/database.ts")),
  ...(await import("../../db/sample-export.ts")),
  ...(await import("../../db/enums.ts")),
  ...(await import("../../domain/accounts/user-service.ts")),
  ...(await import("../../domain/partners/partner-service.ts")),
  ...(await import("../../domain/machines/machine-service.ts")),
  ...(await import("../../domain/imports/import-service.ts")),
  ...(await import("../../domain/commissions/commission-payment-service.ts")),
  ...(await import("../../domain/invoices/invoice-generation.ts")),
  ...(await import("../../domain/invoices/invoice-lifecycle.ts")),
};
const { listPartnerPage } = await import("../../domain/partners/partner-list-service.ts");
const { pageRequest } = await import("../../domain/shared/paging.ts");
const { getStats } = await import("../../domain/partners/partner-detail-service.ts");
const { receivablesTotals } = await import("../../domain/receivables/account-service.ts");
const { payables } = await import("../../domain/commissions/commission-summary.ts");

const SMALL = process.env.BENCH_SCALE === "small";
let databasePath = process.env.PROFILE_DB;
let dir;
if (!databasePath) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-profile-"));
  databasePath = path.join(dir, "vendboard.db");
  const db = lib.openDatabase(databasePath);
  await lib.migrateToLatest(db);
  const world = await buildWorld(db, lib, {
    partners: SMALL ? 100 : 1000,
    machinesPerPartner: 10,
    bigPartnerMachines: 100,
    months: 12,
    minSales: 4,
    maxSales: 13,
    products: 240,
    rowsPerFile: 45_000,
    floorFiles: 2,
    dataDir: dir,
  });
  await db.destroy();
  console.log(`World: ${world.partners} partners, ${world.machines} machines, ${world.rows} sales`);
}

const db = lib.openDatabase(databasePath);
const parts = {
  "listPartnerPage (first page)": () => listPartnerPage(db, { query: "", page: pageRequest(new URLSearchParams()) }),
  getStats: () => getStats(db),
  receivablesTotals: () => receivablesTotals(db),
  payables: () => payables(db),
  "all four at once (as the loader)": () =>
    Promise.all([
      listPartnerPage(db, { query: "", page: pageRequest(new URLSearchParams()) }),
      getStats(db),
      receivablesTotals(db),
      payables(db),
    ]),
};
for (const [name, run] of Object.entries(parts)) {
  const times = [];
  for (let i = 0; i < 18; i++) {
    const started = performance.now();
    await run();
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(36)} median ${times[7].toFixed(1).padStart(6)} ms   min ${times[0].toFixed(1).padStart(6)} ms`,
  );
}
await db.destroy();
if (dir) fs.rmSync(dir, { recursive: true, force: true });
