/**
 * The commission summary of a month (/admin/commissions, GET /api/partners/commissions, the CLI):
 * each partner's reports and net profit summed in SQL, the commission under the agreement in force
 * for the month (month-totals.ts), the payment, and the month's totals.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { bpToFraction } from "../shared/commission-rules.ts";
import { monthSums } from "./month-sums.ts";
import { monthTotals } from "./month-totals.ts";
import { previousMonth } from "../shared/dates.ts";
import { clampPage, offsetOf, pageInfo, type PageInfo, type PageRequest } from "../shared/paging.ts";
import { isProfitSharingType, type PartnerType } from "../shared/partner-types.ts";
import { reportsComplete } from "../month-close/month-close-rules.ts";
import { moneyPaidOf } from "./money-paid.ts";
import type { CommissionPaymentStatus } from "./partner-month.ts";
import { vatKey, vatRatesOfMonths } from "../agreements/self-billing-terms.ts";
import { monthVat, type MonthVat } from "../agreements/self-billing-rules.ts";

type DB = Kysely<Database>;

export interface CommissionSummaryRow {
  partnerId: number;
  partnerName: string;
  email: string | null;
  partnerType: PartnerType;
  commissionPercentage: string;
  submittedReports: number;
  totalMachines: number;
  allReportsSubmitted: boolean;
  /** What the month owes (a paid month: what it paid), pence. */
  profitSharePence: number;
  paymentStatus: CommissionPaymentStatus;
  paidDate: string | null;
}

export interface CommissionSummary {
  month: string;
  /** Unpaid commission of profit-sharing and tiered partners, pence. */
  totalCommissionDuePence: number;
  rows: CommissionSummaryRow[];
}

/** A partner's month: its machines' counts and net profit summed in SQL, the commission under its agreement. */
export interface PartnerMonthFigures {
  partnerId: number;
  name: string | null;
  username: string;
  email: string | null;
  partnerType: PartnerType;
  /** The rate commissionPercentage shows: a flat rate's, else 0 (agreements/agreement-terms.ts rateOfMonth). */
  rateBp: number;
  /** The partner's active machines, and how many of them have a record for the month. */
  activeMachines: number;
  submittedReports: number;
  netProfitPence: number;
  /** What the month owes: the commission under the agreement plus its adjustments, never below 0 (0 where not applicable), plus VAT when self-billed. */
  commissionPence: number;
  /** A self-billed month's VAT on top (absent when the month carries none). */
  vat?: MonthVat;
  /** The commission under the agreement alone, and the adjustments added to the month. */
  agreementPence: number;
  adjustmentsPence: number;
  /** The recorded payment of the month, if any. */
  paymentStatus: "pending" | "completed" | null;
  paidDate: string | null;
  paidAmountPence: number | null;
  /** Money already paid for the month (kept when Reset Month reopened it), and the latest day it was sent. */
  alreadyPaidPence: number;
  alreadyPaidDate: string | null;
}

interface Scope {
  partnerIds?: readonly number[];
}

async function figuresOf(db: DB, month: string, scope: Scope): Promise<PartnerMonthFigures[]> {
  const [totals, paid] = await Promise.all([
    monthTotals(db, month, scope.partnerIds),
    moneyPaidOf(db, month, scope.partnerIds),
  ]);
  const pairs = totals.map((t) => ({ partnerId: t.partnerId, month, paid: t.paymentStatus === "completed" }));
  const rates = await vatRatesOfMonths(db, pairs);
  return totals.map((t) => {
    const vat = isProfitSharingType(t.partnerType) ? monthVat(t.duePence, rates.get(vatKey(t.partnerId, month))) : null;
    return {
      partnerId: t.partnerId,
      name: t.name,
      username: t.username,
      email: t.email,
      partnerType: t.partnerType,
      rateBp: t.rateBp,
      activeMachines: t.activeMachines,
      submittedReports: t.submittedReports,
      netProfitPence: t.netProfitPence,
      commissionPence: t.duePence + (vat?.vatPence ?? 0),
      ...(vat ? { vat } : {}),
      agreementPence: t.commissionPence,
      adjustmentsPence: t.adjustments.reduce((s, a) => s + a.amountPence, 0),
      paymentStatus: t.paymentStatus,
      paidDate: t.paidDate,
      paidAmountPence: t.paidAmountPence,
      alreadyPaidPence: paid.get(t.partnerId)?.pence ?? 0,
      alreadyPaidDate: paid.get(t.partnerId)?.lastPaidDate ?? null,
    };
  });
}

/** Every partner's month in the summary's order (name, then username): the payout's candidates (payout-service.ts). */
export function everyPartnerMonthFigures(db: DB, month: string): Promise<PartnerMonthFigures[]> {
  return figuresOf(db, month, {});
}

/** One partner's month (the partner page's commission cards); undefined for an unknown partner. */
export async function partnerMonthFigures(
  db: DB,
  partnerId: number,
  month: string,
): Promise<PartnerMonthFigures | undefined> {
  return (await figuresOf(db, month, { partnerIds: [partnerId] }))[0];
}

/** A summary row from a partner's month: a paid month shows what was paid (the snapshot), even if its records changed since. */
export function summaryRow(f: PartnerMonthFigures): CommissionSummaryRow {
  const applicable = isProfitSharingType(f.partnerType);
  const status: CommissionPaymentStatus = applicable ? (f.paymentStatus ?? "pending") : "not_applicable";
  return {
    partnerId: f.partnerId,
    partnerName: f.name ?? f.username,
    email: f.email,
    partnerType: f.partnerType,
    commissionPercentage: bpToFraction(f.rateBp),
    submittedReports: f.submittedReports,
    totalMachines: f.activeMachines,
    allReportsSubmitted: reportsComplete(f.activeMachines, f.submittedReports),
    profitSharePence:
      status === "not_applicable"
        ? 0
        : status === "completed" && f.paidAmountPence !== null
          ? f.paidAmountPence
          : f.commissionPence,
    paymentStatus: status,
    paidDate: applicable ? f.paidDate : null,
  };
}

export interface CommissionTotals {
  /** Every partner. */
  partners: number;
  /** Unpaid commission of profit-sharing and tiered partners, pence. */
  duePence: number;
  /** Profit-sharing and tiered partners; those with every active machine reported; those paid. */
  applicable: number;
  complete: number;
  paid: number;
  /** What the paid months paid (their snapshots), pence. */
  paidPence: number;
  /** Unpaid commission of the complete partners (every active machine reported): ready to pay, pence. */
  readyPence: number;
  /** Complete partners not yet paid. */
  ready: number;
}

/** The month's totals over every partner's figures. */
export function totalsOf(figures: readonly PartnerMonthFigures[]): CommissionTotals {
  const t: CommissionTotals = {
    partners: figures.length,
    duePence: 0,
    applicable: 0,
    complete: 0,
    paid: 0,
    paidPence: 0,
    readyPence: 0,
    ready: 0,
  };
  for (const f of figures) {
    if (!isProfitSharingType(f.partnerType)) continue;
    const paid = f.paymentStatus === "completed";
    const complete = reportsComplete(f.activeMachines, f.submittedReports);
    t.applicable += 1;
    if (complete) t.complete += 1;
    if (paid) {
      t.paid += 1;
      t.paidPence += f.paidAmountPence ?? f.commissionPence;
    } else {
      // A month Reset Month reopened owes only what it comes to beyond the money already paid for it.
      const left = Math.max(0, f.commissionPence - f.alreadyPaidPence);
      t.duePence += left;
      if (complete) {
        t.ready += 1;
        t.readyPence += left;
      }
    }
  }
  return t;
}

export async function commissionTotals(db: DB, month: string): Promise<CommissionTotals> {
  return totalsOf(await figuresOf(db, month, {}));
}

/** Every partner's commission for a month (the API and the CLI); the total due counts unpaid profit-sharing commissions. */
export async function commissionSummary(db: DB, month: string): Promise<CommissionSummary> {
  const figures = await figuresOf(db, month, {});
  return { month, totalCommissionDuePence: totalsOf(figures).duePence, rows: figures.map(summaryRow) };
}

/** The summary row of one partner, or undefined for an unknown partner. */
export async function commissionSummaryRow(
  db: DB,
  month: string,
  partnerId: number,
): Promise<CommissionSummaryRow | undefined> {
  const figures = await partnerMonthFigures(db, partnerId, month);
  return figures && summaryRow(figures);
}

/** How many of the month's paid rows the summary names (Reset Month's question); the rest are counted. */
export const PAID_ROWS_NAMED = 10;

/** The month's paid payments: how many, what they paid, and the first PAID_ROWS_NAMED rows in the summary's order. */
export interface PaidSummary {
  count: number;
  totalPence: number;
  rows: CommissionSummaryRow[];
}

function paidRowsOf(figures: readonly PartnerMonthFigures[], totals: CommissionTotals): PaidSummary {
  const rows = figures
    .filter((f) => isProfitSharingType(f.partnerType) && f.paymentStatus === "completed")
    .slice(0, PAID_ROWS_NAMED);
  return { count: totals.paid, totalPence: totals.paidPence, rows: rows.map(summaryRow) };
}

/** The month's paid payments (Reset Month asks about them). */
export async function paidSummary(db: DB, month: string): Promise<PaidSummary> {
  const figures = await figuresOf(db, month, {});
  return paidRowsOf(figures, totalsOf(figures));
}

export interface CommissionSummaryPage extends CommissionSummary {
  totals: CommissionTotals;
  paid: PaidSummary;
  /** The page shown: one past the end shows the last. */
  page: PageInfo;
}

/**
 * One page of the summary (the summary's order), with the month's totals over every partner. Every
 * partner's commission is worked out for the totals (a few thousand records), so the page is a slice.
 */
export async function commissionSummaryPage(
  db: DB,
  month: string,
  request: PageRequest,
): Promise<CommissionSummaryPage> {
  const figures = await figuresOf(db, month, {});
  const totals = totalsOf(figures);
  const shown = clampPage(request, totals.partners);
  const rows = figures.slice(offsetOf(shown), offsetOf(shown) + shown.size);
  return {
    month,
    totalCommissionDuePence: totals.duePence,
    rows: rows.map(summaryRow),
    totals,
    paid: paidRowsOf(figures, totals),
    page: pageInfo(shown, totals.partners),
  };
}

/**
 * What the business owes its hosts (the admin dashboard's payables): the commission of the last
 * ended month not yet paid, and the part of it ready to pay (partners with every active machine
 * reported), with the partner counts.
 */
export interface Payables {
  month: string;
  duePence: number;
  readyPence: number;
  /** Profit-sharing and tiered partners; those complete and unpaid; those paid. */
  applicable: number;
  ready: number;
  paid: number;
}

export async function payables(db: DB, now: Date = new Date()): Promise<Payables> {
  const month = previousMonth(now);
  const t = await monthSums(db, month);
  return {
    month,
    duePence: t.duePence,
    readyPence: t.readyPence,
    applicable: t.applicable,
    ready: t.ready,
    paid: t.paid,
  };
}
