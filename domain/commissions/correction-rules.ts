/**
 * Corrections after payment, pure. A paid month keeps what it
 * paid; late data (sales imported after payment, a record deleted from it) changes what it comes to
 * under the terms it was paid under, and the difference becomes an adjustment on the partner's next
 * open month, the one adjustment mechanism the agreements use.
 */
import { monthCommission } from "../agreements/month-commission-rules.ts";
import { type AgreementRecord, type AgreementTerms } from "../agreements/agreement-rules.ts";
import { repaymentText, sentOnText, type MoneyPaid } from "./correction-words.ts";

/** What late data changes in a paid month: its commission under the terms it was paid under, after minus before. */
export function paidMonthDifference(
  terms: AgreementTerms | null,
  before: readonly AgreementRecord[],
  after: readonly AgreementRecord[],
): number {
  return monthCommission(terms, after).commissionPence - monthCommission(terms, before).commissionPence;
}

/**
 * Paying a month that money has already been paid for (a month reopened by Reset Month):
 * what it now comes to minus what was already paid. Never below 0: a negative rest is carried to
 * the partner's next open month (reason `repaid`).
 */
export function repayment(owesPence: number, alreadyPaidPence: number): { payPence: number; carriedPence: number } {
  const rest = owesPence - alreadyPaidPence;
  return rest >= 0 ? { payPence: rest, carriedPence: 0 } : { payPence: 0, carriedPence: rest };
}

/**
 * The adjustments a month sent on to later months, less the ones Reset Month took back: a row and a
 * later one of the same reason and the opposite amount (its reversal) cancel out. In id order.
 */
export function standingAdjustments<A extends { id: number; amountPence: number; reason: string }>(
  rows: readonly A[],
): A[] {
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  const gone = new Set<number>();
  for (let i = 0; i < sorted.length; i++) {
    if (gone.has(sorted[i].id)) continue;
    const reversal = sorted.find(
      (r, j) => j > i && !gone.has(r.id) && r.reason === sorted[i].reason && r.amountPence === -sorted[i].amountPence,
    );
    if (reversal && sorted[i].amountPence !== 0) {
      gone.add(sorted[i].id);
      gone.add(reversal.id);
    }
  }
  return sorted.filter((r) => !gone.has(r.id));
}

/** The sum of a month's transfers and the latest day one of them sent money. */
export function moneyPaidFrom(transfers: readonly { amountPence: number; paidDate: string }[]): MoneyPaid {
  const sent = transfers
    .filter((t) => t.amountPence > 0)
    .map((t) => t.paidDate)
    .sort();
  return { pence: transfers.reduce((s, t) => s + t.amountPence, 0), lastPaidDate: sent.at(-1) ?? null };
}

/** What a partner's month needs to say what it was paid and what it sent on (the card, the report, the statement). */
export interface MonthPaymentFacts {
  month: string;
  payment: { status: "pending" | "completed" | "not_applicable"; amountPence: number | null };
  totals: { commissionPence: number };
  transfers: readonly { amountPence: number; paidDate: string }[];
  sentOn: readonly { month: string; amountPence: number; reason: string }[];
}

/**
 * The lines that tell a partner what happened to a month's money, beside the
 * adjustments it includes (adjustmentText, listed with the month's working): both figures where money had been paid for it before ("October 2026: £32.62, already paid £32.15 on
 * 27/11/2026, now £0.47"); what it sent on once paid ("Late sales after payment: +£0.47, added to
 * November 2026").
 */
export function paymentNotes(pm: MonthPaymentFacts): string[] {
  if (pm.payment.status === "not_applicable") return [];
  const out: string[] = [];
  if (pm.payment.status === "completed") {
    const before = moneyPaidFrom(pm.transfers.slice(0, -1));
    if (pm.transfers.length > 1 && before.pence > 0)
      out.push(repaymentText(pm.month, pm.payment.amountPence ?? pm.totals.commissionPence, before));
  } else {
    const paid = moneyPaidFrom(pm.transfers);
    if (paid.pence > 0) out.push(repaymentText(pm.month, pm.totals.commissionPence, paid));
  }
  for (const a of pm.sentOn) out.push(sentOnText(a));
  return out;
}
