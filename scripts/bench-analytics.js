// npm run bench:analytics: 1,000,000 generated sales rows, then the analytics call timed.
// Fails (exit 1) when the call takes 300 ms or more on this machine.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { register } from "tsx/esm/api";

register();
const { migrateToLatest, openDatabase, openSqlite } = await import("../db/database.ts");
const { productAnalytics } = await import("../domain/products/product-service.ts");

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const LIMIT_MS = 300;
const MACHINES = 40;
const PRODUCTS = 60;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-bench-"));
const file = path.join(dir, "bench.db");

const setup = openDatabase(file);
await migrateToLatest(setup);
await setup.destroy();

let started = performance.now();
const sqlite = openSqlite(file);
sqlite.exec("insert into users (username, password_hash) values ('bench', 'x')");
const machine = sqlite.prepare("insert into machines (partner_id, location) values (1, ?)");
const product = sqlite.prepare("insert into products (name, current_price_pence, current_cost_pence) values (?, ?, ?)");
const record = sqlite.prepare("insert into monthly_records (machine_id, month) values (?, ?)");
const sale = sqlite.prepare(
  "insert into sales (machine_id, record_id, product_id, sale_date, price_pence, cost_pence, settlement_pence, transaction_id, kind) values (?, ?, ?, ?, ?, ?, ?, ?, 'sale')",
);
let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
sqlite.transaction(() => {
  for (let m = 1; m <= MACHINES; m++) machine.run(`Bench Machine ${m}`);
  for (let p = 1; p <= PRODUCTS; p++) product.run(`Bench Product ${p}`, 100 + p, 40 + p);
  const records = new Map();
  for (let i = 0; i < ROWS; i++) {
    const machineId = 1 + Math.floor(random() * MACHINES);
    const month = `2026-${String(1 + Math.floor(random() * 10)).padStart(2, "0")}`;
    const key = `${machineId}:${month}`;
    if (!records.has(key)) records.set(key, Number(record.run(machineId, month).lastInsertRowid));
    const productId = 1 + Math.floor(random() ** 1.5 * PRODUCTS);
    sale.run(machineId, records.get(key), productId, `${month}-15T12:00:00.000Z`, 100 + productId, 40 + productId, 100 + productId, String(i), );
  }
  // The rollup the import keeps, built here in one statement.
  sqlite.exec(`insert into product_sales_monthly (product_id, machine_id, month, units, revenue_pence)
    select s.product_id, s.machine_id, r.month, count(*), sum(s.settlement_pence)
    from sales s join monthly_records r on r.id = s.record_id group by 1, 2, 3`);
})();
sqlite.close();
console.error(`Generated ${ROWS.toLocaleString("en-GB")} sales in ${Math.round(performance.now() - started)} ms`);

const db = openDatabase(file);
await productAnalytics(db); // warm the page cache once
const times = [];
let answer = [];
for (let i = 0; i < 5; i++) {
  started = performance.now();
  answer = await productAnalytics(db);
  times.push(performance.now() - started);
}
started = performance.now();
const ranged = await productAnalytics(db, { from: "2026-03-10", to: "2026-04-20" });
const rangedMs = performance.now() - started;
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });

const best = Math.min(...times);
const worst = Math.max(...times);
const units = answer.reduce((s, p) => s + p.totalSales, 0);
console.log(`analytics, all time: best ${Math.round(best)} ms, worst ${Math.round(worst)} ms (${answer.length} products, ${units.toLocaleString("en-GB")} units)`);
console.log(`analytics, a range cutting months (reads sales): ${Math.round(rangedMs)} ms (${ranged.length} products)`);
const ok = worst < LIMIT_MS && units === ROWS;
console.log(ok ? `OK: under ${LIMIT_MS} ms` : `TOO SLOW or wrong: the limit is ${LIMIT_MS} ms`);
process.exit(ok ? 0 : 1);
