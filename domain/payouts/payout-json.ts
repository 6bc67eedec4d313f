/** A payout's lines as the JSON API and the CLI's --json answer them: pounds at the edge, the account number masked. */
import { maskAccountNumber } from "../shared/format.ts";
import { penceToPounds } from "../shared/money.ts";
import type { LeftOutPartner, PayoutLine, PayoutPlan } from "./payout-rules.ts";
import type { PaidBatch } from "./payout-service.ts";
import type { RemittanceOutcome } from "./remittance-service.ts";
import type { RemittanceListItem } from "./remittance-queries.ts";

export function payoutLineJson(l: PayoutLine) {
  return {
    partnerId: l.partnerId,
    partnerName: l.partnerName,
    payeeName: l.payeeName,
    bankName: l.bankName,
    sortCode: l.sortCode,
    accountNumber: maskAccountNumber(l.accountNumber),
    amount: penceToPounds(l.amountPence),
    monthAmount: penceToPounds(l.monthPence),
    alreadyPaid: penceToPounds(l.alreadyPaidPence),
    reference: l.reference,
  };
}

export function leftOutJson(l: LeftOutPartner) {
  return {
    partnerId: l.partnerId,
    partnerName: l.partnerName,
    amount: penceToPounds(l.amountPence),
    reason: l.reason.code,
    message: l.reason.message,
  };
}

/** GET /api/commissions/payouts: the month's candidates, eligible and left out, the total in pounds. */
export function payoutJson(plan: PayoutPlan) {
  return {
    month: plan.month,
    total: penceToPounds(plan.totalPence),
    eligible: plan.eligible.map(payoutLineJson),
    leftOut: plan.leftOut.map(leftOutJson),
  };
}

/** A remittance's outcome as the API and the CLI's --json answer it. */
export function remittanceJson(r: RemittanceOutcome) {
  return {
    partnerId: r.partnerId,
    partnerName: r.partnerName,
    status: r.status,
    to: r.to,
    error: r.error,
  };
}

/** POST /api/commissions/payouts/mark-paid: the batch paid, its amounts in pounds, and each remittance. */
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
    remittances: batch.remittances.map(remittanceJson),
  };
}

/** `vendboard commissions payouts --json`: the file written, the plan in pounds and the batch marked paid, if any. */
export function payoutRunJson(
  month: string,
  file: string | null,
  plan: PayoutPlan,
  paid: { batchId: number; paidDate: string; remittances: RemittanceOutcome[] } | null,
) {
  return {
    month,
    file,
    total: penceToPounds(plan.totalPence),
    payees: plan.eligible.map(payoutLineJson),
    leftOut: plan.leftOut.map(leftOutJson),
    markedPaid: paid
      ? { batchId: paid.batchId, paidDate: paid.paidDate, remittances: paid.remittances.map(remittanceJson) }
      : null,
  };
}

/** A remittance in GET /api/partners/{id}/remittances: its id (for GET /api/remittances/{id}), pounds, the stored reference. */
export function remittanceListJson(r: RemittanceListItem) {
  return {
    id: r.id,
    month: r.month,
    amount: penceToPounds(r.amountPence),
    reference: r.reference,
    paidDate: r.paidDate,
    status: r.status,
    url: `/api/remittances/${r.id}`,
  };
}
