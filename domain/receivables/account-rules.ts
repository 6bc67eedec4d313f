/**
 * A fee-paying partner's account, pure: the statement of account (every
 * invoice, credit note and payment in date order with a running balance, brought forward before
 * the period) and each line in words. Integer pence throughout; the service reads the rows
 * (account-service.ts); the aging of the balance is aging-rules.ts.
 */
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
