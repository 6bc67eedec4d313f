/**
 * Commissions by month: each partner's statement figures, payments and their reset (the summary of
 * every partner is commission-summary.ts).
 */
import type { Kysely } from "kysely";
import type { Selectable } from "kysely";
import type {
  AdjustmentReason,
  CommissionPaymentsTable,
  CommissionTransfersTable,
  Database,
  User,
} from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import type { TieredCommission } from "../shared/commission-rules.ts";
import {
  monthCommission,
  type AgreementRecord,
  type AgreementTerms,
  type CommissionLine,
  type MonthCommission,
} from "../agreements/agreement-rules.ts";
import { storeTerms } from "../agreements/agreement-schemas.ts";
import {
  adjustmentsOf,
  agreementHistory,
  dueOf,
  nextOpenMonth,
  paidMonthsOf,
  rateOfMonth,
  termsOfMonth,
  withProducts,
  type MonthAdjustment,
} from "../agreements/agreement-terms.ts";
import { formatDate, formatMonth, isoDay } from "../shared/dates.ts";
import { DomainError, badInput, conflict, notFound } from "../shared/errors.ts";
import { assertMonthEnded, lastDayOfMonth, reportsComplete } from "../month-close/month-close-rules.ts";
import { penceToPounds } from "../shared/money.ts";
import { isProfitSharingType } from "../shared/partner-types.ts";
import type { MoneyPaid } from "./correction-words.ts";
import { moneyPaidOf, transfersOf } from "./money-paid.ts";
import { moneyPaidFrom, repayment, standingAdjustments } from "./correction-rules.ts";
import { payoutReference, topUpReference } from "./bacs-rules.ts";

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

async function loadPartnerMonth(db: DB, partner: User, month: string): Promise<PartnerMonth> {
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

async function requirePartner(db: DB, id: number): Promise<User> {
  const partner = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  if (!partner || partner.isAdmin) throw notFound("Partner not found");
  return partner;
}

export async function partnerMonth(db: DB, partnerId: number, month: string): Promise<PartnerMonth> {
  return loadPartnerMonth(db, await requirePartner(db, partnerId), month);
}

/**
 * Marks a month's commission paid, with the amount and rate it paid, which closes the partner's
 * month; refused (409) for a month that has not ended, when not applicable, incomplete or already paid.
 */
export async function markCommissionPaid(
  db: DB,
  partnerId: number,
  month: string,
  actorId: number | null,
  paidDate: string = isoDay(new Date()),
  now: Date = new Date(),
) {
  assertPayable(month, paidDate, now);
  return (await db.transaction().execute((trx) => markCommissionPaidIn(trx, partnerId, month, actorId, paidDate)))
    .payment;
}

/** The checks of markCommissionPaid that need no database: the month has ended and the paid date is after it. */
export function assertPayable(month: string, paidDate: string, now: Date = new Date()): void {
  assertMonthEnded(month, now);
  if (paidDate <= lastDayOfMonth(month))
    throw badInput(`The paid date must be after ${formatMonth(month)} ended (${formatDate(lastDayOfMonth(month))})`);
}

/** A month marked paid: its payment row, the money this payment sent, and what had been paid before. */
export interface PaidMonth {
  payment: Selectable<CommissionPaymentsTable>;
  transfer: Selectable<CommissionTransfersTable>;
  alreadyPaid: MoneyPaid;
  /** What the month comes to (the payment row's amount); transfer.amountPence is what was sent now. */
  monthPence: number;
}

/**
 * markCommissionPaid inside a transaction the caller holds (a payout batch pays several partners in
 * one); the caller has run assertPayable. A month money was already paid for (reopened by Reset
 * Month) pays only what it now comes to minus that; a negative rest is carried (reason `repaid`).
 */
export async function markCommissionPaidIn(
  trx: DB,
  partnerId: number,
  month: string,
  actorId: number | null,
  paidDate: string,
  batchId: number | null = null,
): Promise<PaidMonth> {
  const partner = await requirePartner(trx, partnerId);
  if (!isProfitSharingType(partner.partnerType)) {
    throw new DomainError("conflict", "Commission is not applicable for this partner type");
  }
  const figures = await loadPartnerMonth(trx, partner, month);
  if (!figures.complete) throw conflict(`Not every active machine has reported for ${month} yet`);
  const existing = await trx
    .selectFrom("commissionPayments")
    .selectAll()
    .where("partnerId", "=", partnerId)
    .where("month", "=", month)
    .executeTakeFirst();
  if (existing?.status === "completed") throw conflict(`Commission for ${month} is already paid`);
  const monthPence = figures.totals.commissionPence;
  const alreadyPaid = figures.moneyPaid;
  const { payPence, carriedPence } = repayment(monthPence, alreadyPaid.pence);
  const values = {
    status: "completed" as const,
    paidDate,
    amountPence: monthPence,
    rateBp: figures.rateBp,
    terms: figures.terms && storeTerms(figures.terms),
    updatedAt: new Date().toISOString(),
  };
  const payment = existing
    ? await trx
        .updateTable("commissionPayments")
        .set(values)
        .where("id", "=", existing.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await trx
        .insertInto("commissionPayments")
        .values({ partnerId, month, ...values })
        .returningAll()
        .executeTakeFirstOrThrow();
  const transfer = await trx
    .insertInto("commissionTransfers")
    .values({
      partnerId,
      month,
      amountPence: payPence,
      paidDate,
      reference: alreadyPaid.pence > 0 ? topUpReference(month) : payoutReference(month),
      batchId,
      createdBy: actorId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(trx, {
    actorId,
    action: "commission_paid",
    entity: "commission_payment",
    entityId: payment.id,
    partnerId,
    month,
    before: {
      status: existing?.status ?? "pending",
      ...(alreadyPaid.pence ? { alreadyPaidPence: alreadyPaid.pence } : {}),
    },
    after: {
      status: "completed",
      paidDate,
      amountPence: payment.amountPence,
      rateBp: payment.rateBp,
      paidPence: payPence,
      reference: transfer.reference,
      ...(batchId ? { batchId } : {}),
    },
  });
  await carryNegativeRest(trx, figures, payment.id, actorId);
  if (carriedPence < 0) await carry(trx, figures, payment.id, actorId, carriedPence, "repaid");
  return { payment, transfer, alreadyPaid, monthPence };
}

/**
 * A month whose adjustments take its total below 0 pays nothing, and the rest is carried to the next
 * month as an adjustment (removed with the payment by Reset Month).
 */
async function carryNegativeRest(trx: DB, figures: PartnerMonth, paymentId: number, actorId: number | null) {
  const rest = figures.agreementPence + figures.adjustments.reduce((s, a) => s + a.amountPence, 0);
  if (rest < 0) await carry(trx, figures, paymentId, actorId, rest, "carried");
}

/** A negative rest of a month just paid, as an adjustment on the partner's next open month (reversed with the payment by Reset Month). */
async function carry(
  trx: DB,
  figures: PartnerMonth,
  paymentId: number,
  actorId: number | null,
  amountPence: number,
  reason: "carried" | "repaid",
) {
  const month = nextOpenMonth(figures.month, await paidMonthsOf(trx, figures.partner.id));
  const row = await trx
    .insertInto("commissionAdjustments")
    .values({
      partnerId: figures.partner.id,
      month,
      forMonth: figures.month,
      amountPence,
      reason,
      sourcePaymentId: paymentId,
      createdBy: actorId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await audit(trx, {
    actorId,
    action: "commission_adjustment",
    entity: "commission_adjustment",
    entityId: row.id,
    partnerId: figures.partner.id,
    month,
    before: null,
    after: { forMonth: figures.month, amountPence, reason },
  });
}

/**
 * Takes back an adjustment a reopened month made: still waiting in an unpaid month, it is removed;
 * already paid with a later month, it stays there (a paid month never changes), loses its link to the
 * payment, and is reversed in the partner's next unpaid month. Each audited.
 */
async function takeBack(
  trx: DB,
  row: {
    id: number;
    partnerId: number;
    month: string;
    forMonth: string;
    amountPence: number;
    reason: AdjustmentReason;
  },
  paid: ReadonlySet<string>,
  actorId: number | null,
) {
  const was = { forMonth: row.forMonth, amountPence: row.amountPence, reason: row.reason };
  if (!paid.has(row.month)) {
    await trx.deleteFrom("commissionAdjustments").where("id", "=", row.id).execute();
    await audit(trx, {
      actorId,
      action: "commission_adjustment_removed",
      entity: "commission_adjustment",
      entityId: row.id,
      partnerId: row.partnerId,
      month: row.month,
      before: was,
      after: null,
    });
    return;
  }
  await trx.updateTable("commissionAdjustments").set({ sourcePaymentId: null }).where("id", "=", row.id).execute();
  const target = nextOpenMonth(row.month, paid);
  const reversal = await trx
    .insertInto("commissionAdjustments")
    .values({
      partnerId: row.partnerId,
      month: target,
      forMonth: row.forMonth,
      amountPence: -row.amountPence,
      reason: row.reason,
      createdBy: actorId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await audit(trx, {
    actorId,
    action: "commission_adjustment",
    entity: "commission_adjustment",
    entityId: reversal.id,
    partnerId: row.partnerId,
    month: target,
    before: null,
    after: { forMonth: row.forMonth, amountPence: -row.amountPence, reason: row.reason, reverses: row.id },
  });
}

/**
 * A reopened month is worked out again under the agreement in force for it and with all its records,
 * so the differences that agreements, late sales and deleted records added for it while it was paid must go: those still waiting in an unpaid month are
 * removed; those already paid in a later month are reversed in the next unpaid month. Each audited.
 */
async function undoAgreementAdjustments(trx: DB, partnerId: number, month: string, actorId: number | null) {
  // Late sales and deleted records are part of what the reopened month now comes to: theirs go too.
  const rows = await trx
    .selectFrom("commissionAdjustments")
    .selectAll()
    .where("partnerId", "=", partnerId)
    .where("forMonth", "=", month)
    .where("reason", "in", ["agreement", "late_sales", "record_deleted"])
    .execute();
  if (!rows.length) return;
  const paid = await paidMonthsOf(trx, partnerId);
  for (const row of rows) await takeBack(trx, row, paid, actorId);
}

export async function commissionPaymentStatus(db: DB, partnerId: number, month: string) {
  const m = await partnerMonth(db, partnerId, month);
  return { month, status: m.payment.status, paidDate: m.payment.paidDate };
}

/** Each month the partner has records for, newest first, with its payment status. */
export async function commissionHistory(db: DB, partnerId: number) {
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
        amount: p?.amountPence == null ? null : penceToPounds(p.amountPence),
      };
    });
}

/**
 * Reset Month: sets a month's completed commission payments (every partner's, or one partner's) back
 * to pending, which reopens those months; the money paid for them stays (commission_transfers), so
 * paying again pays only the difference. Each reopened payment is audited with what it had paid.
 * Answers how many.
 */
export async function resetCommissions(
  db: DB,
  month: string,
  actorId: number | null,
  partnerId?: number,
): Promise<{ reset: number }> {
  return db.transaction().execute(async (trx) => {
    if (partnerId !== undefined) await requirePartner(trx, partnerId);
    const reopened = await trx
      .selectFrom("commissionPayments")
      .selectAll()
      .where("month", "=", month)
      .where("status", "=", "completed")
      .$if(partnerId !== undefined, (q) => q.where("partnerId", "=", partnerId!))
      .orderBy("id")
      .execute();
    const ids = reopened.map((p) => p.id);
    const carried = ids.length
      ? await trx
          .selectFrom("commissionAdjustments")
          .select(["id", "partnerId", "month", "forMonth", "amountPence", "reason"])
          .where("sourcePaymentId", "in", ids)
          .orderBy("id")
          .execute()
      : [];
    // A rest carried when the month was paid (negative, or paid back) goes with its payment; where a later month was already
    // paid with it, it stays there (a paid month never changes) and is reversed in the next unpaid month instead. Each audited.
    for (const c of carried) await takeBack(trx, c, await paidMonthsOf(trx, c.partnerId), actorId);
    if (ids.length) {
      await trx
        .updateTable("commissionPayments")
        .set({
          status: "pending",
          paidDate: null,
          amountPence: null,
          rateBp: null,
          terms: null,
          updatedAt: new Date().toISOString(),
        })
        .where("id", "in", ids)
        .execute();
    }
    for (const payment of reopened) await undoAgreementAdjustments(trx, payment.partnerId, month, actorId);
    const paidByPartner = await moneyPaidOf(
      trx,
      month,
      reopened.map((p) => p.partnerId),
    );
    for (const payment of reopened) {
      await audit(trx, {
        actorId,
        action: "commission_reset",
        entity: "commission_payment",
        entityId: payment.id,
        partnerId: payment.partnerId,
        month,
        before: {
          status: payment.status,
          paidDate: payment.paidDate,
          amountPence: payment.amountPence,
          rateBp: payment.rateBp,
        },
        after: { status: "pending", moneyPaidPence: paidByPartner.get(payment.partnerId)?.pence ?? 0 },
      });
    }
    if (!reopened.length)
      await audit(trx, {
        actorId,
        action: "commission_reset",
        entity: "commission_payment",
        entityId: null,
        partnerId: partnerId ?? null,
        month,
        details: { reset: 0 },
      });
    return { reset: reopened.length };
  });
}
