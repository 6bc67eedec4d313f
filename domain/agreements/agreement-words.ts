/** An agreement in words, pure: its rates, bands and rules, each line's arithmetic, and adjustments. */
import { formatPence } from "../shared/money.ts";
import { formatCount, formatMonth, formatSignedPence } from "../shared/format.ts";
import { formatRate } from "../shared/commission-rules.ts";
import {
  SEED_TIERS,
  basisLabel,
  isCountBasis,
  isFlatNetProfitShare,
  type AgreementTerms,
  type Basis,
  type CommissionLine,
} from "./agreement-rules.ts";

function formatQuantity(basis: Basis, quantity: number): string {
  if (basis === "per-item") return `${quantity} ${quantity === 1 ? "item" : "items"}`;
  if (basis === "per-machine") return `${quantity} ${quantity === 1 ? "machine" : "machines"}`;
  return formatPence(quantity);
}

/** "10% of net profit", "5p per item sold", "£25.00 per machine". */
export function rateText(basis: Basis, rate: number): string {
  if (basis === "per-item") return `${formatPence(rate)} per item sold`;
  if (basis === "per-machine") return `${formatPence(rate)} per machine`;
  return `${formatRate(rate)} of ${basisLabel(basis).toLowerCase()}`;
}

/** A band's part of the basis: "the first £150.00", "£150.01–£300.00", "above £300.00" (items or machines on a count basis). */
function bandRange(basis: Basis, from: number, upTo: number | null): string {
  const unit = (n: number) => (isCountBasis(basis) ? String(n) : formatPence(n));
  const first = isCountBasis(basis) ? from + 1 : from + (from ? 1 : 0);
  if (upTo === null) return `above ${unit(from)}`;
  return from ? `${unit(first)}–${unit(upTo)}` : `the first ${unit(upTo)}`;
}

function bandText(basis: Basis, from: number, upTo: number | null, rate: number): string {
  const each = isCountBasis(basis) ? `${formatPence(rate)} each` : formatRate(rate);
  return `${each}${upTo === null ? "" : " of"} ${bandRange(basis, from, upTo)}`;
}

/** The agreement in words, one line per rule: what the agreement card and statements show. */
export function describeTerms(terms: AgreementTerms | null): string[] {
  if (!terms) return ["No commission"];
  const out: string[] = [];
  if (terms.tiers.length) {
    let from = 0;
    const bands = terms.tiers.map((band) => {
      const text = bandText(terms.basis, from, band.upTo, band.rate);
      from = band.upTo ?? from;
      return text;
    });
    out.push(`Tiers on ${basisLabel(terms.basis).toLowerCase()}: ${bands.join(", ")}`);
  } else {
    out.push(rateText(terms.basis, terms.rate));
  }
  for (const rule of terms.products) out.push(`${rule.match}: ${rateText(rule.basis, rule.rate)}`);
  if (terms.minimumPence !== null) out.push(`Minimum ${formatPence(terms.minimumPence)} a month`);
  if (terms.capPence !== null) out.push(`Cap ${formatPence(terms.capPence)} a month`);
  return out;
}

/** Whether the tiers are the standard ones (the seed's 15/20/30% of net profit). */
function standardTiers(terms: AgreementTerms): boolean {
  return (
    terms.basis === "net-profit" &&
    terms.tiers.length === SEED_TIERS.length &&
    terms.tiers.every((band, i) => band.upTo === SEED_TIERS[i].upTo && band.rate === SEED_TIERS[i].rate)
  );
}

/**
 * The agreement a payment used, for "paid £89.09 …": "at 15%" (a flat share of net profit), "under
 * the standard tiers", "under custom tiers on revenue", "at 5p per item sold", with what else it has
 * ("with 2 product rules and a £20.00 minimum"); "under no commission agreement". Only what played a
 * part: the flat rate of tiered terms, which nothing uses, is not named.
 */
export function agreementUsedText(terms: AgreementTerms | null): string {
  if (!terms) return "under no commission agreement";
  if (isFlatNetProfitShare(terms)) return `at ${formatRate(terms.rate)}`;
  const main = !terms.tiers.length
    ? `at ${rateText(terms.basis, terms.rate)}`
    : standardTiers(terms)
      ? "under the standard tiers"
      : `under custom tiers ${isCountBasis(terms.basis) ? "" : "on "}${basisLabel(terms.basis).toLowerCase()}`;
  const extras = [
    terms.products.length ? formatCount(terms.products.length, "product rule") : null,
    terms.minimumPence !== null ? `a ${formatPence(terms.minimumPence)} minimum` : null,
    terms.capPence !== null ? `a ${formatPence(terms.capPence)} cap` : null,
  ].filter((e): e is string => e !== null);
  if (!extras.length) return main;
  const last = extras.pop()!;
  return `${main} with ${extras.length ? `${extras.join(", ")} and ${last}` : last}`;
}

/** A line's arithmetic in words: "Net profit: £1,234.56 × 10% = £123.46", "Net profit, above £300.00: £100.00 × 30% = £30.00". */
export function lineText(line: CommissionLine): string {
  if (line.kind === "minimum") return `Minimum for the month: + ${formatPence(line.commissionPence)}`;
  if (line.kind === "cap") return `Cap for the month: − ${formatPence(-line.commissionPence)}`;
  const rate = isCountBasis(line.basis) ? `${formatPence(line.rate)}` : formatRate(line.rate);
  const what =
    line.kind === "band"
      ? `${basisLabel(line.basis)}, ${bandRange(line.basis, line.from ?? 0, line.upTo ?? null)}`
      : line.kind === "product"
        ? `${line.match}, ${basisLabel(line.basis).toLowerCase()}`
        : basisLabel(line.basis);
  return `${what}: ${formatQuantity(line.basis, line.quantity)} × ${rate} = ${formatPence(line.commissionPence)}`;
}

/** An adjustment added to a month, in words: "Adjustment for August 2026 (new agreement): +£1.20", "Carried from September 2026: −£3.00". */
/** Why an adjustment was made, in the words the card, the PDFs, the remittance and the audit trail use. */
export const ADJUSTMENT_REASONS = {
  agreement: "new agreement",
  late_sales: "late sales",
  record_deleted: "record deleted",
  repaid: "paid again",
  written_off: "written off",
} as const;

/** "Adjustment for October 2026 (late sales): +£0.47"; "Carried from October 2026: −£3.10". */
/** An adjustment as its words need it. */
export interface MonthAdjustmentLike {
  forMonth: string;
  amountPence: number;
  reason: "agreement" | "carried" | keyof typeof ADJUSTMENT_REASONS;
}

export function adjustmentText(a: MonthAdjustmentLike): string {
  const money = formatSignedPence(a.amountPence);
  return a.reason === "carried"
    ? `Carried from ${formatMonth(a.forMonth)}: ${money}`
    : `Adjustment for ${formatMonth(a.forMonth)} (${ADJUSTMENT_REASONS[a.reason]}): ${money}`;
}
