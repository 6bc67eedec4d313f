/**
 * A paid month that late data reaches, and its words (issue 29): light on purpose, so the import
 * page and the machine dialogs name the difference without loading the commission engine
 * (correction-rules.ts works the difference out).
 */
import { formatDate, formatMonth } from "../shared/dates.ts";
import { formatSignedPence } from "../shared/format.ts";
import { formatGBP } from "../shared/money.ts";

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
