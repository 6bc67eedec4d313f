/**
 * A partner's machines and their figures, scoped to the partner: the machines with their records,
 * one page of them, the partner page's totals, the dashboard's stats and a machine's popular products.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { TieredCommission } from "../shared/commission-rules.ts";
import { monthCommission } from "../agreements/month-commission-rules.ts";
import { recordsWithTerms } from "../agreements/agreement-terms.ts";
import { currentMonth, previousMonth } from "../shared/dates.ts";
import { notFound } from "../shared/errors.ts";
import { clampPage, offsetOf, pageInfo, type PageInfo, type PageRequest } from "../shared/paging.ts";
import { recordViews, type MachineSummary, type MachineView, type RecordTotals } from "./machine-views.ts";
import { TOP_PRODUCTS } from "../imports/telemetry-export.ts";

type DB = Kysely<Database>;

export async function partnerRecords(db: DB, partnerId: number, extraMonths: string[] = []) {
  const [partner, rows] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "partnerType", "commissionBp", "isAdmin"])
      .where("id", "=", partnerId)
      .executeTakeFirst(),
    db
      .selectFrom("monthlyRecords as r")
      .innerJoin("machines as m", "m.id", "r.machineId")
      .select(["r.id", "r.machineId", "m.partnerId", "r.month", "r.totalSales", "r.revenuePence", "r.cogsPence"])
      .where("m.partnerId", "=", partnerId)
      .execute(),
  ]);
  if (!partner || partner.isAdmin) throw notFound("Partner not found");
  const { records, termsOf } = await recordsWithTerms(db, partner, rows, extraMonths);
  return { partner, records, termsOf, views: recordViews(termsOf, records) };
}

/** A partner's machines with their monthly records (newest month first). */
export async function machinesOfPartner(db: DB, partnerId: number): Promise<MachineView[]> {
  const machines = await db
    .selectFrom("machines")
    .selectAll()
    .where("partnerId", "=", partnerId)
    .orderBy("location")
    .execute();
  const { views } = await partnerRecords(db, partnerId);
  return machines.map((m) => ({
    id: m.id,
    partnerId: m.partnerId,
    location: m.location,
    imageUrl: m.imageUrl,
    status: m.status,
    monthlyRecords: views.filter((v) => v.machineId === m.id),
  }));
}

/** Each machine's records counted and their revenue summed, in SQL (machines without records are absent). */
export async function recordTotalsOf(db: DB, machineIds: readonly number[]): Promise<Map<number, RecordTotals>> {
  if (!machineIds.length) return new Map();
  const rows = await db
    .selectFrom("monthlyRecords")
    .select((eb) => [
      "machineId",
      eb.fn.countAll<number>().as("count"),
      eb.fn.sum<number>("revenuePence").as("revenuePence"),
    ])
    .where("machineId", "in", machineIds)
    .groupBy("machineId")
    .execute();
  return new Map(rows.map((r) => [r.machineId, { count: r.count, revenuePence: Number(r.revenuePence) }]));
}

/** What a machine's month already holds: its transactions (the sales and refunds imported) and revenue; null with no record. */
export async function monthOnMachine(
  db: DB,
  machineId: number,
  month: string,
): Promise<{ transactions: number; revenuePence: number } | null> {
  const record = await db
    .selectFrom("monthlyRecords as r")
    .leftJoin("sales as s", "s.recordId", "r.id")
    .select((eb) => ["r.revenuePence", eb.fn.count<number>("s.id").as("transactions")])
    .where("r.machineId", "=", machineId)
    .where("r.month", "=", month)
    .groupBy(["r.id", "r.revenuePence"])
    .executeTakeFirst();
  return record ? { transactions: Number(record.transactions), revenuePence: record.revenuePence } : null;
}

export interface MachinePage {
  machines: MachineSummary[];
  /** The page shown: one past the end shows the last. */
  page: PageInfo;
}

/** One page of a partner's machines, by location: each with its records' count and revenue, read for the page's machines only. */
export async function machinePageOfPartner(db: DB, partnerId: number, request: PageRequest): Promise<MachinePage> {
  const { count } = await db
    .selectFrom("machines")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("partnerId", "=", partnerId)
    .executeTakeFirstOrThrow();
  const shown = clampPage(request, count);
  const machines = await db
    .selectFrom("machines")
    .select(["id", "partnerId", "location", "imageUrl", "status"])
    .where("partnerId", "=", partnerId)
    .orderBy("location")
    .orderBy("id")
    .limit(shown.size)
    .offset(offsetOf(shown))
    .execute();
  const totals = await recordTotalsOf(
    db,
    machines.map((m) => m.id),
  );
  return {
    machines: machines.map((m) => ({ ...m, records: totals.get(m.id) ?? { count: 0, revenuePence: 0 } })),
    page: pageInfo(shown, count),
  };
}

export interface PartnerMachineTotals {
  machineCount: number;
  /** All time. */
  totalRevenuePence: number;
  /** Units sold in the current calendar month (UTC), and all time. */
  currentMonthSales: number;
  totalSales: number;
}

/** A partner's machines counted and their records summed, in SQL: the partner page's cards. */
export async function partnerMachineTotals(
  db: DB,
  partnerId: number,
  now: Date = new Date(),
): Promise<PartnerMachineTotals> {
  const [machines, records] = await Promise.all([
    db
      .selectFrom("machines")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("partnerId", "=", partnerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("monthlyRecords as r")
      .innerJoin("machines as m", "m.id", "r.machineId")
      .where("m.partnerId", "=", partnerId)
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>("r.revenuePence"), eb.lit(0)).as("revenuePence"),
        eb.fn.coalesce(eb.fn.sum<number>("r.totalSales"), eb.lit(0)).as("units"),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb.case().when("r.month", "=", currentMonth(now)).then(eb.ref("r.totalSales")).else(0).end(),
            ),
            eb.lit(0),
          )
          .as("unitsThisMonth"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    machineCount: machines.count,
    totalRevenuePence: Number(records.revenuePence),
    currentMonthSales: records.unitsThisMonth,
    totalSales: records.units,
  };
}

export interface PartnerStats {
  priorMonthSales: number;
  totalSales: number;
  priorMonthProfitSharePence: number;
  priorMonthRevenuePence: number;
  /** Every active machine has last month's record. */
  allReportsSubmitted: boolean;
  month: string;
  /** The tier breakdown of last month's commission, for tiered partners. */
  tiers: TieredCommission | null;
}

/** The partner dashboard's figures: last calendar month (UTC) and all time. */
export async function partnerStats(db: DB, partnerId: number, now: Date = new Date()): Promise<PartnerStats> {
  const month = previousMonth(now);
  const { records, termsOf } = await partnerRecords(db, partnerId, [month]);
  const lastMonth = records.filter((r) => r.month === month);
  const activeMachines = await db
    .selectFrom("machines")
    .select("id")
    .where("partnerId", "=", partnerId)
    .where("status", "=", "active")
    .execute();
  const reported = new Set(lastMonth.map((r) => r.machineId));
  const commission = monthCommission(termsOf.get(month) ?? null, lastMonth);
  return {
    priorMonthSales: lastMonth.reduce((s, r) => s + r.totalSales, 0),
    totalSales: records.reduce((s, r) => s + r.totalSales, 0),
    priorMonthProfitSharePence: commission.commissionPence,
    priorMonthRevenuePence: lastMonth.reduce((s, r) => s + r.revenuePence, 0),
    allReportsSubmitted: activeMachines.length > 0 && activeMachines.every((m) => reported.has(m.id)),
    month,
    tiers: commission.tiers,
  };
}

export interface PopularProduct {
  product: { id: number; name: string; currentPricePence: number };
  totalSales: number;
}

/** The machine's top 10 products by units sold, all time. */
export async function popularProducts(db: DB, machineId: number): Promise<PopularProduct[]> {
  const rows = await db
    .selectFrom("productSalesMonthly as s")
    .innerJoin("products as p", "p.id", "s.productId")
    .select((eb) => ["p.id", "p.name", "p.currentPricePence", eb.fn.sum<number>("s.units").as("units")])
    .where("s.machineId", "=", machineId)
    .groupBy("p.id")
    .having((eb) => eb.fn.sum("s.units"), ">", 0)
    .orderBy("units", "desc")
    .orderBy("p.name")
    .limit(TOP_PRODUCTS)
    .execute();
  return rows.map((r) => ({
    product: { id: r.id, name: r.name, currentPricePence: r.currentPricePence },
    totalSales: Number(r.units),
  }));
}
