/**
 * Where a profit-sharing partner's money is, for their dashboard: last month first and the ended
 * months before it (12 in all; months before the partner's first record or payment are left out),
 * and the month to date. Each month says whether it was paid (amount, date and reference as stored
 * with the money paid), is due, or waits for machine reports (money-status-rules.ts), with the
 * adjustments it includes, how its figure is worked out (month-working.ts, as the admin sees it),
 * whether its consolidated report can be downloaded, and its remittances.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { currentMonth, previousMonth, recentMonths } from "../shared/dates.ts";
import { monthHasEnded } from "../month-close/month-close-rules.ts";
import { adjustmentText } from "../agreements/agreement-words.ts";
import { loadPartnerMonths, requirePartner } from "../commissions/commission-service.ts";
import { type PartnerMonth } from "../commissions/partner-month.ts";
import { paymentNotes } from "../commissions/correction-rules.ts";
import { monthMoney, type MoneyState } from "../commissions/money-status-rules.ts";
import { monthWorking, shareOfText, type CommissionWorking } from "../commissions/month-working.ts";
import { partnerRemittances, type RemittanceListItem } from "./remittance-queries.ts";

type DB = Kysely<Database>;

/** The months the dashboard lists: last month and the 11 before it. */
export const MONEY_MONTHS = 12;

export interface MoneyMonthView {
  month: string;
  state: MoneyState;
  /** What was paid (the snapshot), what is due now, or what the month comes to so far. */
  amountPence: number;
  /** Where the money is: "Paid £32.15 on 27/11/2026, reference VB COMM 2026-10", "Due £32.15: …", "Waiting for 1 of 2 machine reports", "Month to date". */
  lines: string[];
  complete: boolean;
  submittedReports: number;
  activeMachines: number;
  /** The adjustments the month includes (with their reasons) and what happened to its money. */
  notes: string[];
  working: CommissionWorking;
  /** What the profit share is of: "15% of £214.33 net profit". */
  shareOf: string;
  /** The month has ended and every active machine has reported: its consolidated report can be downloaded. */
  reportAvailable: boolean;
  remittances: RemittanceListItem[];
}

export interface PartnerMoney {
  /** Ended months, last month first; last month is always there. */
  months: MoneyMonthView[];
  monthToDate: MoneyMonthView;
}

export function moneyMonthView(pm: PartnerMonth, now: Date, remittances: RemittanceListItem[] = []): MoneyMonthView {
  const ended = monthHasEnded(pm.month, now);
  const money = monthMoney({ ...pm, ended });
  return {
    month: pm.month,
    state: money.state,
    amountPence: money.amountPence,
    lines: money.lines,
    complete: pm.complete,
    submittedReports: pm.submittedReports,
    activeMachines: pm.activeMachines,
    notes: [...pm.adjustments.map(adjustmentText), ...paymentNotes(pm)],
    working: monthWorking(pm),
    shareOf: shareOfText(pm.terms, pm.totals.netProfitPence),
    reportAvailable: ended && pm.complete,
    remittances,
  };
}

/** The months with anything on the partner's books (a record, a payment, money paid, an adjustment) from `oldest` on. */
async function monthsWithActivity(db: DB, partnerId: number, oldest: string): Promise<Set<string>> {
  const monthsOf = (table: "commissionPayments" | "commissionTransfers" | "commissionAdjustments") =>
    db.selectFrom(table).select("month").where("partnerId", "=", partnerId).where("month", ">=", oldest).execute();
  const [records, payments, transfers, adjustments] = await Promise.all([
    db
      .selectFrom("monthlyRecords as r")
      .innerJoin("machines as m", "m.id", "r.machineId")
      .select("r.month")
      .distinct()
      .where("m.partnerId", "=", partnerId)
      .where("r.month", ">=", oldest)
      .execute(),
    monthsOf("commissionPayments"),
    monthsOf("commissionTransfers"),
    monthsOf("commissionAdjustments"),
  ]);
  return new Set([...records, ...payments, ...transfers, ...adjustments].map((r) => r.month));
}

export async function partnerMoney(db: DB, partnerId: number, now: Date = new Date()): Promise<PartnerMoney> {
  const partner = await requirePartner(db, partnerId);
  const lastMonth = previousMonth(now);
  const months = recentMonths(lastMonth, MONEY_MONTHS);
  const [active, remittances] = await Promise.all([
    monthsWithActivity(db, partnerId, months.at(-1)!),
    partnerRemittances(db, partnerId),
  ]);
  // From the partner's first month with anything on the books; last month always.
  const oldest = [...active].filter((m) => m <= lastMonth).sort()[0] ?? lastMonth;
  const shown = months.filter((m) => m >= oldest);
  const all = await loadPartnerMonths(db, partner, [currentMonth(now), ...shown]);
  const [monthToDate, ...loaded] = all;
  const remittancesOf = (month: string) => remittances.filter((r) => r.month === month);
  return {
    months: loaded.map((pm) => moneyMonthView(pm, now, remittancesOf(pm.month))),
    monthToDate: moneyMonthView(monthToDate, now, remittancesOf(monthToDate.month)),
  };
}

/**
 * One month's working, for the dashboard's earlier months: their "How it's worked out" is fetched
 * when it is opened, so the page does not draw (and send) every month's lines up front.
 */
export async function monthWorkingOf(db: DB, partnerId: number, month: string): Promise<CommissionWorking> {
  const partner = await requirePartner(db, partnerId);
  const [pm] = await loadPartnerMonths(db, partner, [month]);
  return monthWorking(pm);
}
