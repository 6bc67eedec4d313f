/** What the payout API routes and the payouts page share: the JSON of a payout and the partnerIds input. */
import { leftOutJson, payoutLineJson } from "#domain/payouts/payout-json.ts";
import { z } from "zod";
import type { PayoutPlan } from "#domain/payouts/payout-rules.ts";
import type { PaidBatch } from "#domain/payouts/payout-service.ts";
import type { RemittanceOutcome } from "#domain/payouts/remittance-service.ts";
import { penceToPounds } from "#domain/shared/money.ts";

export const PARTNER_IDS_MESSAGE = "partnerIds must be partner ids (positive whole numbers) separated by commas";

/** Partner ids from `1,2` or repeated fields (a form's checkboxes); undefined when none are given at all. */
export const partnerIdsSchema = z
  .array(z.string())
  .transform((values) =>
    values
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .regex(/^\d{1,15}$/, PARTNER_IDS_MESSAGE)
        .transform(Number)
        .refine((id) => id > 0, PARTNER_IDS_MESSAGE),
    ),
  );

export function payoutJson(plan: PayoutPlan) {
  return {
    month: plan.month,
    total: penceToPounds(plan.totalPence),
    eligible: plan.eligible.map(payoutLineJson),
    leftOut: plan.leftOut.map(leftOutJson),
  };
}

export function paidBatchJson(batch: PaidBatch & { remittances: RemittanceOutcome[] }) {
  return {
    batchId: batch.batchId,
    month: batch.month,
    paidDate: batch.paidDate,
    total: penceToPounds(batch.totalPence),
    paid: batch.rows.map((r) => ({
      partnerId: r.partnerId,
      partnerName: r.partnerName,
      amount: penceToPounds(r.amountPence),
      reference: r.reference,
    })),
    remittances: batch.remittances.map((r) => ({
      partnerId: r.partnerId,
      partnerName: r.partnerName,
      status: r.status,
      to: r.to,
      error: r.error,
    })),
  };
}
