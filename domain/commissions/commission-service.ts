/**
 * Commissions by month: each partner's statement figures and commission history (the summary of
 * every partner is commission-summary.ts; marking a month paid is commission-payment-service.ts, and
 * Reset Month commission-reset-service.ts).
 */
import type { Kysely } from "kysely";
import type { Database, User } from "#db/schema.ts";
import { agreementHistory, rateOfMonth, termsOfMonth, withProducts } from "../agreements/agreement-terms.ts";
import { notFound } from "../shared/errors.ts";
import { isProfitSharingType } from "../shared/partner-types.ts";
import { standingAdjustments } from "./correction-rules.ts";
import { vatKey, vatRatesOfMonths } from "../agreements/self-billing-terms.ts";
import { partnerMonthFrom, type CommissionPaymentStatus, type PartnerMonth } from "./partner-month.ts";

type DB = Kysely<Database>;

export async function loadPartnerMonth(db: DB, partner: User, month: string): Promise<PartnerMonth> {
  const [loaded] = await loadPartnerMonths(db, partner, [month]);
  return loaded;
}

/** Groups rows by their month. */
function byMonth<R extends { month: string }>(rows: readonly R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const row of rows) out.set(row.month, [...(out.get(row.month) ?? []), row]);
  return out;
}

/**
 * Several months of one partner at once (the dashboard's twelve and the month to date): each read
 * is one query for every month, so a page of months costs what one month does.
 */
export async function loadPartnerMonths(db: DB, partner: User, months: readonly string[]): Promise<PartnerMonth[]> {
  if (!months.length) return [];
  const list = [...months];
  const [machines, records, history, payments, adjustments, transfers, sentOn] = await Promise.all([
    db
      .selectFrom("machines")
      .select(["id", "location", "status"])
      .where("partnerId", "=", partner.id)
      .orderBy("location")
      .execute(),
    db
      .selectFrom("monthlyRecords as r")
      .innerJoin("machines as m", "m.id", "r.machineId")
      .select(["r.id", "r.month", "r.machineId", "r.totalSales", "r.revenuePence", "r.cogsPence"])
      .where("m.partnerId", "=", partner.id)
      .where("r.month", "in", list)
      .execute(),
    agreementHistory(db, partner.id),
    db
      .selectFrom("commissionPayments")
      .selectAll()
      .where("partnerId", "=", partner.id)
      .where("month", "in", list)
      .execute(),
    db
      .selectFrom("commissionAdjustments")
      .select(["id", "partnerId", "month", "forMonth", "amountPence", "reason"])
      .where("partnerId", "=", partner.id)
      .where("month", "in", list)
      .orderBy("forMonth")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("commissionTransfers")
      .selectAll()
      .where("partnerId", "=", partner.id)
      .where("month", "in", list)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("commissionAdjustments")
      .select(["id", "month", "forMonth", "amountPence", "reason"])
      .where("partnerId", "=", partner.id)
      .where("forMonth", "in", list)
      .whereRef("month", "!=", "forMonth")
      .orderBy("id")
      .execute(),
  ]);
  const recordsOf = byMonth(records);
  const paymentOf = new Map(payments.map((p) => [p.month, p]));
  const adjustmentsOfMonth = byMonth(adjustments);
  const transfersOfMonth = byMonth(transfers);
  const rates = await vatRatesOfMonths(
    db,
    list.map((month) => ({ partnerId: partner.id, month, paid: paymentOf.get(month)?.status === "completed" })),
  );
  const sentOnOf = new Map<string, typeof sentOn>();
  for (const a of sentOn) sentOnOf.set(a.forMonth, [...(sentOnOf.get(a.forMonth) ?? []), a]);
  return Promise.all(
    list.map(async (month) => {
      const payment = paymentOf.get(month);
      const terms = termsOfMonth(partner, history, month, payment);
      const withParts = await withProducts(
        db,
        terms,
        (recordsOf.get(month) ?? []).map(({ month: _month, ...r }) => r),
      );
      return partnerMonthFrom(
        partner,
        month,
        machines,
        withParts,
        { terms, rateBp: rateOfMonth(partner, history, month, payment) },
        payment ?? null,
        (adjustmentsOfMonth.get(month) ?? []).map(({ month: _month, ...a }) => a),
        {
          transfers: (transfersOfMonth.get(month) ?? []).map((t) => ({
            amountPence: t.amountPence,
            paidDate: t.paidDate,
            reference: t.reference,
          })),
          sentOn: standingAdjustments(sentOnOf.get(month) ?? []).map((a) => ({
            month: a.month,
            amountPence: a.amountPence,
            reason: a.reason,
          })),
        },
        rates.get(vatKey(partner.id, month)) ?? null,
      );
    }),
  );
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
