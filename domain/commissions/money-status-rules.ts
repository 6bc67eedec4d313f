/**
 * Where a partner's commission for a month is, in words (the partner dashboard): paid, with each
 * payment's amount, date and reference as they were stored; due once every active machine has
 * reported; waiting for machine reports; or month to date while the month runs. Pure.
 */
import { formatDate, formatMonth } from "../shared/dates.ts";
import { formatCount, formatUnits } from "../shared/format.ts";
import { formatPence } from "../shared/money.ts";
import { MONTH_TO_DATE } from "../month-close/month-close-rules.ts";

export type MoneyState = "paid" | "due" | "waiting" | "month_to_date";

/** What a month needs to say where its money is (a PartnerMonth fits, with whether the month has ended). */
export interface MonthMoneyFacts {
  ended: boolean;
  complete: boolean;
  activeMachines: number;
  submittedReports: number;
  /** What the month comes to now: its commission plus its adjustments. */
  totals: { commissionPence: number };
  payment: { status: "pending" | "completed" | "not_applicable"; paidDate: string | null; amountPence: number | null };
  /** Each payment of the month's money, oldest first, with the reference it was sent under. */
  transfers: readonly { amountPence: number; paidDate: string; reference: string }[];
}

export interface MonthMoney {
  state: MoneyState;
  /** The month's figure: what was paid for it (the snapshot), what is due now, or what it comes to so far. */
  amountPence: number;
  /** "Paid £32.15 on 27/11/2026, reference VB COMM 2026-10" (one a payment), "Due £32.15: all machine reports are in"… */
  lines: string[];
}

/** "Paid £32.15 on 27/11/2026, reference VB COMM 2026-10". */
export function paidText(t: { amountPence: number; paidDate: string | null; reference?: string | null }): string {
  const on = t.paidDate ? ` on ${formatDate(t.paidDate)}` : "";
  return `Paid ${formatPence(t.amountPence)}${on}${t.reference ? `, reference ${t.reference}` : ""}`;
}

/**
 * "Waiting for 1 of 2 machine reports" (the machines still to report, of the active ones); "No active
 * machines" when there is none to report (the card still says the spec's 'Waiting for all machine reports').
 */
export function waitingText(activeMachines: number, submittedReports: number): string {
  if (activeMachines <= 0) return NO_ACTIVE_MACHINES;
  return `Waiting for ${activeMachines - submittedReports} of ${activeMachines} machine reports`;
}

export const NO_ACTIVE_MACHINES = "No active machines";

/** "1 of 2 active machines reported for October 2026"; "No active machines" rather than "0 of 0". */
export function reportsText(activeMachines: number, submittedReports: number, month: string): string {
  if (activeMachines <= 0) return NO_ACTIVE_MACHINES;
  return `${formatUnits(submittedReports)} of ${formatCount(activeMachines, "active machine")} reported for ${formatMonth(month)}`;
}

/** Month to date while the month runs; once it has ended paid, due or waiting (a month reopened owes what is left after the money paid). */
export function monthMoney(m: MonthMoneyFacts): MonthMoney {
  if (!m.ended) {
    const text = MONTH_TO_DATE.charAt(0).toUpperCase() + MONTH_TO_DATE.slice(1);
    return { state: "month_to_date", amountPence: m.totals.commissionPence, lines: [text] };
  }
  if (m.payment.status === "completed") {
    const sent = m.transfers.filter((t) => t.amountPence > 0);
    const amountPence = m.payment.amountPence ?? m.totals.commissionPence;
    const lines = sent.length
      ? sent.map(paidText)
      : m.transfers.length
        ? [`Nothing to pay: closed on ${formatDate(m.transfers.at(-1)!.paidDate)}`]
        : [paidText({ amountPence, paidDate: m.payment.paidDate })];
    return { state: "paid", amountPence, lines };
  }
  const alreadyPaid = m.transfers.reduce((s, t) => s + t.amountPence, 0);
  const duePence = Math.max(0, m.totals.commissionPence - alreadyPaid);
  if (!m.complete)
    return { state: "waiting", amountPence: duePence, lines: [waitingText(m.activeMachines, m.submittedReports)] };
  return { state: "due", amountPence: duePence, lines: [`Due ${formatPence(duePence)}: all machine reports are in`] };
}
