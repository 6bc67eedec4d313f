/**
 * Corrections after payment: the paid months a change reaches, what each came to before
 * and comes to after it (under the terms it was paid under), and the differences written as
 * adjustments on each partner's next open month, audited with what caused them. Imports
 * (import-service.ts) and record deletes (machine-service.ts) call these inside their transaction.
 */
import type { Kysely } from "kysely";
import type { AdjustmentReason, Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { nextOpenMonth, paidMonthsOf } from "../agreements/agreement-terms.ts";
import { partnerMonth } from "./commission-service.ts";
import { closedMonths } from "../month-close/month-close-service.ts";
import type { PaidMonthChange } from "./correction-words.ts";

type DB = Kysely<Database>;

/** A paid month before a change: what it paid and what it comes to now. */
export type PaidMonthBefore = Omit<PaidMonthChange, "afterPence" | "differencePence" | "targetMonth">;

const keyOf = (k: { partnerId: number; month: string }) => `${k.partnerId}:${k.month}`;

/** Of these partners' months, the paid ones, each with what it comes to before the change. */
export async function paidMonthsBefore(
  db: DB,
  keys: readonly { partnerId: number; month: string }[],
): Promise<PaidMonthBefore[]> {
  if (!keys.length) return [];
  const wanted = new Set(keys.map(keyOf));
  const closed = (
    await closedMonths(db, {
      partnerIds: [...new Set(keys.map((k) => k.partnerId))],
      months: [...new Set(keys.map((k) => k.month))],
    })
  ).filter((c) => wanted.has(keyOf(c)));
  const out: PaidMonthBefore[] = [];
  for (const c of closed) {
    const month = await partnerMonth(db, c.partnerId, c.month);
    out.push({
      partnerId: c.partnerId,
      partnerName: c.partnerName,
      month: c.month,
      paidPence: month.payment.amountPence ?? 0,
      paidDate: c.paidDate,
      beforePence: month.agreementPence,
    });
  }
  return out;
}

/** After the change (in the same transaction): each paid month's difference and the open month it goes to. */
export async function paidMonthChanges(db: DB, before: readonly PaidMonthBefore[]): Promise<PaidMonthChange[]> {
  const out: PaidMonthChange[] = [];
  for (const b of before) {
    const afterPence = (await partnerMonth(db, b.partnerId, b.month)).agreementPence;
    out.push({
      ...b,
      afterPence,
      differencePence: afterPence - b.beforePence,
      targetMonth: nextOpenMonth(b.month, await paidMonthsOf(db, b.partnerId)),
    });
  }
  return out;
}

/** Writes each difference that is not zero as an adjustment on the partner's next open month, audited with its cause. */
export async function addCorrections(
  trx: DB,
  changes: readonly PaidMonthChange[],
  reason: Extract<AdjustmentReason, "late_sales" | "record_deleted">,
  actorId: number | null,
  cause: Record<string, unknown>,
): Promise<void> {
  for (const c of changes) {
    if (!c.differencePence) continue;
    const row = await trx
      .insertInto("commissionAdjustments")
      .values({
        partnerId: c.partnerId,
        month: c.targetMonth,
        forMonth: c.month,
        amountPence: c.differencePence,
        reason,
        createdBy: actorId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actorId,
      action: "commission_adjustment",
      entity: "commission_adjustment",
      entityId: row.id,
      partnerId: c.partnerId,
      month: c.targetMonth,
      before: null,
      after: {
        forMonth: c.month,
        amountPence: c.differencePence,
        reason,
        paidPence: c.paidPence,
        beforePence: c.beforePence,
        afterPence: c.afterPence,
      },
      details: cause,
    });
  }
}
