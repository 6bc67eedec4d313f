/** The product sales workbook of a month: per product, and per machine and product, from the rollup. */
import type { Kysely } from "kysely";
import * as XLSX from "xlsx";
import type { Database } from "#db/schema.ts";
import { formatMonth } from "../shared/dates.ts";
import { penceToPounds } from "../shared/money.ts";
import { MONEY_CELL, UNITS_CELL, formatColumns } from "../shared/workbooks.ts";

type DB = Kysely<Database>;

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
  const sheet1 = XLSX.utils.aoa_to_sheet([
    [title],
    ["Product Name", "Units Sold", "Revenue (£)", "Machines"],
    ...products,
    ["Total", totalUnits, totalRevenue, ""],
  ]);
  formatColumns(sheet1, { 1: UNITS_CELL, 2: MONEY_CELL, 3: UNITS_CELL }, 2);
  sheet1["!cols"] = [{ wch: 32 }, { wch: 12 }, { wch: 14 }, { wch: 10 }];
  const sheet2 = XLSX.utils.aoa_to_sheet([
    [title],
    ["Machine Location", "Product Name", "Units Sold", "Revenue (£)"],
    ...[...inMonth]
      .sort((a, b) => a.location.localeCompare(b.location) || b.units - a.units)
      .map((r) => [r.location, r.name, r.units, penceToPounds(r.revenuePence)]),
  ]);
  formatColumns(sheet2, { 2: UNITS_CELL, 3: MONEY_CELL }, 2);
  sheet2["!cols"] = [{ wch: 32 }, { wch: 32 }, { wch: 12 }, { wch: 14 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet1, "Products");
  XLSX.utils.book_append_sheet(book, sheet2, "By machine");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }));
}
