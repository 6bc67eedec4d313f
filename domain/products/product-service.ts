/**
 * Product analytics over the (product, machine, month) rollup and its all-time totals
 * (product_sales_totals, kept by triggers) and Products Analytics' pages; the product sales workbook
 * is made in product-workbook-service.ts.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { containsText, lowerText, oneIf } from "#db/dialect.ts";
import { badInput } from "../shared/errors.ts";
import { isoDay } from "../shared/dates.ts";
import { clampPage, offsetOf, pageInfo, type PageInfo, type PageRequest } from "../shared/paging.ts";
import { unitsOf } from "../imports/sales-writer.ts";
import {
  DISTRIBUTION_LIMIT,
  TOP_LIMIT,
  unitsShare,
  type DistributionRow,
  type ProductAnalyticsRecord,
} from "./product-rules.ts";

type DB = Kysely<Database>;

// The workbook is its own module; callers keep importing it from here.
export { productSalesWorkbook } from "./product-workbook-service.ts";

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
 * at import; a range that cuts a month reads the sales themselves (units: the sales' quantities, as
 * the rollup counts them).
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
      .groupBy(["r.productId", "p.name", "r.machineId", "m.location"]);
    if (from) query = query.where("r.month", ">=", from.slice(0, 7));
    if (to) query = query.where("r.month", "<=", to.slice(0, 7));
    // Each product's machines in id order: SQLite's GROUP BY gave it by chance, PostgreSQL's does not.
    return query.orderBy("r.productId").orderBy("r.machineId").execute();
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
      eb.fn.sum<number>(unitsOf(eb.ref("s.kind"), eb.ref("s.quantity"))).as("units"),
      eb.fn.sum<number>("s.settlementPence").as("revenuePence"),
    ])
    .groupBy(["s.productId", "p.name", "s.machineId", "m.location"]);
  if (from) query = query.where("s.saleDate", ">=", `${from}T00:00:00.000Z`);
  if (to) query = query.where("s.saleDate", "<", dayAfter(to));
  return query.orderBy("s.productId").orderBy("s.machineId").execute();
}

/** Every product with its total units, revenue and the machines it sells in. */
export async function productAnalytics(db: DB, range: AnalyticsRange = {}): Promise<ProductAnalyticsRecord[]> {
  const rows = await productMachineRows(db, range);
  const products = new Map<number, ProductAnalyticsRecord>();
  for (const row of rows) {
    const units = Number(row.units);
    if (units <= 0 && Number(row.revenuePence) === 0) continue;
    const entry = products.get(row.productId) ?? {
      name: row.name,
      totalSales: 0,
      totalRevenuePence: 0,
      machines: [],
    };
    entry.totalSales += units;
    entry.totalRevenuePence += Number(row.revenuePence);
    entry.machines.push({ id: row.machineId, location: row.location, unitsSold: units });
    products.set(row.productId, entry);
  }
  return [...products.values()].sort((a, b) => b.totalSales - a.totalSales || a.name.localeCompare(b.name));
}

/** A product as Products Analytics' tables show it, all time. */
export interface ProductRow {
  name: string;
  totalSales: number;
  totalRevenuePence: number;
  /** Machines it sold (or refunded) in. */
  machines: number;
  /** Its cost per unit: the cost list's in force today where it has one, else its latest sale's. */
  costPence: number;
  /** Whether costPence is the cost list's. */
  costFromList: boolean;
}

export type ProductTab = "all" | "top" | "distribution";

export interface ProductView {
  /** Products with sales, whatever the search (none: 'No products found in the system'). */
  productCount: number;
  /** Products the search matches (none: 'No products match your search criteria'). */
  matching: number;
  /** All Products: a page of the matching products, best sellers first. */
  list: { rows: ProductRow[]; page: PageInfo } | null;
  /** Top Performers: the ten best of the matching products by units, and by revenue. */
  top: { bySales: ProductRow[]; byRevenue: ProductRow[] } | null;
  /** Machine Distribution: the nine best sellers' buttons, and the chosen product's machines, a page at a time. */
  distribution: {
    choices: ProductRow[];
    chosen: { product: ProductRow; machines: DistributionRow[]; page: PageInfo } | null;
  } | null;
}

export interface ProductViewRequest {
  /** searchProducts' query: the name contains it, ignoring case. */
  query: string;
  tab: ProductTab;
  /** The product chosen in Machine Distribution (its name), if any. */
  product: string | null;
  /** All Products' page, and the chosen product's machines' page. */
  page: PageRequest;
  machinePage: PageRequest;
}

/**
 * Products with sales (product_sales_totals: no GROUP BY over the rollup or the sales) whose name
 * contains the query as searchProducts finds it (JavaScript's lower case: lowerText, db/dialect.ts;
 * a plain contains, so % and _ are characters).
 */
function productsQuery(db: DB, query: string) {
  let rows = db
    .selectFrom("productSalesTotals as t")
    .innerJoin("products as p", "p.id", "t.productId")
    .where("t.machines", ">", 0);
  const q = query.trim().toLowerCase();
  if (q) rows = rows.where(containsText(db, lowerText(db, sql.ref("p.name")), q));
  return rows;
}

/** Best first by `figure`, ties by name (as topBy: the name's lower case, then the name). */
function productRows(db: DB, query: string, figure: "t.units" | "t.revenuePence") {
  const today = isoDay(new Date());
  return productsQuery(db, query)
    .select((eb) => [
      "p.id",
      "p.name",
      "t.units",
      "t.revenuePence",
      "t.machines",
      "p.currentCostPence",
      // The cost list's cost in force today (null: none), which wins over the latest sale's.
      eb
        .selectFrom("productCosts as c")
        .select("c.costPence")
        .whereRef("c.productId", "=", "p.id")
        .where("c.effectiveFrom", "<=", today)
        .orderBy("c.effectiveFrom", "desc")
        .limit(1)
        .as("listCostPence"),
    ])
    .orderBy(figure, "desc")
    .orderBy(lowerText(db, sql.ref("p.name")))
    .orderBy("p.name");
}

const productRow = (r: {
  name: string;
  units: number;
  revenuePence: number;
  machines: number;
  currentCostPence: number;
  listCostPence: number | null;
}): ProductRow => ({
  name: r.name,
  totalSales: r.units,
  totalRevenuePence: r.revenuePence,
  machines: r.machines,
  costPence: r.listCostPence ?? r.currentCostPence,
  costFromList: r.listCostPence !== null,
});

/** A product's machines with what it sold in each, all time, from the rollup's rows of the product (its key's prefix). */
function productMachines(db: DB, productId: number) {
  return (
    db
      .selectFrom("productSalesMonthly as r")
      .innerJoin("machines as m", "m.id", "r.machineId")
      .where("r.productId", "=", productId)
      .groupBy(["r.machineId", "m.location"])
      .select((eb) => ["r.machineId as id", "m.location", eb.fn.sum<number>("r.units").as("unitsSold")])
      // As productAnalytics: a machine where the product neither sold nor refunded anything is not one of its machines.
      .having((eb) => eb.or([eb(eb.fn.sum("r.units"), ">", 0), eb(eb.fn.sum("r.revenuePence"), "!=", 0)]))
  );
}

/**
 * What Products Analytics shows for its URL (search, tab, chosen product, pages), and nothing more:
 * the figures are all time; each table is cut in SQL (All Products and the distribution's machines 24
 * rows a page, a page past the end showing the last); the order is productAnalytics': units, then name.
 */
export async function productView(db: DB, request: ProductViewRequest): Promise<ProductView> {
  const counts = await db
    .selectFrom("productSalesTotals as t")
    .innerJoin("products as p", "p.id", "t.productId")
    .where("t.machines", ">", 0)
    .select((eb) => {
      const q = request.query.trim().toLowerCase();
      return [
        eb.fn.countAll<number>().as("productCount"),
        (q
          ? sql<number>`coalesce(sum(${oneIf(containsText(db, lowerText(db, sql.ref("p.name")), q))}), 0)`
          : eb.fn.countAll<number>()
        ).as("matching"),
      ];
    })
    .executeTakeFirstOrThrow();
  const view: ProductView = { ...counts, list: null, top: null, distribution: null };
  if (request.tab === "all") {
    const shown = clampPage(request.page, counts.matching);
    const rows = await productRows(db, request.query, "t.units").limit(shown.size).offset(offsetOf(shown)).execute();
    return { ...view, list: { rows: rows.map(productRow), page: pageInfo(shown, counts.matching) } };
  }
  if (request.tab === "top") {
    const [bySales, byRevenue] = await Promise.all([
      productRows(db, request.query, "t.units").limit(TOP_LIMIT).execute(),
      productRows(db, request.query, "t.revenuePence").limit(TOP_LIMIT).execute(),
    ]);
    return { ...view, top: { bySales: bySales.map(productRow), byRevenue: byRevenue.map(productRow) } };
  }
  const [choices, chosen] = await Promise.all([
    productRows(db, request.query, "t.units").limit(DISTRIBUTION_LIMIT).execute(),
    request.product
      ? productRows(db, request.query, "t.units").where("p.name", "=", request.product).executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  if (!chosen) return { ...view, distribution: { choices: choices.map(productRow), chosen: null } };
  const shown = clampPage(request.machinePage, chosen.machines);
  const machines = await productMachines(db, chosen.id)
    .orderBy("unitsSold", "desc")
    .orderBy(lowerText(db, sql.ref("m.location")))
    .orderBy("m.location")
    .orderBy("r.machineId")
    .limit(shown.size)
    .offset(offsetOf(shown))
    .execute();
  return {
    ...view,
    distribution: {
      choices: choices.map(productRow),
      chosen: {
        product: productRow(chosen),
        machines: machines.map((m) => ({
          id: m.id,
          location: m.location,
          unitsSold: m.unitsSold,
          percent: unitsShare(m.unitsSold, chosen.units),
        })),
        page: pageInfo(shown, chosen.machines),
      },
    },
  };
}

/** The start of the day after `date` (yyyy-mm-dd), as sale dates are written: the end of a from–to range. */
function dayAfter(date: string): string {
  const start = Date.parse(`${date}T00:00:00.000Z`);
  // An unreadable date matches no sale (as SQLite's strftime answered NULL for it).
  return Number.isNaN(start) ? "" : new Date(start + 86_400_000).toISOString();
}
