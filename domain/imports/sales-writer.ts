/**
 * Writing one machine's month of new sales inside an import's transaction: the record, the sales
 * rows, their products, the (product, machine, month) rollup the analytics read, the products'
 * current price and cost, and the record's figures as the sum of its sales.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { SaleRow } from "./telemetry-export.ts";

type DB = Kysely<Database>;
const CHUNK = 500;

/** Rows in slices SQLite takes in one statement. */
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function productIds(trx: Transaction<Database>, rows: SaleRow[]): Promise<Map<string, number>> {
  const names = [...new Set(rows.map((r) => r.productName))];
  const ids = new Map<string, number>();
  for (const part of chunks(names)) {
    await trx
      .insertInto("products")
      .values(part.map((name) => ({ name, currentPricePence: 0, currentCostPence: 0 })))
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    for (const p of await trx.selectFrom("products").select(["id", "name"]).where("name", "in", part).execute()) ids.set(p.name, p.id);
  }
  return ids;
}

/** Writes `fresh` (rows not booked yet) to the machine's month; answers the record id (null when nothing is new and no record exists). */
export async function writeGroup(trx: Transaction<Database>, group: { machineId: number; month: string }, fresh: SaleRow[]): Promise<number | null> {
  if (!fresh.length) {
    // Nothing new: no empty record is created for a month the file adds nothing to.
    const existing = await trx.selectFrom("monthlyRecords").select("id").where("machineId", "=", group.machineId).where("month", "=", group.month).executeTakeFirst();
    return existing?.id ?? null;
  }
  await trx
    .insertInto("monthlyRecords")
    .values({ machineId: group.machineId, month: group.month })
    .onConflict((oc) => oc.columns(["machineId", "month"]).doNothing())
    .execute();
  const record = await trx
    .selectFrom("monthlyRecords")
    .select("id")
    .where("machineId", "=", group.machineId)
    .where("month", "=", group.month)
    .executeTakeFirstOrThrow();
  const ids = await productIds(trx, fresh);
  for (const part of chunks(fresh)) {
    await trx
      .insertInto("sales")
      .values(
        part.map((row) => ({
          machineId: group.machineId,
          recordId: record.id,
          productId: ids.get(row.productName)!,
          saleDate: row.saleDate ?? `${group.month}-01T00:00:00.000Z`,
          pricePence: row.machinePricePence,
          costPence: row.costPence,
          settlementPence: row.settlementPence,
          transactionId: row.transactionId,
          kind: row.kind,
        })),
      )
      .execute();
  }

  // The (product, machine, month) rollup the analytics read.
  const rollup = new Map<number, { units: number; revenuePence: number }>();
  for (const row of fresh) {
    const id = ids.get(row.productName)!;
    const entry = rollup.get(id) ?? { units: 0, revenuePence: 0 };
    if (row.kind === "sale") entry.units++;
    entry.revenuePence += row.settlementPence;
    rollup.set(id, entry);
  }
  for (const part of chunks([...rollup])) {
    await trx
      .insertInto("productSalesMonthly")
      .values(part.map(([productId, t]) => ({ productId, machineId: group.machineId, month: group.month, ...t })))
      .onConflict((oc) =>
        oc.columns(["productId", "machineId", "month"]).doUpdateSet((eb) => ({
          units: eb("productSalesMonthly.units", "+", eb.ref("excluded.units")),
          revenuePence: eb("productSalesMonthly.revenuePence", "+", eb.ref("excluded.revenuePence")),
        })),
      )
      .execute();
  }

  // Current price and cost follow each product's latest sale.
  for (const id of rollup.keys()) {
    const latest = await trx
      .selectFrom("sales")
      .select(["pricePence", "costPence"])
      .where("productId", "=", id)
      .where("kind", "=", "sale")
      .orderBy("saleDate", "desc")
      .limit(1)
      .executeTakeFirst();
    if (latest) await trx.updateTable("products").set({ currentPricePence: latest.pricePence, currentCostPence: latest.costPence }).where("id", "=", id).execute();
  }

  await recomputeRecord(trx, record.id);
  return record.id;
}

/** A record's figures are always the sum of its stored sales. */
export async function recomputeRecord(db: DB | Transaction<Database>, recordId: number): Promise<void> {
  const totals = await db
    .selectFrom("sales")
    .select((eb) => [
      eb.fn.count<number>(eb.case().when("kind", "=", "sale").then(1).end()).as("units"),
      eb.fn.coalesce(eb.fn.sum<number>("settlementPence"), eb.lit(0)).as("revenue"),
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when("kind", "=", "sale").then(eb.ref("costPence")).else(0).end()), eb.lit(0)).as("cogs"),
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


