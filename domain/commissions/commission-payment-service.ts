/**
 * Marking a partner's month paid: the payment's snapshot of the terms, the money this transfer sends,
 * a negative rest carried to the next open month, and the audit entry.
 */
import type { Kysely } from "kysely";
import type { Selectable } from "kysely";
import type { CommissionPaymentsTable, CommissionTransfersTable, Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { storeTerms } from "../agreements/agreement-schemas.ts";
import { nextOpenMonth, paidMonthsOf } from "../agreements/agreement-terms.ts";
import { formatDate, formatMonth, isoDay } from "../shared/dates.ts";
import { DomainError, badInput, conflict } from "../shared/errors.ts";
import { assertMonthEnded, lastDayOfMonth } from "../month-close/month-close-rules.ts";
import { isProfitSharingType } from "../shared/partner-types.ts";
import type { MoneyPaid } from "./correction-words.ts";
import { repayment } from "./correction-rules.ts";
import { payoutReference, topUpReference } from "./bacs-rules.ts";
import { getPayoutPrefix } from "../business/business-service.ts";
import { loadPartnerMonth, requirePartner } from "./commission-service.ts";
import { type PartnerMonth } from "./partner-month.ts";
import { assertNotHeld } from "./bank-hold-service.ts";
import { issueSelfBilledInvoice } from "./self-billed-invoices.ts";

type DB = Kysely<Database>;

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
  return (
    await db.transaction().execute((trx) => markCommissionPaidIn(trx, partnerId, month, actorId, paidDate, null, now))
  ).payment;
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
 * A partner whose bank details changed in the last 72 hours (unconfirmed) is not paid (409).
 */
export async function markCommissionPaidIn(
  trx: DB,
  partnerId: number,
  month: string,
  actorId: number | null,
  paidDate: string,
  batchId: number | null = null,
  now: Date = new Date(),
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
  await assertNotHeld(trx, partnerId, partner.name ?? partner.username, now, actorId);
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
      reference: (alreadyPaid.pence > 0 ? topUpReference : payoutReference)(month, await getPayoutPrefix(trx)),
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
      // The agreement the month was paid under, so the entry names it (audit-money-entries.ts).
      terms: figures.terms,
      paidPence: payPence,
      reference: transfer.reference,
      ...(batchId ? { batchId } : {}),
    },
  });
  // A self-billed month is a self-billed invoice from the day it is paid.
  if (figures.vat) await issueSelfBilledInvoice(trx, partnerId, month, figures.vat, actorId);
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
