/**
 * The admin dashboard's payables card in words, pure: what of last month's commission is ready to
 * pay and how many partners are paid, or that every partner due is paid.
 */
import { formatPence } from "../shared/money.ts";
import { formatCount, formatMonth } from "../shared/format.ts";
import type { Payables } from "./commission-summary.ts";

/**
 * "£5.70 ready to pay (1 partner with every machine reported) · 0 of 2 profit-sharing partners paid";
 * "All partners paid for October 2026" once every one is; "No profit-sharing partners".
 */
export function payablesNote(p: Omit<Payables, "duePence">): string {
  if (!p.applicable) return "No profit-sharing partners";
  if (p.paid >= p.applicable) return `All partners paid for ${formatMonth(p.month)}`;
  const paid = `${p.paid} of ${formatCount(p.applicable, "profit-sharing partner")} paid`;
  // Ready counts unpaid partners only: with none ready, the rest are waiting for their machines.
  if (!p.ready) {
    const waiting = p.applicable - p.paid;
    return `Nothing ready to pay: ${formatCount(waiting, "partner")} waiting for machine reports · ${paid}`;
  }
  return `${formatPence(p.readyPence)} ready to pay (${formatCount(p.ready, "partner")} with every machine reported) · ${paid}`;
}
