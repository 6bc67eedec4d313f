/**
 * Reset Month: a paid month reopened, the adjustments its payment made taken back, and the money
 * already paid kept as paid.
 */
import type { Kysely } from "kysely";
import type { AdjustmentReason, Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { nextOpenMonth, paidMonthsOf } from "../agreements/agreement-terms.ts";
import { moneyPaidOf } from "./money-paid.ts";
import { requirePartner } from "./commission-service.ts";

type DB = Kysely<Database>;

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
