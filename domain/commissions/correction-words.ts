/**
 * A paid month that late data reaches, and its words: light on purpose, so the import
 * page and the machine dialogs name the difference without loading the commission engine
 * (correction-rules.ts works the difference out).
 */
import { formatDate, formatMonth } from "../shared/dates.ts";
import { formatSignedPence } from "../shared/format.ts";
import { formatPence } from "../shared/money.ts";

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
  const paid = `paid ${formatPence(change.paidPence)}${change.paidDate ? ` on ${formatDate(change.paidDate)}` : ""}`;
  return `${change.partnerName}'s ${formatMonth(change.month)} (${paid}): ${formatSignedPence(change.differencePence)} to ${formatMonth(change.targetMonth)}`;
}

/** Money already paid for a month: the sum of its transfers and the latest day one of them sent money. */
export interface MoneyPaid {
  pence: number;
  lastPaidDate: string | null;
}

/**
 * A month paid again after money was paid for it: "October 2026: £32.62, already paid £32.15 on
 * 27/11/2026, now £0.47" (now −£2.15 when it comes to less than was paid; that rest is carried).
 */
export function repaymentText(month: string, monthPence: number, paid: MoneyPaid): string {
  const rest = monthPence - paid.pence;
  const now = rest < 0 ? formatSignedPence(rest) : formatPence(rest);
  return `${formatMonth(month)}: ${formatPence(monthPence)}, already paid ${formatPence(paid.pence)}${paid.lastPaidDate ? ` on ${formatDate(paid.lastPaidDate)}` : ""}, now ${now}`;
}

/** What paying a month pays, in words: "£32.62", or both figures when money was paid for it before (repaymentText). */
export function paymentFiguresText(month: string, monthPence: number, paid: MoneyPaid): string {
  return paid.pence > 0 ? repaymentText(month, monthPence, paid) : formatPence(monthPence);
}

/** What a paid month sent on to a later month, by reason. */
const SENT_ON: Record<string, string> = {
  late_sales: "Late sales after payment",
  record_deleted: "Record deleted after payment",
  agreement: "New agreement after payment",
  carried: "Below zero, carried",
  repaid: "Paid over, carried",
};

/** "Late sales after payment: +£0.47, added to November 2026" (the paid month's statement). */
export function sentOnText(a: { month: string; amountPence: number; reason: string }): string {
  return `${SENT_ON[a.reason] ?? "Adjustment"}: ${formatSignedPence(a.amountPence)}, added to ${formatMonth(a.month)}`;
}
