/**
 * A partner's machines and monthly records as the pages and the API show them: per-record figures
 * in pence, each month's commission worked out at the rate of that month (pure). The API's pounds
 * are machine-json.ts'.
 */
import { monthCommission } from "../agreements/month-commission-rules.ts";
import { type AgreementRecord, type AgreementTerms } from "../agreements/agreement-rules.ts";

export interface RecordView {
  id: number;
  machineId: number;
  month: string;
  totalSales: number;
  revenuePence: number;
  cogsPence: number;
  cardFeePence: number;
  netProfitPence: number;
  /** Commission on this record (0 for types without commission). */
  profitSharePence: number;
}

export interface MachineView {
  id: number;
  partnerId: number;
  location: string;
  imageUrl: string | null;
  status: "active" | "inactive";
  monthlyRecords: RecordView[];
}

/** A machine's monthly records counted and their revenue summed: what deleting it takes with it. */
export interface RecordTotals {
  count: number;
  revenuePence: number;
}

/** A machine as a page of a partner's machines shows it: its card, without the records themselves. */
export interface MachineSummary extends Omit<MachineView, "monthlyRecords"> {
  records: RecordTotals;
}

/** A monthly record as read with its machine's partner. */
export interface RecordRow {
  id: number;
  machineId: number;
  partnerId: number;
  month: string;
  totalSales: number;
  revenuePence: number;
  cogsPence: number;
}

export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Per-record figures with each month's commission worked out under the terms of that month. */
export function recordViews(
  termsOf: ReadonlyMap<string, AgreementTerms | null>,
  records: (RecordRow & Partial<AgreementRecord>)[],
): RecordView[] {
  const views: RecordView[] = [];
  for (const [month, monthRecords] of groupBy(records, (r) => r.month)) {
    const result = monthCommission(termsOf.get(month) ?? null, monthRecords);
    monthRecords.forEach((record, index) => {
      const figures = result.records[index];
      views.push({
        id: record.id,
        machineId: record.machineId,
        month,
        totalSales: record.totalSales,
        revenuePence: record.revenuePence,
        cogsPence: record.cogsPence,
        cardFeePence: figures.cardFeePence,
        netProfitPence: figures.netProfitPence,
        profitSharePence: figures.commissionPence,
      });
    });
  }
  return views.sort((a, b) => b.month.localeCompare(a.month) || a.machineId - b.machineId);
}
