/**
 * A partner's machines, monthly records, dashboard stats and popular products as the JSON API
 * answers them: the views' pence as pounds (pence inside, pounds in every answer). Pure: the
 * services' types are imported as types only.
 */
import { penceToPounds } from "../shared/money.ts";
import type { PartnerStats, PopularProduct } from "./machine-totals-service.ts";
import type { MachineView, RecordView } from "./machine-views.ts";
import type { MachineRecord } from "./record-service.ts";

/** A monthly record's figures in pounds. */
export interface RecordJson {
  id: number;
  machineId: number;
  month: string;
  totalSales: number;
  revenue: number;
  cogs: number;
  cardFee: number;
  netProfit: number;
  profitShare: number;
}

export function recordJson(r: RecordView): RecordJson {
  return {
    id: r.id,
    machineId: r.machineId,
    month: r.month,
    totalSales: r.totalSales,
    revenue: penceToPounds(r.revenuePence),
    cogs: penceToPounds(r.cogsPence),
    cardFee: penceToPounds(r.cardFeePence),
    netProfit: penceToPounds(r.netProfitPence),
    profitShare: penceToPounds(r.profitSharePence),
  };
}

/** A machine with its monthly records in pounds (GET /api/machines, a partner's detail). */
export function machineJson({ monthlyRecords, ...machine }: MachineView) {
  return { ...machine, monthlyRecords: monthlyRecords.map(recordJson) };
}

/** A machine's record as GET /api/machines/{id}/records answers it: its figures in pounds, its commission payment, receipts and agreement lines. */
export function machineRecordJson({ commission, receipts, agreement, ...record }: MachineRecord) {
  return { ...recordJson(record), commission, receipts, agreement };
}

/** The partner dashboard's figures (GET /api/machines/stats). */
export function partnerStatsJson(s: PartnerStats) {
  return {
    priorMonthSales: s.priorMonthSales,
    totalSales: s.totalSales,
    priorMonthProfitShare: penceToPounds(s.priorMonthProfitSharePence),
    priorMonthRevenue: penceToPounds(s.priorMonthRevenuePence),
    allReportsSubmitted: s.allReportsSubmitted,
    month: s.month,
    tiers: s.tiers,
  };
}

/** A popular product with its current price in pounds (GET /api/machines/{id}/popular-products). */
export function popularProductJson({ product, totalSales }: PopularProduct) {
  return {
    product: { id: product.id, name: product.name, currentPrice: penceToPounds(product.currentPricePence) },
    totalSales,
  };
}

/** A machine as POST /api/machines and PATCH /api/machines/{id} answer it: the row and a `warnings` list naming each other machine that answers to its names. */
export function savedMachineJson<M extends { clashes: { message: string }[] }>(saved: M) {
  const { clashes, ...machine } = saved;
  return { ...machine, warnings: clashes.map((c) => c.message) };
}
