/**
 * Month close, pure (ARCHITECTURE.md section 11): a month has ended once its last day has passed
 * in UTC; until then it is "month to date" and is never paid or sent as a statement.
 */
import { conflict } from "../shared/errors.ts";
import { formatDate, formatMonth, monthOf } from "../shared/dates.ts";

export const MONTH_TO_DATE = "month to date";

/** "Commission Due" is complete when the partner has an active machine and every active machine has the month's record. */
export function reportsComplete(activeMachines: number, submittedReports: number): boolean {
  return activeMachines > 0 && submittedReports === activeMachines;
}

/** YYYY-MM-DD of the month's last day. */
export function lastDayOfMonth(month: string): string {
  const [year, m] = month.split("-").map(Number);
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}

/** Whether the month's last day has passed (UTC). */
export function monthHasEnded(month: string, now: Date = new Date()): boolean {
  return month < monthOf(now);
}

/** 409 for a month that has not ended, naming it and the day it ends. */
export function assertMonthEnded(month: string, now: Date = new Date()): void {
  if (!monthHasEnded(month, now)) {
    throw conflict(
      `${formatMonth(month)} has not ended yet: it ends on ${formatDate(lastDayOfMonth(month))}, and until then its figures are month to date`,
    );
  }
}

/** "October 2026", or "November 2026 (month to date)" while the month runs. */
export function monthLabel(month: string, now: Date = new Date()): string {
  return monthHasEnded(month, now) ? formatMonth(month) : `${formatMonth(month)} (${MONTH_TO_DATE})`;
}

export interface ClosedMonth {
  partnerId: number;
  partnerName: string;
  month: string;
  paidDate: string | null;
}

/** The 409 for a change that would alter a closed (paid) month. */
export function closedMonthError(closed: ClosedMonth, change = "It") {
  return conflict(
    `${change} would change ${closed.partnerName}'s ${formatMonth(closed.month)}, which is closed: its commission was paid${closed.paidDate ? ` on ${formatDate(closed.paidDate)}` : ""}. Reset the month to reopen it first.`,
  );
}

/** A partner's month as one key ("12:2026-10"), for sets of closed months. */
export const closedKey = (partnerId: number, month: string) => `${partnerId}:${month}`;
