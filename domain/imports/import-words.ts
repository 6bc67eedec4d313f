/**
 * The words of what an import left out, light on purpose: the receipt in Performance
 * History, the import page, the dialog, the CLI and the audit trail say it the same way without
 * loading the booking rules or the export reader.
 */
import { formatPence } from "../shared/money.ts";
import { formatCount, formatMonth } from "../shared/format.ts";

const rowsText = (n: number) => `${n} ${n === 1 ? "row is" : "rows are"}`;

/** The sentence for one reason a row was left out: "98 rows are dated September 2026". */
export function exclusionSentence(item: { reason: string; count: number }): string {
  return `${rowsText(item.count)} ${item.reason}`;
}

/**
 * Rows left out of a file, for one reason, with the revenue they carry (settlement values, refunds
 * netted). `needsConfirmation`: the rows' date could not be read, their month has not begun, they
 * fall outside the title's range, or no cost price is known for them, so the file is written only once the user confirms (section 13).
 */
export interface LeftOut {
  /** date, cost (no cost price in the file or the cost list): need confirmation; skipped: the spec's skips; month: another month; machine: no machine; duplicate, booked, closed: the booking rules. */
  kind: "date" | "cost" | "skipped" | "month" | "machine" | "duplicate" | "booked" | "closed";
  reason: string;
  count: number;
  revenuePence: number;
  needsConfirmation: boolean;
}

/** "465 rows without a readable date: £645.50"; a receipt from before revenue was kept reads as before. */
export function leftOutSentence(item: { reason: string; count: number; revenuePence?: number }): string {
  if (item.revenuePence === undefined) return exclusionSentence(item);
  return `${item.count} ${item.count === 1 ? "row" : "rows"} ${item.reason}: ${formatPence(item.revenuePence)}`;
}

/**
 * What Add Monthly Record says of a month the machine already has data for: "October 2026 already
 * has 44 transactions (£61.50) on this machine; the file adds only what is new". Null for a month
 * with no transactions yet.
 */
export function monthAlreadyHasText(
  month: string,
  existing: { transactions: number; revenuePence: number } | null,
): string | null {
  if (!existing?.transactions) return null;
  return `${formatMonth(month)} already has ${formatCount(existing.transactions, "transaction")} (${formatPence(existing.revenuePence)}) on this machine; the file adds only what is new`;
}
