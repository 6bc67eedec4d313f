/**
 * The month's documents as the books take them, pure: each fee invoice and credit note issued in the
 * month (a line each, tax-exclusive, at the VAT rate it was raised at) and each partner's commission
 * as a bill whose lines are the agreement's working, the adjustments with their reasons and what the
 * month sent on, so they sum to its total. Every figure comes from the product's own documents and
 * working (PartnerMonth, vatLines), in pence; nothing is worked out again here.
 */
import { vatLines } from "../business/business-rules.ts";
import { adjustmentText } from "../agreements/agreement-words.ts";
import { previewLine } from "../agreements/agreement-difference-service.ts";
import type { PartnerMonth } from "../commissions/partner-month.ts";
import { sentOnText } from "../commissions/correction-words.ts";
import { addDaysIso, formatDate, nextMonth } from "../shared/dates.ts";
import { formatCreditNoteId, formatInvoiceId } from "../shared/format.ts";
import { divRoundHalfUp } from "../shared/money.ts";
import { TERMS, paymentPeriodLabel, type PaymentPeriod } from "../invoices/invoice-rules.ts";

/** Who a document is with, as the package's contact. */
export interface Contact {
  name: string;
  email: string | null;
  /** The billing address's lines. */
  address: string[];
  /** A short account reference (Sage's customer and supplier references: at most 10 characters). */
  reference: string;
}

export interface DocumentLine {
  description: string;
  /** Tax-exclusive, signed in the document's direction (a credit note's lines are negative). */
  netPence: number;
  vatPence: number;
  /** The VAT rate in basis points; null: no VAT. */
  vatRateBp: number | null;
}

export interface AccountingDocument {
  number: string;
  reference: string;
  contact: Contact;
  /** YYYY-MM-DD. */
  date: string;
  dueDate: string;
  lines: DocumentLine[];
}

/** What a document comes to (net + VAT); below zero it is a credit note. */
export const documentTotal = (d: Pick<AccountingDocument, "lines">) =>
  d.lines.reduce((s, l) => s + l.netPence + l.vatPence, 0);
export const isCredit = (d: Pick<AccountingDocument, "lines">) => documentTotal(d) < 0;

interface PartnerLike {
  id: number;
  name: string | null;
  username: string;
  email: string | null;
  billingAddress: string | null;
}

/**
 * Each partner's contact: the partner's name, with the username where two partners share a name
 * (or where none is set), so every contact is unique and stays the same from month to month.
 */
export function contactsOf(partners: readonly PartnerLike[]): Map<number, Contact> {
  // Stryker disable next-line StringLiteral: a partner with no name is named by its username whatever its key
  const key = (p: PartnerLike) => (p.name ?? "").trim().toLowerCase();
  const counts = new Map<string, number>();
  for (const p of partners) counts.set(key(p), (counts.get(key(p)) ?? 0) + 1);
  return new Map(
    partners.map((p) => {
      const name = p.name?.trim();
      const shared = !name || (counts.get(key(p)) ?? 0) > 1;
      return [
        p.id,
        {
          name: !name ? p.username : shared ? `${name} (${p.username})` : name,
          email: p.email,
          address: (p.billingAddress ?? "")
            .split(/\r?\n/)
            .map((l) => l.trim())
            .filter(Boolean),
          reference: `P${String(p.id).padStart(5, "0")}`,
        },
      ];
    }),
  );
}

export interface InvoiceFacts {
  id: number;
  createdAt: string;
  dueDate: string;
  periodStart: string;
  periodEnd: string;
  paymentPeriod: PaymentPeriod;
  amountPence: number;
  vatRateBp: number | null;
}

/** A fee invoice: one line, its net (the fee after any term discount) and VAT as its PDF shows them. */
export function invoiceDocument(invoice: InvoiceFacts, contact: Contact): AccountingDocument {
  const vat = vatLines(invoice.amountPence, invoice.vatRateBp);
  const period = `${formatDate(invoice.periodStart)} - ${formatDate(invoice.periodEnd)}`;
  const discount = TERMS[invoice.paymentPeriod].discountPercent;
  const terms = `${paymentPeriodLabel(invoice.paymentPeriod)}${discount ? `, ${discount}% term discount` : ""}`;
  return {
    number: formatInvoiceId(invoice.id),
    reference: `Placement fee ${period}`,
    contact,
    date: invoice.createdAt.slice(0, 10),
    dueDate: invoice.dueDate,
    lines: [
      {
        description: `Machine placement fee, ${period} (${terms})`,
        netPence: vat.netPence,
        vatPence: vat.vatPence,
        vatRateBp: vat.rateBp,
      },
    ],
  };
}

/**
 * The VAT inside a credit note's amount (credit notes are written gross): the invoice's own VAT when
 * the note credits the whole invoice, else the VAT fraction of the amount, half-up to the penny.
 */
export function creditNoteVat(
  amountPence: number,
  invoice: { amountPence: number; vatRateBp: number | null },
): { netPence: number; vatPence: number } {
  const whole = vatLines(invoice.amountPence, invoice.vatRateBp);
  // The VAT fraction of the whole gross always rounds back to the invoice's own VAT (it is off by under half a
  // penny), so this line states the rule rather than changing a figure.
  // Stryker disable next-line ConditionalExpression: equivalent, as above
  if (amountPence === whole.grossPence) return { netPence: whole.netPence, vatPence: whole.vatPence };
  // Stryker disable next-line ConditionalExpression: a null rate counts as 0 in the fraction below: no VAT too
  if (invoice.vatRateBp === null) return { netPence: amountPence, vatPence: 0 };
  const vatPence = divRoundHalfUp(amountPence * invoice.vatRateBp, 10_000 + invoice.vatRateBp);
  return { netPence: amountPence - vatPence, vatPence };
}

export interface CreditNoteFacts {
  id: number;
  invoiceId: number;
  issuedOn: string;
  amountPence: number;
  reason: string;
  kind: "credit" | "cancellation";
  invoice: { amountPence: number; vatRateBp: number | null };
}

/** A credit note: one negative line at its invoice's VAT rate, its reference the invoice it reduces. */
export function creditNoteDocument(note: CreditNoteFacts, contact: Contact): AccountingDocument {
  const { netPence, vatPence } = creditNoteVat(note.amountPence, note.invoice);
  const invoice = formatInvoiceId(note.invoiceId);
  const what =
    note.kind === "cancellation" ? `Cancellation of invoice ${invoice}` : `Credit against invoice ${invoice}`;
  return {
    number: formatCreditNoteId(note.id),
    reference: invoice,
    contact,
    date: note.issuedOn,
    dueDate: note.issuedOn,
    lines: [
      {
        description: `${what}: ${note.reason}`,
        netPence: -netPence,
        vatPence: -vatPence,
        vatRateBp: note.invoice.vatRateBp,
      },
    ],
  };
}

/** The statement number of a partner's month: ST-202610-12. */
export const statementNumber = (month: string, partnerId: number) => `ST-${month.replace("-", "")}-${partnerId}`;

/** The month's last day, YYYY-MM-DD. */
export const lastDayOf = (month: string) => addDaysIso(`${nextMonth(month)}-01`, -1);

/**
 * The tax on a commission bill's lines: a self-billed month's VAT rate (the partner's agreement, or
 * the rate its invoice was issued at), else none (the package's "No VAT" tax type).
 */
export function billLineTax(month: Pick<PartnerMonth, "vat">): { vatRateBp: number | null; vatPence: number } {
  return { vatRateBp: month.vat?.rateBp ?? null, vatPence: month.vat?.vatPence ?? 0 };
}

/**
 * The month's VAT (worked out once, on its total, as its self-billed invoice says) shared among its
 * lines in proportion to each line's net, the pennies left by rounding down going to the largest
 * lines, so the lines' VAT sums to the month's exactly. Pure.
 */
export function spreadVat(nets: readonly number[], vatPence: number): number[] {
  const total = nets.reduce((s, n) => s + n, 0);
  if (!vatPence || !nets.length) return nets.map(() => 0);
  if (total === 0) return nets.map((_, i) => (i === 0 ? vatPence : 0));
  const shares = nets.map((n) => Math.trunc((n * vatPence) / total));
  let left = vatPence - shares.reduce((s, n) => s + n, 0);
  // Largest first; sort is stable, so lines of the same size keep their order.
  const order = nets.map((n, i) => ({ n: Math.abs(n), i })).sort((a, b) => b.n - a.n);
  for (let k = 0; left !== 0; k = (k + 1) % order.length) {
    const step = Math.sign(left);
    shares[order[k].i] += step;
    left -= step;
  }
  return shares;
}

type BillMonth = Pick<
  PartnerMonth,
  "partner" | "month" | "machines" | "lines" | "adjustments" | "sentOn" | "payment" | "agreementPence" | "vat"
>;

/**
 * A partner's commission for the month as a bill: dated the month's last day, due on its payment date
 * (14 days after the month while unpaid); one line per line of the agreement's working, one per
 * adjustment with its reason, and, once paid, one per amount sent on to a later month, so the lines
 * sum to what the month owes (what was paid, once paid). Below zero it is a supplier credit note.
 */
export function billDocument(pm: BillMonth, contact: Contact): AccountingDocument {
  const tax = billLineTax(pm);
  const vatRateBp = tax.vatRateBp;
  const locations = new Map(pm.machines.map((m) => [m.machineId, m.location]));
  const line = (description: string, netPence: number): DocumentLine => ({
    description,
    netPence,
    vatPence: 0,
    vatRateBp,
  });
  const working = pm.lines.map((l) => line(previewLine(l, locations).text, l.commissionPence));
  const sum = working.reduce((s, l) => s + l.netPence, 0);
  // A working whose lines leave a remainder (none do today) still sums to the agreement's figure.
  if (sum !== pm.agreementPence)
    working.push(line("Commission under the agreement (remainder)", pm.agreementPence - sum));
  const end = lastDayOf(pm.month);
  const paid = pm.payment.status === "completed";
  const lines = [
    ...working,
    ...pm.adjustments.map((a) => line(adjustmentText(a), a.amountPence)),
    ...(paid ? pm.sentOn : []).map((s) => line(`Sent on: ${sentOnText(s)}`, -s.amountPence)),
  ];
  const vat = spreadVat(
    lines.map((l) => l.netPence),
    tax.vatPence,
  );
  return {
    number: statementNumber(pm.month, pm.partner.id),
    reference: statementNumber(pm.month, pm.partner.id),
    contact,
    date: end,
    dueDate: paid && pm.payment.paidDate ? pm.payment.paidDate : addDaysIso(end, 14),
    lines: lines.map((l, i) => ({ ...l, vatPence: vat[i] })),
  };
}
