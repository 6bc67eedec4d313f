/**
 * Self-billing for VAT-registered partners (HMRC VAT Notice 700/62), pure: when an agreement is in
 * force, the VAT a month's commission carries on top, and the self-billed invoice's number. The
 * reasons are in docs/decisions/072-self-billing.md.
 */
import { addMonthsRollingIso } from "../shared/dates.ts";
import { formatDate, formatMonth, formatPence } from "../shared/format.ts";
import { formatRate } from "../shared/commission-rules.ts";
import { lastDayOfMonth } from "../month-close/month-close-rules.ts";
import { vatLines, type VatLines } from "../business/business-rules.ts";

/** The sentence HMRC VAT Notice 700/62 requires on every self-billed invoice, word for word. */
export const OUTPUT_TAX_STATEMENT = "The VAT shown is your output tax due to HMRC";

/** A partner's self-billing agreement: the rate is the one the partner's accountant gave (there is no default). */
export interface SelfBillingAgreement {
  startDate: string;
  reviewDate: string;
  vatNumber: string;
  vatRateBp: number;
}

/** An agreement is reviewed this many months after it starts unless another review date is given. */
export const REVIEW_MONTHS = 12;

/** The review date a new agreement gets: 12 months after its start (31 January → 1 February of the next year's rolling rule). */
export function defaultReviewDate(startDate: string): string {
  return addMonthsRollingIso(startDate, REVIEW_MONTHS);
}

/**
 * Whether a month is self-billed under the agreement: its self-billed invoice is dated the month's
 * last day (the tax point), so the month is in force when that day falls from the start date to the
 * review date, both included.
 */
export function inForceForMonth(agreement: Pick<SelfBillingAgreement, "startDate" | "reviewDate">, month: string) {
  const taxPoint = lastDayOfMonth(month);
  return agreement.startDate <= taxPoint && taxPoint <= agreement.reviewDate;
}

export type SelfBillingState = "none" | "not_started" | "in_force" | "lapsed";

/** Where an agreement stands on a day: none, not started yet, in force, or lapsed (its review date passed without renewal). */
export function agreementState(agreement: SelfBillingAgreement | null, today: string): SelfBillingState {
  if (!agreement) return "none";
  if (today < agreement.startDate) return "not_started";
  return today > agreement.reviewDate ? "lapsed" : "in_force";
}

/** What the partner page says of the agreement's state. */
export function agreementStateText(agreement: SelfBillingAgreement | null, today: string): string {
  if (!agreement) return "No self-billing agreement: commission is paid without VAT.";
  const state = agreementState(agreement, today);
  if (state === "not_started")
    return `Starts on ${formatDate(agreement.startDate)}: VAT is added to commission for the months ending from then.`;
  if (state === "lapsed")
    return `Lapsed: the review date ${formatDate(agreement.reviewDate)} passed without renewal. Commission for months ending after it is paid without VAT and no self-billed invoice is issued; renew by setting a later review date.`;
  return `In force until its review on ${formatDate(agreement.reviewDate)}: VAT is added on top of commission and each month is a self-billed invoice.`;
}

/**
 * The VAT rate a partner's month carries: a paid month the rate its self-billed invoice was issued
 * at (none if it was paid without one); an unpaid month the agreement's rate when the month is in
 * force, else none.
 */
export function vatRateOfMonth(input: {
  month: string;
  paid: boolean;
  invoiceRateBp: number | null;
  agreement: SelfBillingAgreement | null;
}): number | null {
  if (input.paid) return input.invoiceRateBp;
  return input.agreement && inForceForMonth(input.agreement, input.month) ? input.agreement.vatRateBp : null;
}

/** The month's figures with VAT on top: VAT = ex-VAT × rate, rounded half-up to the penny on the month's total. */
export function selfBilledFigures(exVatPence: number, rateBp: number): VatLines & { rateBp: number } {
  return vatLines(exVatPence, rateBp) as VatLines & { rateBp: number };
}

/** "SB-12-0001": the partner's own series, four digits at least. */
export function selfBilledInvoiceNumber(partnerId: number, seq: number): string {
  return `SB-${partnerId}-${String(seq).padStart(4, "0")}`;
}

/** The next number in a partner's series: one past the highest ever allocated (numbers are never reused). */
export function nextSeq(highest: number | null): number {
  return (highest ?? 0) + 1;
}

/** "Commission on vending machine sales at your site(s), October 2026": the supply a self-billed invoice names. */
export function selfBilledSupply(month: string): string {
  return `Commission on vending machine sales at your site(s), ${formatMonth(month)}`;
}

/** A self-billed month's VAT: the commission (with its adjustments) before VAT, the rate and the VAT added on top. */
export interface MonthVat {
  rateBp: number;
  exVatPence: number;
  vatPence: number;
}

/** The month's VAT on what it owes before VAT; null when the month carries none. */
export function monthVat(exVatPence: number, rateBp: number | null | undefined): MonthVat | null {
  if (rateBp === null || rateBp === undefined) return null;
  return { rateBp, exVatPence, vatPence: selfBilledFigures(exVatPence, rateBp).vatPence };
}

/** A self-billed invoice's number and figures. */
export interface SelfBilledFigures {
  number: string;
  exVatPence: number;
  vatRateBp: number;
  vatPence: number;
  totalPence: number;
}

/** "Self-billed invoice SB-7-0001: commission £100.00 + VAT at 20% £20.00 = £120.00. The VAT shown is your output tax due to HMRC." */
export function selfBilledText(invoice: SelfBilledFigures): string {
  return `Self-billed invoice ${invoice.number}: commission ${formatPence(invoice.exVatPence)} + VAT at ${formatRate(invoice.vatRateBp)} ${formatPence(invoice.vatPence)} = ${formatPence(invoice.totalPence)}. ${OUTPUT_TAX_STATEMENT}.`;
}
