/**
 * A fee-paying partner's account, pure: the statement of account (every
 * invoice, credit note and payment in date order with a running balance, brought forward before
 * the period) and the aging of the balance due on a day (current, 1–30, 31–60, 61–90 and over 90
 * days past due). Integer pence throughout; the service reads the rows (account-service.ts).
 */
import { parseIsoDay } from "../shared/dates.ts";
import { formatCreditNoteId, formatDate, formatInvoiceId } from "../shared/format.ts";

/** An invoice as the account sees it: dated its issue date, charging its gross (net + VAT). */
export interface AccountInvoice {
  id: number;
  /** The invoice's issue date (the UTC day of its createdAt, as its PDF prints it). */
  issuedOn: string;
  dueDate: string;
  periodStart: string;
  periodEnd: string;
  grossPence: number;
}

export interface AccountPayment {
  id: number;
  receivedOn: string;
  amountPence: number;
  method: string;
  reference: string | null;
  /** The invoices it settles (a payment is always allocated in full). */
  allocations: readonly { invoiceId: number; amountPence: number }[];
}

export interface AccountCredit {
  id: number;
  invoiceId: number;
  issuedOn: string;
  amountPence: number;
  kind: "credit" | "cancellation";
  reason: string | null;
}

/** Everything that moves a partner's balance. */
export interface AccountHistory {
  invoices: readonly AccountInvoice[];
  payments: readonly AccountPayment[];
  credits: readonly AccountCredit[];
}

export type StatementLine =
  | {
      kind: "invoice";
      date: string;
      id: number;
      debitPence: number;
      creditPence: 0;
      balancePence: number;
      invoice: AccountInvoice;
    }
  | {
      kind: "credit";
      date: string;
      id: number;
      debitPence: 0;
      creditPence: number;
      balancePence: number;
      credit: AccountCredit;
    }
  | {
      kind: "payment";
      date: string;
      id: number;
      debitPence: 0;
      creditPence: number;
      balancePence: number;
      payment: AccountPayment;
    };

export interface Statement {
  from: string;
  to: string;
  /** The balance brought forward: everything dated before `from`. */
  openingPence: number;
  lines: StatementLine[];
  debitPence: number;
  creditPence: number;
  /** The balance at the end of `to`: opening + debits − credits. */
  closingPence: number;
}

/** Within one day: the invoice first, then its credits, then the payments (so a same-day payment never shows a credit balance). */
const KIND_ORDER = { invoice: 0, credit: 1, payment: 2 } as const;

type Entry = StatementLine extends infer L ? (L extends StatementLine ? Omit<L, "balancePence"> : never) : never;

/** Every entry of the account in statement order: by date, then invoices, credits, payments, then by id. */
export function accountEntries(history: AccountHistory): Entry[] {
  const entries: Entry[] = [
    ...history.invoices.map(
      (invoice): Entry => ({
        kind: "invoice",
        date: invoice.issuedOn,
        id: invoice.id,
        debitPence: invoice.grossPence,
        creditPence: 0,
        invoice,
      }),
    ),
    ...history.credits.map(
      (credit): Entry => ({
        kind: "credit",
        date: credit.issuedOn,
        id: credit.id,
        debitPence: 0,
        creditPence: credit.amountPence,
        credit,
      }),
    ),
    ...history.payments.map(
      (payment): Entry => ({
        kind: "payment",
        date: payment.receivedOn,
        id: payment.id,
        debitPence: 0,
        creditPence: payment.amountPence,
        payment,
      }),
    ),
  ];
  return entries.sort((a, b) => a.date.localeCompare(b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.id - b.id);
}

/** The first day with an entry, or null for an account with none. */
export function firstEntryDate(history: AccountHistory): string | null {
  return accountEntries(history)[0]?.date ?? null;
}

/**
 * The statement from `from` to `to` (both YYYY-MM-DD, inclusive, `from` ≤ `to`): the balance brought
 * forward from the entries before `from`, then each entry in the period with the running balance,
 * and the closing balance. A positive balance is owed by the partner; a negative one is in credit.
 */
export function statementOfAccount(history: AccountHistory, period: { from: string; to: string }): Statement {
  if (period.from > period.to)
    throw new RangeError(`A statement's period runs forwards: ${period.from} to ${period.to}`);
  let balance = 0;
  let openingPence = 0;
  let debitPence = 0;
  let creditPence = 0;
  const lines: StatementLine[] = [];
  for (const entry of accountEntries(history)) {
    if (entry.date > period.to) break;
    balance += entry.debitPence - entry.creditPence;
    if (entry.date < period.from) {
      openingPence = balance;
      continue;
    }
    debitPence += entry.debitPence;
    creditPence += entry.creditPence;
    lines.push({ ...entry, balancePence: balance } as StatementLine);
  }
  return {
    from: period.from,
    to: period.to,
    openingPence,
    lines,
    debitPence,
    creditPence,
    closingPence: openingPence + debitPence - creditPence,
  };
}

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

/** What a line is, in words, for the screens and the PDF: "INV-00004", "Payment, bank transfer, BACS HFC-0003", "CN-00001". */
export function entryTitle(
  line: Pick<StatementLine, "kind" | "id"> & { payment?: Pick<AccountPayment, "method" | "reference"> },
): string {
  if (line.kind === "invoice") return formatInvoiceId(line.id);
  if (line.kind === "credit") return formatCreditNoteId(line.id);
  // The method in words: bank-transfer → "bank transfer", as its label reads in lower case.
  return [`Payment, ${line.payment!.method.replace(/-/g, " ")}`, line.payment!.reference].filter(Boolean).join(", ");
}

/** The line's detail: an invoice's period and due date, what a credit note is against, the invoices a payment settles. */
export function entryDetail(line: StatementLine): string {
  if (line.kind === "invoice")
    return `Fee ${formatDate(line.invoice.periodStart)} - ${formatDate(line.invoice.periodEnd)}, due ${formatDate(line.invoice.dueDate)}`;
  if (line.kind === "credit") {
    const against = `${line.credit.kind === "cancellation" ? "Cancels" : "Credit on"} ${formatInvoiceId(line.credit.invoiceId)}`;
    return line.credit.reason ? `${against}: ${line.credit.reason}` : against;
  }
  const settles = line.payment.allocations.map((a) => formatInvoiceId(a.invoiceId));
  return settles.length ? `Settles ${settles.join(", ")}` : "";
}
