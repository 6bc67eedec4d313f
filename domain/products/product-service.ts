/** Product analytics over the (product, machine, month) rollup, and the product sales workbook. */
import { sql, type Kysely } from "kysely";
import * as XLSX from "xlsx";
import type { Database } from "#db/schema.ts";
import { formatMonth } from "../shared/dates.ts";
import { badInput } from "../shared/errors.ts";
import { penceToPounds } from "../shared/money.ts";
import type { ProductAnalyticsRecord } from "./product-rules.ts";

type DB = Kysely<Database>;

export interface AnalyticsRange {
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

interface Row {
  productId: number;
  name: string;
  machineId: number;
  location: string;
  units: number;
  revenuePence: number;
}

const isMonthStart = (day: string) => day.endsWith("-01");
const isMonthEnd = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(d.getTime() + 86_400_000).getUTCDate() === 1;
};

/**
 * Per product and machine units and revenue. Whole months (and all time) read the rollup written
 * at import; a range that cuts a month reads the sales themselves.
 */
async function productMachineRows(db: DB, range: AnalyticsRange): Promise<Row[]> {
  const { from, to } = range;
  if (from && to && from > to) throw badInput("The start of the range is after its end");
  const wholeMonths = (!from || isMonthStart(from)) && (!to || isMonthEnd(to));
  if (wholeMonths) {
    let query = db
      .selectFrom("productSalesMonthly as r")
      .innerJoin("products as p", "p.id", "r.productId")
      .innerJoin("machines as m", "m.id", "r.machineId")
      .select((eb) => [
        "r.productId",
        "p.name",
        "r.machineId",
        "m.location",
        eb.fn.sum<number>("r.units").as("units"),
        eb.fn.sum<number>("r.revenuePence").as("revenuePence"),
      ])
      .groupBy(["r.productId", "r.machineId"]);
    if (from) query = query.where("r.month", ">=", from.slice(0, 7));
    if (to) query = query.where("r.month", "<=", to.slice(0, 7));
    return query.execute();
  }
  let query = db
    .selectFrom("sales as s")
    .innerJoin("products as p", "p.id", "s.productId")
    .innerJoin("machines as m", "m.id", "s.machineId")
    .select((eb) => [
      "s.productId",
      "p.name",
      "s.machineId",
      "m.location",
      eb.fn.count<number>(eb.case().when("s.kind", "=", "sale").then(1).end()).as("units"),
      eb.fn.sum<number>("s.settlementPence").as("revenuePence"),
    ])
    .groupBy(["s.productId", "s.machineId"]);
  if (from) query = query.where("s.saleDate", ">=", `${from}T00:00:00.000Z`);
  if (to) query = query.where("s.saleDate", "<", sql<string>`strftime('%Y-%m-%dT00:00:00.000Z', ${to}, '+1 day')`);
  return query.execute();
}

/** Every product with its total units, revenue and the machines it sells in. */
export async function productAnalytics(db: DB, range: AnalyticsRange = {}): Promise<ProductAnalyticsRecord[]> {
  const rows = await productMachineRows(db, range);
  const products = new Map<number, ProductAnalyticsRecord & { revenuePence: number }>();
  for (const row of rows) {
    const units = Number(row.units);
    if (units <= 0 && Number(row.revenuePence) === 0) continue;
    const entry = products.get(row.productId) ?? { name: row.name, totalSales: 0, totalRevenue: 0, revenuePence: 0, machines: [] };
    entry.totalSales += units;
    entry.revenuePence += Number(row.revenuePence);
    entry.machines.push({ id: row.machineId, location: row.location, unitsSold: units });
    products.set(row.productId, entry);
  }
  return [...products.values()]
    .map(({ revenuePence, ...p }) => ({ ...p, totalRevenue: penceToPounds(revenuePence) }))
    .sort((a, b) => b.totalSales - a.totalSales || a.name.localeCompare(b.name));
}

/** The product sales report of a month: per product, and per machine and product. */
export async function productSalesWorkbook(db: DB, month: string): Promise<Uint8Array> {
  const inMonth = await db
    .selectFrom("productSalesMonthly as r")
    .innerJoin("products as p", "p.id", "r.productId")
    .innerJoin("machines as m", "m.id", "r.machineId")
    .select(["p.name", "m.location", "r.units", "r.revenuePence"])
    .where("r.month", "=", month)
    .orderBy("p.name")
    .orderBy("m.location")
    .execute();
  const byProduct = new Map<string, { units: number; revenuePence: number; machines: Set<string> }>();
  for (const r of inMonth) {
    const e = byProduct.get(r.name) ?? { units: 0, revenuePence: 0, machines: new Set<string>() };
    e.units += r.units;
    e.revenuePence += r.revenuePence;
    e.machines.add(r.location);
    byProduct.set(r.name, e);
  }
  const title = `Product sales report: ${formatMonth(month)}`;
  const products = [...byProduct]
    .sort((a, b) => b[1].units - a[1].units || a[0].localeCompare(b[0]))
    .map(([name, e]) => [name, e.units, penceToPounds(e.revenuePence), e.machines.size]);
  const totalUnits = products.reduce((s, p) => s + (p[1] as number), 0);
  const totalRevenue = penceToPounds(inMonth.reduce((s, r) => s + r.revenuePence, 0));
  const sheet1 = XLSX.utils.aoa_to_sheet([[title], ["Product Name", "Units Sold", "Revenue (£)", "Machines"], ...products, ["Total", totalUnits, totalRevenue, ""]]);
  sheet1["!cols"] = [{ wch: 32 }, { wch: 12 }, { wch: 14 }, { wch: 10 }];
  const sheet2 = XLSX.utils.aoa_to_sheet([
    [title],
    ["Machine Location", "Product Name", "Units Sold", "Revenue (£)"],
    ...[...inMonth].sort((a, b) => a.location.localeCompare(b.location) || b.units - a.units).map((r) => [r.location, r.name, r.units, penceToPounds(r.revenuePence)]),
  ]);
  sheet2["!cols"] = [{ wch: 32 }, { wch: 32 }, { wch: 12 }, { wch: 14 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet1, "Products");
  XLSX.utils.book_append_sheet(book, sheet2, "By machine");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }));
}
