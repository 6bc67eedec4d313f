/**
 * The aging of a fee-paying partner's balance due on a day, pure: what each open invoice has left to
 * pay, in buckets of days past due (current, 1–30, 31–60, 61–90, over 90). Integer pence throughout.
 */
import { parseIsoDay } from "../shared/dates.ts";
import type { AccountHistory } from "./account-rules.ts";

export const AGING_BUCKETS = ["current", "1-30", "31-60", "61-90", "over-90"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AGING_LABELS: Record<AgingBucket, string> = {
  current: "Current",
  "1-30": "1–30 days",
  "31-60": "31–60 days",
  "61-90": "61–90 days",
  "over-90": "Over 90 days",
};

/** The bucket of an amount `daysPastDue` days past its due date (0 or less: not yet due, current). */
export function agingBucket(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return "current";
  if (daysPastDue <= 30) return "1-30";
  if (daysPastDue <= 60) return "31-60";
  if (daysPastDue <= 90) return "61-90";
  return "over-90";
}

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (YYYY-MM-DD): 1 from 1 to 2 March, negative backwards. */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseIsoDay(to).getTime() - parseIsoDay(from).getTime()) / DAY_MS);
}

export interface OpenInvoice {
  id: number;
  issuedOn: string;
  dueDate: string;
  grossPence: number;
  /** What is still due on it on the day. */
  openPence: number;
  /** asOf − due date in days (0 or less: not yet due). */
  daysPastDue: number;
  bucket: AgingBucket;
}

export interface Aging {
  asOf: string;
  /** What the partner owes on the day: the statement's balance at the end of asOf. */
  balancePence: number;
  /** The part of the balance past its due date: the sum of every bucket but current. */
  overduePence: number;
  /** Days past due of the oldest invoice still (partly) unpaid past its due date; null when nothing is overdue. */
  oldestOverdueDays: number | null;
  /** Per bucket; they sum exactly to the balance. */
  buckets: Record<AgingBucket, number>;
  /** The invoices with something still due, oldest due date first. */
  openInvoices: OpenInvoice[];
}

/**
 * The balance due at the end of `asOf` and its aging. Only what is dated on or before asOf counts.
 * Each invoice's open amount is its gross less the payments allocated to it and its credit notes;
 * it ages by asOf − its due date. Anything received but not applied to an invoice counted here (a
 * payment allocated to a later invoice, more paid or credited than an invoice's gross) settles the
 * oldest open amounts first, as the bank's money would; what is left of it stays in current as a
 * credit, so the buckets always sum exactly to the balance.
 */
export function agingOf(history: AccountHistory, asOf: string): Aging {
  const invoices = history.invoices.filter((i) => i.issuedOn <= asOf);
  const open = new Map(invoices.map((i) => [i.id, i.grossPence]));
  let unapplied = 0;
  const apply = (invoiceId: number, pence: number) => {
    if (open.has(invoiceId)) open.set(invoiceId, open.get(invoiceId)! - pence);
    else unapplied += pence;
  };
  for (const payment of history.payments) {
    if (payment.receivedOn > asOf) continue;
    let allocated = 0;
    for (const allocation of payment.allocations) {
      apply(allocation.invoiceId, allocation.amountPence);
      allocated += allocation.amountPence;
    }
    unapplied += payment.amountPence - allocated;
  }
  for (const credit of history.credits) if (credit.issuedOn <= asOf) apply(credit.invoiceId, credit.amountPence);

  const byDue = [...invoices].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
  // An invoice paid or credited beyond its gross leaves the excess unapplied.
  for (const invoice of byDue) {
    const pence = open.get(invoice.id)!;
    if (pence < 0) {
      unapplied -= pence;
      open.set(invoice.id, 0);
    }
  }
  const buckets: Record<AgingBucket, number> = { current: 0, "1-30": 0, "31-60": 0, "61-90": 0, "over-90": 0 };
  const openInvoices: OpenInvoice[] = [];
  for (const invoice of byDue) {
    let pence = open.get(invoice.id)!;
    const settled = Math.min(pence, unapplied);
    pence -= settled;
    unapplied -= settled;
    if (pence === 0) continue;
    const daysPastDue = daysBetween(invoice.dueDate, asOf);
    const bucket = agingBucket(daysPastDue);
    buckets[bucket] += pence;
    openInvoices.push({
      id: invoice.id,
      issuedOn: invoice.issuedOn,
      dueDate: invoice.dueDate,
      grossPence: invoice.grossPence,
      openPence: pence,
      daysPastDue,
      bucket,
    });
  }
  buckets.current -= unapplied;
  const overdue = openInvoices.filter((i) => i.bucket !== "current");
  return {
    asOf,
    balancePence: AGING_BUCKETS.reduce((sum, bucket) => sum + buckets[bucket], 0),
    overduePence: overdue.reduce((sum, i) => sum + i.openPence, 0),
    oldestOverdueDays: overdue.length ? Math.max(...overdue.map((i) => i.daysPastDue)) : null,
    buckets,
    openInvoices,
  };
}
