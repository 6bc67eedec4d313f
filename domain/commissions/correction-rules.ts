/**
 * Corrections after payment (issue 29, ARCHITECTURE.md section 13), pure. A paid month keeps what it
 * paid; late data (sales imported after payment, a record deleted from it) changes what it comes to
 * under the terms it was paid under, and the difference becomes an adjustment on the partner's next
 * open month, the one adjustment mechanism the agreements use.
 */
import { formatDate, formatMonth } from "../shared/dates.ts";
import { formatSignedPence } from "../shared/format.ts";
import { formatGBP } from "../shared/money.ts";
import { monthCommission, type AgreementRecord, type AgreementTerms } from "./agreement-rules.ts";

/** What late data changes in a paid month: its commission under the terms it was paid under, after minus before. */
export function paidMonthDifference(terms: AgreementTerms | null, before: readonly AgreementRecord[], after: readonly AgreementRecord[]): number {
  return monthCommission(terms, after).commissionPence - monthCommission(terms, before).commissionPence;
}

/** A paid month that late data reaches: what it paid, what it came to and comes to now, and where the difference goes. */
export interface PaidMonthChange {
  partnerId: number;
  partnerName: string;
  month: string;
  paidPence: number;
  paidDate: string | null;
  /** Its commission under the terms it was paid under, before and after the change. */
  beforePence: number;
  afterPence: number;
  /** after − before: the adjustment. */
  differencePence: number;
  /** The partner's next open month, where the adjustment goes. */
  targetMonth: string;
}

/** "Leeds Station Retail's October 2026 (paid £32.15 on 27/11/2026): +£0.47 to November 2026". */
export function paidMonthChangeText(change: PaidMonthChange): string {
  const paid = `paid ${formatGBP(change.paidPence)}${change.paidDate ? ` on ${formatDate(change.paidDate)}` : ""}`;
  return `${change.partnerName}'s ${formatMonth(change.month)} (${paid}): ${formatSignedPence(change.differencePence)} to ${formatMonth(change.targetMonth)}`;
}
