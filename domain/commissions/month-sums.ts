/** A month's commission totals over every partner, summed in the database where its sums give them. */
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { tieredCommissionPenceSql } from "./commission-sql.ts";
import { moneyPaidOf } from "./money-paid.ts";
import { aggregateQuery, monthTotals } from "./month-totals.ts";
import { monthVat } from "../agreements/self-billing-rules.ts";
import { lastDayOfMonth, reportsComplete } from "../month-close/month-close-rules.ts";

type DB = Kysely<Database>;

/** A month's commission totals over every partner, as payables and the admin's stats need them. */
export interface MonthSums {
  partners: number;
  /** Profit-sharing and tiered partners; those with every active machine reported; those paid. */
  applicable: number;
  complete: number;
  paid: number;
  /** What the paid months paid (their snapshots), pence. */
  paidPence: number;
  /** What the unpaid months owe (commission plus adjustments, never below 0), pence; the part of complete partners, and how many. */
  duePence: number;
  readyPence: number;
  ready: number;
  /** The commission under the agreements before adjustments (a paid month: what it paid), pence. */
  commissionPence: number;
}

/**
 * monthTotals summed, without bringing every partner's row out of the database: the partners on the
 * seed's agreements (unpaid) are worked out and summed in SQL (the flat share per record, the seed's
 * tiers on the month's net profit: commission-sql.ts, tested equal to the engine), paid months add what
 * they paid; only partners with a written agreement are read and worked out one by one (monthTotals).
 */
export async function monthSums(db: DB, month: string, options: { machines?: boolean } = {}): Promise<MonthSums> {
  // machines: false leaves the machines' counts (applicable, complete, ready) at 0 and reads only the month's records: the commission alone.
  const withMachines = options.machines ?? true;
  const adjustments = db
    .selectFrom("commissionAdjustments")
    .where("month", "=", month)
    .groupBy("partnerId")
    .select((eb) => ["partnerId", eb.fn.sum<number>("amountPence").as("amountPence")]);
  // Money already paid for the month (a month Reset Month reopened): only the rest is due.
  const moneyPaid = db
    .selectFrom("commissionTransfers")
    .where("month", "=", month)
    .groupBy("partnerId")
    .select((eb) => ["partnerId", eb.fn.sum<number>("amountPence").as("paidPence")]);
  const earning = sql<boolean>`x.partner_type in ('profit-sharing', 'tiered-profit-sharing')`;
  const paid = sql<boolean>`(${earning} and x.payment_status = 'completed')`;
  // Unpaid partners on the seed's agreement: the one kind summed here (written agreements are read below).
  const seed = sql<boolean>`(${earning} and coalesce(x.payment_status, 'pending') = 'pending' and x.version_terms is null)`;
  const complete = sql<boolean>`(x.active_machines > 0 and x.submitted_reports = x.active_machines)`;
  const commission = sql<number>`(case when x.partner_type = 'profit-sharing' then x.flat_net_pence when x.partner_type = 'tiered-profit-sharing' then ${tieredCommissionPenceSql(sql.ref("x.netProfitPence"))} else 0 end)`;
  const owed = sql<number>`(${commission} + coalesce(a.amount_pence, 0) - coalesce(t.paid_pence, 0))`;
  const due = sql<number>`(case when ${owed} > 0 then ${owed} else 0 end)`;
  const [row, written] = await Promise.all([
    db
      .selectFrom(aggregateQuery(db, month, undefined, withMachines).clearOrderBy().as("x"))
      .leftJoin(adjustments.as("a"), "a.partnerId", "x.partnerId")
      .leftJoin(moneyPaid.as("t"), "t.partnerId", "x.partnerId")
      .select([
        sql<number>`count(*)`.as("partners"),
        sql<number>`count(case when ${earning} then 1 end)`.as("applicable"),
        sql<number>`count(case when ${earning} and ${complete} then 1 end)`.as("complete"),
        sql<number>`count(case when ${paid} then 1 end)`.as("paid"),
        sql<number>`coalesce(sum(case when ${paid} then x.paid_amount_pence end), 0)`.as("paidPence"),
        sql<number>`coalesce(sum(case when ${seed} then ${due} end), 0)`.as("duePence"),
        sql<number>`coalesce(sum(case when ${seed} and ${complete} then ${due} end), 0)`.as("readyPence"),
        sql<number>`count(case when ${seed} and ${complete} then 1 end)`.as("ready"),
        sql<number>`coalesce(sum(case when ${seed} then ${commission} when ${paid} then x.paid_amount_pence end), 0)`.as(
          "commissionPence",
        ),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("users as u")
      .leftJoin("commissionPayments as cp", (join) =>
        join.onRef("cp.partnerId", "=", "u.id").on("cp.month", "=", month),
      )
      // A self-billing agreement in force for the month (its VAT goes on top: self-billing-rules.ts inForceForMonth).
      .leftJoin("selfBillingAgreements as sa", (join) =>
        join
          .onRef("sa.partnerId", "=", "u.id")
          .on("sa.startDate", "<=", lastDayOfMonth(month))
          .on("sa.reviewDate", ">=", lastDayOfMonth(month)),
      )
      .where("u.isAdmin", "=", 0)
      .where("u.partnerType", "in", ["profit-sharing", "tiered-profit-sharing"])
      .where((eb) => eb.or([eb("cp.status", "is", null), eb("cp.status", "=", "pending")]))
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom("commissionRates as cr")
              .select("cr.id")
              .whereRef("cr.partnerId", "=", "u.id")
              .where("cr.terms", "is not", null),
          ),
          eb("sa.partnerId", "is not", null),
        ]),
      )
      .select(["u.id", "sa.vatRateBp"])
      .execute(),
  ]);
  const sums: MonthSums = {
    partners: Number(row.partners),
    applicable: Number(row.applicable),
    complete: Number(row.complete),
    paid: Number(row.paid),
    paidPence: Number(row.paidPence),
    duePence: Number(row.duePence),
    readyPence: Number(row.readyPence),
    ready: Number(row.ready),
    commissionPence: Number(row.commissionPence),
  };
  // Partners with any written version (those whose version for this month is written were left out
  // above) and those self-billed this month (their VAT goes on top of what the SQL summed).
  const candidates = written.map((w) => w.id);
  if (!candidates.length) return sums;
  const rates = new Map(written.map((w) => [w.id, w.vatRateBp === null ? null : Number(w.vatRateBp)]));
  const [totals, paidOf] = await Promise.all([monthTotals(db, month, candidates), moneyPaidOf(db, month, candidates)]);
  for (const t of totals) {
    if (!t.terms || t.paymentStatus === "completed") continue;
    const isComplete = reportsComplete(t.activeMachines, t.submittedReports);
    const paidPence = paidOf.get(t.partnerId)?.pence ?? 0;
    const vatPence = monthVat(t.duePence, rates.get(t.partnerId))?.vatPence ?? 0;
    const left = Math.max(0, t.duePence + vatPence - paidPence);
    if (!t.written) {
      // The seed's agreement, summed above without its VAT: the VAT's part only.
      const more = left - Math.max(0, t.duePence - paidPence);
      sums.duePence += more;
      if (isComplete) sums.readyPence += more;
      continue;
    }
    // The unpaid months under a written version: the ones the SQL above left out.
    sums.duePence += left;
    sums.commissionPence += t.commissionPence;
    if (isComplete) {
      sums.readyPence += left;
      sums.ready += 1;
    }
  }
  return sums;
}
