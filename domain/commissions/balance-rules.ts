/**
 * A partner's commission balance and what they owe, pure. Negative adjustments
 * (a rest carried from a paid month, a month paid again for less, a record deleted or a late refund
 * after payment) wait on the partner's next open month and are absorbed when that month is paid. The
 * balance is the sum of the adjustments on every month not paid (the month in progress and later ones
 * too). A negative balance is *owing* when nothing will absorb it: the partner is no longer
 * profit-sharing (or tiered), has no active machine, or their account is disabled. An admin can write
 * it off (reason `written_off`, +owed on the month where the latest negative adjustment waits).
 */
import type { AdjustmentReason } from "#db/schema.ts";
import { formatMonth } from "../shared/dates.ts";
import { formatPence } from "../shared/money.ts";
import { formatSignedPence } from "../shared/format.ts";
import { ADJUSTMENT_REASONS } from "../agreements/agreement-words.ts";
import { isProfitSharingType, type PartnerType } from "../shared/partner-types.ts";

/** An adjustment waiting on a month not paid: `month` is where it sits, `forMonth` the month it is for. */
export interface PendingAdjustment {
  month: string;
  forMonth: string;
  amountPence: number;
  reason: AdjustmentReason;
}

/** What decides whether a later month can take a negative balance. */
export interface AbsorbingState {
  partnerType: PartnerType;
  activeMachines: number;
  disabled: boolean;
  /** Being deleted (or written off on purpose): no later month will come, whatever the partner's state. */
  leaving?: boolean;
}

export interface Owing {
  /** What the partner owes, in pence (> 0). */
  owingPence: number;
  /** The adjustments making up the balance, by the month they sit on, then the month they are for. */
  months: PendingAdjustment[];
  /** Why no later month takes it, in words: "no active machine", "now fee-paying", "account disabled" (several joined with "and"). */
  why: string;
}

/** The balance: the sum of the adjustments waiting on months not paid. */
export function balancePence(pending: readonly Pick<PendingAdjustment, "amountPence">[]): number {
  return pending.reduce((sum, a) => sum + a.amountPence, 0);
}

/** Why no later month can absorb a negative balance, in words; empty while one can. */
export function absorbBlockers(state: AbsorbingState): string[] {
  const out: string[] = [];
  if (state.disabled) out.push("account disabled");
  if (!isProfitSharingType(state.partnerType))
    out.push(state.partnerType === "fee-paying" ? "now fee-paying" : "no longer profit-sharing");
  if (state.activeMachines <= 0) out.push("no active machine");
  if (state.leaving && !out.length) out.push("no later month once the partner goes");
  return out;
}

/** The partner's debt: a negative balance no later month will take, else null. */
export function owingOf(pending: readonly PendingAdjustment[], state: AbsorbingState): Owing | null {
  const balance = balancePence(pending);
  if (balance >= 0) return null;
  const blockers = absorbBlockers(state);
  if (!blockers.length) return null;
  const months = [...pending].sort((a, b) => a.month.localeCompare(b.month) || a.forMonth.localeCompare(b.forMonth));
  return {
    owingPence: -balance,
    months: months.map(({ month, forMonth, amountPence, reason }) => ({ month, forMonth, amountPence, reason })),
    why: blockers.join(" and "),
  };
}

/**
 * The month a write-off goes on: where the latest negative adjustment waits (the latest month; the
 * last of the list among those of one month). Null when there is no negative adjustment.
 */
export function writeOffMonth(pending: readonly Pick<PendingAdjustment, "month" | "amountPence">[]): string | null {
  let month: string | null = null;
  for (const a of pending) if (a.amountPence < 0 && (month === null || a.month >= month)) month = a.month;
  return month;
}

/** One adjustment as the owing text names it: "−£2.15 carried from October 2026 (paid again)", "+£0.47 for November 2026 (late sales)". */
export function owingPartText(a: Pick<PendingAdjustment, "forMonth" | "amountPence" | "reason">): string {
  const money = formatSignedPence(a.amountPence);
  if (a.reason === "carried") return `${money} carried from ${formatMonth(a.forMonth)}`;
  if (a.reason === "repaid") return `${money} carried from ${formatMonth(a.forMonth)} (${ADJUSTMENT_REASONS.repaid})`;
  return `${money} for ${formatMonth(a.forMonth)} (${ADJUSTMENT_REASONS[a.reason]})`;
}

/**
 * The owing callout's text, to the admin ("Owes £2.15: …") or to the partner ("You owe £2.15: …"):
 * "Owes £2.15: −£2.15 carried from October 2026 (paid again) with no later month to take it (no active machine)."
 */
export function owingText(owing: Owing, to: "admin" | "partner"): string {
  const parts = owing.months.map(owingPartText).join(", ");
  return `${to === "partner" ? "You owe" : "Owes"} ${formatPence(owing.owingPence)}: ${parts} with no later month to take it (${owing.why}).`;
}

/** The 409 text of a delete refused while the partner owes. */
export function owingDeleteMessage(partnerName: string, owingPence: number): string {
  return `${partnerName} owes ${formatPence(owingPence)} of commission paid in advance: write it off or settle it before deleting the partner`;
}

/** The 409 text of a write-off with nothing owed. */
export function nothingOwedMessage(partnerName: string): string {
  return `Nothing is owed by ${partnerName}`;
}

/** Write off's confirmation (the dialog with JavaScript, the page's question without). */
export function writeOffQuestion(
  partnerName: string,
  owing: Pick<Owing, "owingPence" | "months">,
): { title: string; description: string; confirmLabel: string } {
  const month = writeOffMonth(owing.months);
  return {
    title: `Write off ${formatPence(owing.owingPence)} owed by ${partnerName}?`,
    description: `An adjustment of +${formatPence(owing.owingPence)} (written off) is added${month ? ` to ${formatMonth(month)}` : ""}, so ${partnerName} owes nothing. It is kept in the audit trail.`,
    confirmLabel: "Write off",
  };
}
