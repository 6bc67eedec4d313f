/**
 * The commission summary of a month (/admin/commissions, GET /api/partners/commissions, the CLI):
 * each partner's reports, commission and payment, and the month's totals, summed in SQL over the
 * month's records with the rules of commission-sql.ts (the card fee and flat share rounded per
 * record, the tiers on the partner's month), so a page reads its own partners and one aggregate.
 * The figures are commissionForMonth's (tests/integration/commission-summary.test.ts).
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { bpToFraction } from "./commission-rules.ts";
import { flatCommissionPenceSql, netProfitPenceSql, rateForMonthSql, tieredCommissionPenceSql } from "./commission-sql.ts";
import { previousMonth } from "../shared/dates.ts";
import { penceToPounds } from "../shared/money.ts";
import { clampPage, offsetOf, pageInfo, type PageInfo, type PageRequest } from "../shared/paging.ts";
import type { PartnerType } from "../partners/partner-rules.ts";
import type { CommissionPaymentStatus } from "./commission-service.ts";

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
  profitShare: number;
  paymentStatus: CommissionPaymentStatus;
  paidDate: string | null;
}

export interface CommissionSummary {
  month: string;
  totalCommissionDue: number;
  rows: CommissionSummaryRow[];
}

/** A partner's month as SQL sums it. */
export interface PartnerMonthFigures {
  partnerId: number;
  name: string | null;
  username: string;
  email: string | null;
  partnerType: PartnerType;
  rateBp: number;
  /** The partner's active machines, and how many of them have a record for the month. */
  activeMachines: number;
  submittedReports: number;
  netProfitPence: number;
  /** commissionForMonth's commission (0 where not applicable). */
  commissionPence: number;
  /** The recorded payment of the month, if any. */
  paymentStatus: "pending" | "completed" | null;
  paidDate: string | null;
  paidAmountPence: number | null;
}

/** Commission applies to profit-sharing and tiered partners (isProfitSharingType). */
const APPLICABLE: readonly PartnerType[] = ["profit-sharing", "tiered-profit-sharing"];

interface Scope {
  partnerIds?: readonly number[];
  /** Only partners whose month is paid. */
  paid?: boolean;
}

/** The partners in scope with the rate in force for the month: the summary's order is theirs (name, then username). */
function partnersOf(db: DB, month: string, scope: Scope) {
  let query = db
    .selectFrom("users as u")
    .where("u.isAdmin", "=", 0)
    .select((eb) => ["u.id", "u.name", "u.username", "u.email", "u.partnerType", rateForMonthSql(eb.ref("u.id"), eb.ref("u.commissionBp"), month).as("rateBp")]);
  if (scope.partnerIds) query = query.where("u.id", "in", scope.partnerIds.length ? scope.partnerIds : [0]);
  if (scope.paid) {
    query = query
      .where("u.partnerType", "in", [...APPLICABLE])
      .where((eb) => eb.exists(eb.selectFrom("commissionPayments as cp").whereRef("cp.partnerId", "=", "u.id").where("cp.month", "=", month).where("cp.status", "=", "completed").select("cp.id")));
  }
  return query;
}

type Partners = ReturnType<typeof partnersOf>;

/** Each partner's month: its machines and their records of the month summed, the commission, the payment. */
function monthFigures(db: DB, month: string, partners: Partners) {
  const net = netProfitPenceSql(sql.ref("r.revenuePence"), sql.ref("r.cogsPence"));
  // Materialized: otherwise SQLite folds the partners into the join and looks their rate up again for every record.
  const sums = db
    .with((cte) => cte("p").materialized(), () => partners)
    .selectFrom("p")
    .leftJoin("machines as m", "m.partnerId", "p.id")
    .leftJoin("monthlyRecords as r", (join) => join.onRef("r.machineId", "=", "m.id").on("r.month", "=", month))
    // Every column of p (a CTE, so PostgreSQL cannot see they depend on its id).
    .groupBy(["p.id", "p.name", "p.username", "p.email", "p.partnerType", "p.rateBp"])
    .select((eb) => [
      "p.id as partnerId",
      "p.name",
      "p.username",
      "p.email",
      "p.partnerType",
      "p.rateBp",
      sql<number>`count(case when ${eb.ref("m.status")} = 'active' then 1 end)`.as("activeMachines"),
      sql<number>`count(case when ${eb.ref("m.status")} = 'active' and ${eb.ref("r.id")} is not null then 1 end)`.as("submittedReports"),
      sql<number>`coalesce(sum(${net}), 0)`.as("netProfitPence"),
      sql<number>`coalesce(sum(${flatCommissionPenceSql(net, eb.ref("p.rateBp"))}), 0)`.as("flatPence"),
    ]);
  return db
    .selectFrom(sums.as("f"))
    .leftJoin("commissionPayments as cp", (join) => join.onRef("cp.partnerId", "=", "f.partnerId").on("cp.month", "=", month))
    .select((eb) => [
      "f.partnerId",
      "f.name",
      "f.username",
      "f.email",
      "f.partnerType",
      "f.rateBp",
      "f.activeMachines",
      "f.submittedReports",
      "f.netProfitPence",
      eb
        .case()
        .when("f.partnerType", "=", "profit-sharing")
        .then(eb.ref("f.flatPence"))
        .when("f.partnerType", "=", "tiered-profit-sharing")
        .then(tieredCommissionPenceSql(eb.ref("f.netProfitPence")))
        .else(sql.lit(0))
        .end()
        .as("commissionPence"),
      "cp.status as paymentStatus",
      "cp.paidDate",
      "cp.amountPence as paidAmountPence",
    ]);
}

async function figuresOf(db: DB, month: string, scope: Scope, page?: PageRequest): Promise<PartnerMonthFigures[]> {
  let partners = partnersOf(db, month, scope);
  if (page) partners = partners.orderBy("u.name").orderBy("u.username").limit(page.size).offset(offsetOf(page));
  return monthFigures(db, month, partners).orderBy("f.name").orderBy("f.username").execute();
}

/** Every partner's month in the summary's order (name, then username): the payout's candidates (payout-service.ts). */
export function everyPartnerMonthFigures(db: DB, month: string): Promise<PartnerMonthFigures[]> {
  return figuresOf(db, month, {});
}

/** One partner's month (the partner page's commission cards); undefined for an unknown partner. */
export async function partnerMonthFigures(db: DB, partnerId: number, month: string): Promise<PartnerMonthFigures | undefined> {
  return (await figuresOf(db, month, { partnerIds: [partnerId] }))[0];
}

/** A summary row from a partner's month: a paid month shows what was paid (the snapshot), even if its records changed since. */
export function summaryRow(f: PartnerMonthFigures): CommissionSummaryRow {
  const applicable = APPLICABLE.includes(f.partnerType);
  const status: CommissionPaymentStatus = applicable ? (f.paymentStatus ?? "pending") : "not_applicable";
  return {
    partnerId: f.partnerId,
    partnerName: f.name ?? f.username,
    email: f.email,
    partnerType: f.partnerType,
    commissionPercentage: bpToFraction(f.rateBp),
    submittedReports: f.submittedReports,
    totalMachines: f.activeMachines,
    allReportsSubmitted: f.activeMachines > 0 && f.submittedReports === f.activeMachines,
    profitShare: penceToPounds(status === "not_applicable" ? 0 : status === "completed" && f.paidAmountPence !== null ? f.paidAmountPence : f.commissionPence),
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

/** The month's totals over every partner: one aggregate over monthFigures. */
export async function commissionTotals(db: DB, month: string): Promise<CommissionTotals> {
  const applicable = sql<boolean>`x.partner_type in (${sql.join(APPLICABLE)})`;
  const paid = sql<boolean>`(${applicable} and x.payment_status = 'completed')`;
  const complete = sql<boolean>`(${applicable} and x.active_machines > 0 and x.submitted_reports = x.active_machines)`;
  const row = await db
    .selectFrom(monthFigures(db, month, partnersOf(db, month, {})).as("x"))
    .select([
      sql<number>`count(*)`.as("partners"),
      sql<number>`coalesce(sum(case when ${applicable} and coalesce(x.payment_status, 'pending') = 'pending' then x.commission_pence end), 0)`.as("duePence"),
      sql<number>`count(case when ${applicable} then 1 end)`.as("applicable"),
      sql<number>`count(case when ${complete} then 1 end)`.as("complete"),
      sql<number>`count(case when ${paid} then 1 end)`.as("paid"),
      sql<number>`coalesce(sum(case when ${paid} then coalesce(x.paid_amount_pence, x.commission_pence) end), 0)`.as("paidPence"),
      sql<number>`coalesce(sum(case when ${complete} and coalesce(x.payment_status, 'pending') = 'pending' then x.commission_pence end), 0)`.as("readyPence"),
      sql<number>`count(case when ${complete} and coalesce(x.payment_status, 'pending') = 'pending' then 1 end)`.as("ready"),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/** Every partner's commission for a month (the API and the CLI); the total due counts unpaid profit-sharing commissions. */
export async function commissionSummary(db: DB, month: string): Promise<CommissionSummary> {
  const [figures, totals] = await Promise.all([figuresOf(db, month, {}), commissionTotals(db, month)]);
  return { month, totalCommissionDue: penceToPounds(totals.duePence), rows: figures.map(summaryRow) };
}

/** The summary row of one partner, or undefined for an unknown partner. */
export async function commissionSummaryRow(db: DB, month: string, partnerId: number): Promise<CommissionSummaryRow | undefined> {
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

async function paidRowsOf(db: DB, month: string, totals: CommissionTotals): Promise<PaidSummary> {
  const rows = totals.paid ? await figuresOf(db, month, { paid: true }, { page: 1, size: PAID_ROWS_NAMED }) : [];
  return { count: totals.paid, totalPence: totals.paidPence, rows: rows.map(summaryRow) };
}

/** The month's paid payments (Reset Month asks about them). */
export async function paidSummary(db: DB, month: string): Promise<PaidSummary> {
  return paidRowsOf(db, month, await commissionTotals(db, month));
}

export interface CommissionSummaryPage extends CommissionSummary {
  totals: CommissionTotals;
  paid: PaidSummary;
  /** The page shown: one past the end shows the last. */
  page: PageInfo;
}

/** One page of the summary (the summary's order), with the month's totals over every partner. */
export async function commissionSummaryPage(db: DB, month: string, request: PageRequest): Promise<CommissionSummaryPage> {
  const totals = await commissionTotals(db, month);
  const shown = clampPage(request, totals.partners);
  const [rows, paid] = await Promise.all([figuresOf(db, month, {}, shown), paidRowsOf(db, month, totals)]);
  return { month, totalCommissionDue: penceToPounds(totals.duePence), rows: rows.map(summaryRow), totals, paid, page: pageInfo(shown, totals.partners) };
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
  const t = await commissionTotals(db, month);
  return { month, duePence: t.duePence, readyPence: t.readyPence, applicable: t.applicable, ready: t.ready, paid: t.paid };
}
