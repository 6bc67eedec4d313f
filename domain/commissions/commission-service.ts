/**
 * Commissions by month: each partner's statement figures and commission history (the summary of
 * every partner is commission-summary.ts; marking a month paid is commission-payment-service.ts, and
 * Reset Month commission-reset-service.ts).
 */
import type { Kysely } from "kysely";
import type { AdjustmentReason, Database, User } from "#db/schema.ts";
import type { TieredCommission } from "../shared/commission-rules.ts";
import { monthCommission, type MonthCommission } from "../agreements/month-commission-rules.ts";
import { type AgreementRecord, type AgreementTerms, type CommissionLine } from "../agreements/agreement-rules.ts";
import {
  adjustmentsOf,
  agreementHistory,
  dueOf,
  rateOfMonth,
  termsOfMonth,
  withProducts,
  type MonthAdjustment,
} from "../agreements/agreement-terms.ts";
import { notFound } from "../shared/errors.ts";
import { reportsComplete } from "../month-close/month-close-rules.ts";
import { isProfitSharingType } from "../shared/partner-types.ts";
import type { MoneyPaid } from "./correction-words.ts";
import { transfersOf } from "./money-paid.ts";
import { moneyPaidFrom, standingAdjustments } from "./correction-rules.ts";

type DB = Kysely<Database>;

export type CommissionPaymentStatus = "completed" | "pending" | "not_applicable";

export interface MachineLine {
  machineId: number;
  location: string;
  status: "active" | "inactive";
  /** Null when the machine has no record for the month. */
  recordId: number | null;
  units: number;
  revenuePence: number;
  cogsPence: number;
  cardFeePence: number;
  netProfitPence: number;
  commissionPence: number;
}

export interface PartnerMonth {
  partner: Pick<User, "id" | "username" | "name" | "email" | "billingAddress" | "partnerType">;
  month: string;
  rateBp: number;
  machines: MachineLine[];
  activeMachines: number;
  submittedReports: number;
  /** Every active machine has a record for the month (and there is at least one). */
  complete: boolean;
  totals: {
    units: number;
    revenuePence: number;
    cogsPence: number;
    cardFeePence: number;
    netProfitPence: number;
    commissionPence: number;
  };
  tiers: TieredCommission | null;
  /** The agreement's terms for the month (null: no commission), its lines, and the adjustments added to the month. */
  terms: AgreementTerms | null;
  lines: CommissionLine[];
  adjustments: MonthAdjustment[];
  /** The commission under the agreement before adjustments (totals.commissionPence is what the month owes). */
  agreementPence: number;
  payment: {
    status: CommissionPaymentStatus;
    paidDate: string | null;
    amountPence: number | null;
    rateBp: number | null;
  };
  /** Money already paid for the month (kept when Reset Month reopens it), and each payment of it. */
  moneyPaid: MoneyPaid;
  transfers: { amountPence: number; paidDate: string; reference: string }[];
  /** What the month sent on to later months once paid (late sales, deleted records, agreements, carried rests), less what Reset Month took back. */
  sentOn: { month: string; amountPence: number; reason: AdjustmentReason }[];
}

export async function loadPartnerMonth(db: DB, partner: User, month: string): Promise<PartnerMonth> {
  const [machines, records, history, payment, adjustments, transfers, sentOn] = await Promise.all([
    db
      .selectFrom("machines")
      .select(["id", "location", "status"])
      .where("partnerId", "=", partner.id)
      .orderBy("location")
      .execute(),
    db
      .selectFrom("monthlyRecords as r")
      .innerJoin("machines as m", "m.id", "r.machineId")
      .select(["r.id", "r.machineId", "r.totalSales", "r.revenuePence", "r.cogsPence"])
      .where("m.partnerId", "=", partner.id)
      .where("r.month", "=", month)
      .execute(),
    agreementHistory(db, partner.id),
    db
      .selectFrom("commissionPayments")
      .selectAll()
      .where("partnerId", "=", partner.id)
      .where("month", "=", month)
      .executeTakeFirst(),
    adjustmentsOf(db, month, [partner.id]),
    transfersOf(db, partner.id, month),
    db
      .selectFrom("commissionAdjustments")
      .select(["id", "month", "amountPence", "reason"])
      .where("partnerId", "=", partner.id)
      .where("forMonth", "=", month)
      .where("month", "!=", month)
      .orderBy("id")
      .execute(),
  ]);
  const terms = termsOfMonth(partner, history, month, payment);
  const withParts = await withProducts(db, terms, records);
  return partnerMonthFrom(
    partner,
    month,
    machines,
    withParts,
    { terms, rateBp: rateOfMonth(partner, history, month, payment) },
    payment ?? null,
    adjustments.get(partner.id) ?? [],
    {
      transfers: transfers.map((t) => ({ amountPence: t.amountPence, paidDate: t.paidDate, reference: t.reference })),
      sentOn: standingAdjustments(sentOn).map((a) => ({
        month: a.month,
        amountPence: a.amountPence,
        reason: a.reason,
      })),
    },
  );
}

/** Pure assembly of a partner's month from its machines, records, terms and payment. */
export function partnerMonthFrom(
  partner: Pick<User, "id" | "username" | "name" | "email" | "billingAddress" | "partnerType">,
  month: string,
  machines: { id: number; location: string; status: "active" | "inactive" }[],
  records: ({
    id: number;
    machineId: number;
    totalSales: number;
    revenuePence: number;
    cogsPence: number;
  } & Partial<AgreementRecord>)[],
  agreement: { terms: AgreementTerms | null; rateBp: number },
  payment: {
    status: "pending" | "completed";
    paidDate: string | null;
    amountPence: number | null;
    rateBp: number | null;
  } | null,
  adjustments: MonthAdjustment[] = [],
  paid: Pick<PartnerMonth, "transfers" | "sentOn"> = { transfers: [], sentOn: [] },
): PartnerMonth {
  const { terms, rateBp } = agreement;
  const result: MonthCommission = monthCommission(terms, records);
  const applied = result.applicable ? adjustments : [];
  const byMachine = new Map(records.map((r, i) => [r.machineId, { record: r, figures: result.records[i] }]));
  const lines: MachineLine[] = machines.map((m) => {
    const hit = byMachine.get(m.id);
    return {
      machineId: m.id,
      location: m.location,
      status: m.status,
      recordId: hit?.record.id ?? null,
      units: hit?.record.totalSales ?? 0,
      revenuePence: hit?.record.revenuePence ?? 0,
      cogsPence: hit?.record.cogsPence ?? 0,
      cardFeePence: hit?.figures.cardFeePence ?? 0,
      netProfitPence: hit?.figures.netProfitPence ?? 0,
      commissionPence: hit?.figures.commissionPence ?? 0,
    };
  });
  const active = machines.filter((m) => m.status === "active");
  const submitted = active.filter((m) => byMachine.has(m.id)).length;
  const sum = (key: keyof MachineLine) => lines.reduce((s, l) => s + (l[key] as number), 0);
  return {
    partner,
    month,
    rateBp,
    machines: lines,
    activeMachines: active.length,
    submittedReports: submitted,
    complete: reportsComplete(active.length, submitted),
    totals: {
      units: sum("units"),
      revenuePence: sum("revenuePence"),
      cogsPence: sum("cogsPence"),
      cardFeePence: sum("cardFeePence"),
      netProfitPence: sum("netProfitPence"),
      commissionPence: result.applicable ? dueOf(result.commissionPence, applied) : 0,
    },
    tiers: result.tiers,
    terms,
    lines: result.lines,
    adjustments: applied,
    agreementPence: result.commissionPence,
    payment: result.applicable
      ? {
          status: payment?.status ?? "pending",
          paidDate: payment?.paidDate ?? null,
          amountPence: payment?.amountPence ?? null,
          rateBp: payment?.rateBp ?? null,
        }
      : { status: "not_applicable", paidDate: null, amountPence: null, rateBp: null },
    moneyPaid: moneyPaidFrom(paid.transfers),
    transfers: paid.transfers,
    sentOn: result.applicable ? paid.sentOn : [],
  };
}

export async function requirePartner(db: DB, id: number): Promise<User> {
  const partner = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  if (!partner || partner.isAdmin) throw notFound("Partner not found");
  return partner;
}

export async function partnerMonth(db: DB, partnerId: number, month: string): Promise<PartnerMonth> {
  return loadPartnerMonth(db, await requirePartner(db, partnerId), month);
}

export async function commissionPaymentStatus(db: DB, partnerId: number, month: string) {
  const m = await partnerMonth(db, partnerId, month);
  return { month, status: m.payment.status, paidDate: m.payment.paidDate };
}

/** A month of a partner's commission history: its payment status, and the amount paid (pence) once paid. */
export interface CommissionHistoryMonth {
  month: string;
  status: CommissionPaymentStatus;
  paidDate: string | null;
  amountPence: number | null;
}

/** Each month the partner has records for, newest first, with its payment status. */
export async function commissionHistory(db: DB, partnerId: number): Promise<CommissionHistoryMonth[]> {
  const partner = await requirePartner(db, partnerId);
  const [months, payments] = await Promise.all([
    db
      .selectFrom("monthlyRecords as r")
      .innerJoin("machines as m", "m.id", "r.machineId")
      .select("r.month")
      .distinct()
      .where("m.partnerId", "=", partnerId)
      .execute(),
    db.selectFrom("commissionPayments").selectAll().where("partnerId", "=", partnerId).execute(),
  ]);
  const byMonth = new Map(payments.map((p) => [p.month, p]));
  const all = new Set([...months.map((m) => m.month), ...payments.map((p) => p.month)]);
  const applicable = isProfitSharingType(partner.partnerType);
  return [...all]
    .sort((a, b) => b.localeCompare(a))
    .map((month) => {
      const p = byMonth.get(month);
      return {
        month,
        status: (applicable ? (p?.status ?? "pending") : "not_applicable") as CommissionPaymentStatus,
        paidDate: p?.paidDate ?? null,
        amountPence: p?.amountPence ?? null,
      };
    });
}
