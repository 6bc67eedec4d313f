/**
 * Writing a file's new sales inside its import's transaction, set-based: the records, the sales rows
 * (multi-row inserts, db/bulk.ts), their products, then one statement each for the (product, machine,
 * month) rollup the analytics read, the records' figures as the sum of their sales and the products'
 * current price and cost. A file naming 5,000 machines costs a handful of statements, not 5,000 times
 * a dozen.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { insertFlat, insertMany } from "#db/bulk.ts";
import type { Database } from "#db/schema.ts";
import type { SaleRow } from "./telemetry-export.ts";
import { cogsOf, unitsOf } from "../shared/sales-sql.ts";

type DB = Kysely<Database>;
const CHUNK = 500;

/** Rows in slices SQLite takes in one statement. */
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function productIds(trx: Transaction<Database>, rows: readonly SaleRow[]): Promise<Map<string, number>> {
  const names = [...new Set(rows.map((r) => r.productName))];
  const ids = new Map<string, number>();
  for (const part of chunks(names)) {
    await trx
      .insertInto("products")
      .values(part.map((name) => ({ name, currentPricePence: 0, currentCostPence: 0 })))
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    for (const p of await trx.selectFrom("products").select(["id", "name"]).where("name", "in", part).execute())
      ids.set(p.name, p.id);
  }
  return ids;
}

/** A machine's month of a file: the rows not booked yet. */
export interface GroupToWrite {
  machineId: number;
  month: string;
  fresh: readonly SaleRow[];
}

/**
 * Writes every group of a file set-based, inside the import's transaction: the records (created when
 * missing), the products, the sales in multi-row inserts, then, in one statement each over the new
 * sales, the (product, machine, month) rollup, the records' figures and the products' current price
 * and cost. Answers each group's record id, in order (null for a group with nothing new and no record).
 */
export async function writeGroups(
  trx: Transaction<Database>,
  groups: readonly GroupToWrite[],
): Promise<(number | null)[]> {
  const withRows = groups.filter((g) => g.fresh.length);
  const recordIds = await recordsOf(trx, groups, withRows);
  if (!withRows.length) return groups.map((g) => recordIds.get(key(g)) ?? null);

  const ids = await productIds(
    trx,
    withRows.flatMap((g) => g.fresh),
  );
  // The new sales are the rows past the highest id before this insert.
  const { last } = await trx
    .selectFrom("sales")
    .select((eb) => eb.fn.coalesce(eb.fn.max("id"), eb.lit(0)).as("last"))
    .executeTakeFirstOrThrow();
  const values = new Array<unknown>(withRows.reduce((n, g) => n + g.fresh.length, 0) * 11);
  let at = 0;
  for (const group of withRows) {
    const recordId = recordIds.get(key(group))!;
    const undated = `${group.month}-01T00:00:00.000Z`;
    for (const row of group.fresh) {
      values[at++] = group.machineId;
      values[at++] = recordId;
      values[at++] = ids.get(row.productName)!;
      values[at++] = row.saleDate ?? undated;
      values[at++] = row.machinePricePence;
      values[at++] = row.costPence;
      values[at++] = row.settlementPence;
      values[at++] = row.transactionId;
      values[at++] = row.kind;
      values[at++] = row.quantity;
      values[at++] = row.costSource ?? "file";
    }
  }
  // cost_pence is the cost of one unit; a line's units are its quantity; cost_source says whether the file or the cost list gave it.
  await insertFlat(
    trx,
    "sales",
    [
      "machine_id",
      "record_id",
      "product_id",
      "sale_date",
      "price_pence",
      "cost_pence",
      "settlement_pence",
      "transaction_id",
      "kind",
      "quantity",
      "cost_source",
    ],
    values,
  );

  const since = Number(last);
  // The (product, machine, month) rollup the analytics read: units are the sales' quantities.
  await sql`insert into product_sales_monthly (product_id, machine_id, month, units, revenue_pence)
    select s.product_id, s.machine_id, r.month, sum(${unitsOf(sql.ref("s.kind"), sql.ref("s.quantity"))}), sum(s.settlement_pence)
    from sales s join monthly_records r on r.id = s.record_id
    where s.id > ${since}
    group by s.product_id, s.machine_id, r.month
    on conflict (product_id, machine_id, month) do update set
      units = product_sales_monthly.units + excluded.units, revenue_pence = product_sales_monthly.revenue_pence + excluded.revenue_pence`.execute(
    trx,
  );
  // Each touched record's figures, the sum of all its sales.
  await sql`update monthly_records set
      total_sales = t.units, revenue_pence = t.revenue, cogs_pence = t.cogs, updated_at = ${new Date().toISOString()}
    from (
      select record_id, sum(${unitsOf(sql.ref("kind"), sql.ref("quantity"))}) as units, sum(settlement_pence) as revenue,
        sum(${cogsOf(sql.ref("kind"), sql.ref("cost_pence"), sql.ref("quantity"))}) as cogs
      from sales where record_id in (select distinct record_id from sales where id > ${since}) group by record_id
    ) as t
    where monthly_records.id = t.record_id`.execute(trx);
  // Current price and cost follow each product's latest sale.
  await sql`update products set
      current_price_pence = coalesce((select price_pence from sales where product_id = products.id and kind = 'sale' order by sale_date desc limit 1), current_price_pence),
      current_cost_pence = coalesce((select cost_pence from sales where product_id = products.id and kind = 'sale' order by sale_date desc limit 1), current_cost_pence)
    where id in (select distinct product_id from sales where id > ${since})`.execute(trx);
  return groups.map((g) => recordIds.get(key(g)) ?? null);
}

const key = (group: { machineId: number; month: string }) => `${group.machineId}:${group.month}`;

/** The groups' records: created for groups with new rows, looked up for the others. */
async function recordsOf(
  trx: Transaction<Database>,
  groups: readonly GroupToWrite[],
  withRows: readonly GroupToWrite[],
): Promise<Map<string, number>> {
  await insertMany(
    trx,
    "monthly_records",
    ["machine_id", "month"],
    withRows.map((g) => [g.machineId, g.month]),
    "on conflict (machine_id, month) do nothing",
  );
  const found = new Map<string, number>();
  const wanted = new Set(groups.map(key));
  const months = [...new Set(groups.map((g) => g.month))];
  for (const part of chunks([...new Set(groups.map((g) => g.machineId))])) {
    const rows = await trx
      .selectFrom("monthlyRecords")
      .select(["id", "machineId", "month"])
      .where("machineId", "in", part)
      .where("month", "in", months)
      .execute();
    for (const row of rows) if (wanted.has(key(row))) found.set(key(row), row.id);
  }
  return found;
}

// The units and COGS of stored sales live with the commission SQL (imports/ builds on commissions/).
export { cogsOf, unitsOf };

/** A record's figures are always the sum of its stored sales: units and COGS count each sale's quantity. */
export async function recomputeRecord(db: DB | Transaction<Database>, recordId: number): Promise<void> {
  const totals = await db
    .selectFrom("sales")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>(unitsOf(eb.ref("kind"), eb.ref("quantity"))), eb.lit(0)).as("units"),
      eb.fn.coalesce(eb.fn.sum<number>("settlementPence"), eb.lit(0)).as("revenue"),
      eb.fn
        .coalesce(eb.fn.sum<number>(cogsOf(eb.ref("kind"), eb.ref("costPence"), eb.ref("quantity"))), eb.lit(0))
        .as("cogs"),
    ])
    .where("recordId", "=", recordId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable("monthlyRecords")
    .set({
      totalSales: Number(totals.units),
      revenuePence: Number(totals.revenue),
      cogsPence: Number(totals.cogs),
      updatedAt: new Date().toISOString(),
    })
    .where("id", "=", recordId)
    .execute();
}
