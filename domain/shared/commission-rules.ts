/** Commission rules: card fee, net profit, flat share, the seed's tiers, the split per machine, rates (agreements/agreement-rules.ts applies them). */
import { divRoundHalfUp } from "./money.ts";

/** Card processing fee: 2.99% of revenue, in basis points. */
export const CARD_FEE_BP = 299;
const BP = 10_000;

export function cardFeePence(revenuePence: number): number {
  return divRoundHalfUp(revenuePence * CARD_FEE_BP, BP);
}

export interface RecordFigures {
  revenuePence: number;
  cogsPence: number;
}

/** Net profit of one monthly record: revenue − COGS − card fee (may be negative). */
export function netProfitPence({ revenuePence, cogsPence }: RecordFigures): number {
  return revenuePence - cogsPence - cardFeePence(revenuePence);
}

/** Flat profit share of one record's net profit, never below 0. */
export function flatCommissionPence(netPence: number, rateBp: number): number {
  return Math.max(0, divRoundHalfUp(netPence * rateBp, BP));
}

export interface TierBand {
  /** Lower bound of the band in pence (exclusive of the previous band's top). */
  fromPence: number;
  /** Upper bound in pence, or null for the open top band. */
  toPence: number | null;
  rateBp: number;
}

/** 15% on the first £150, 20% on £150.01–£300, 30% above £300. */
export const TIERS: readonly TierBand[] = [
  { fromPence: 0, toPence: 15_000, rateBp: 1_500 },
  { fromPence: 15_000, toPence: 30_000, rateBp: 2_000 },
  { fromPence: 30_000, toPence: null, rateBp: 3_000 },
];

export interface TierLine extends TierBand {
  /** The part of the net profit that falls in this band. */
  basePence: number;
  commissionPence: number;
}

export interface TieredCommission {
  netPence: number;
  lines: TierLine[];
  totalPence: number;
}

/**
 * Splits `totalPence` across weights in proportion to each positive weight, by largest
 * remainder, so the parts add up exactly. Non-positive weights get 0.
 */
export function splitByLargestRemainder(totalPence: number, weights: readonly number[]): number[] {
  const positive = weights.map((w) => Math.max(0, w));
  const sum = positive.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = positive.map((w) => (totalPence * w) / sum);
  const parts = exact.map(Math.floor);
  let left = totalPence - parts.reduce((a, b) => a + b, 0);
  // The pennies left go one each to the largest remainders; on a tie, to the earlier weight (the
  // sort is stable, and the list is in weight order). The remainders add up to the pennies left and
  // each is under 1, so more weights have a remainder than there are pennies: a non-positive weight
  // (remainder 0) never gets one.
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] += 1;
    left -= 1;
  }
  return parts;
}

/* Rates: basis points inside (1000 = 10.00%), fraction strings in the API, percents in forms. */

const FRACTION_RE = /^(?:0(?:\.\d{1,4})?|1(?:\.0{1,4})?|\.\d{1,4})$/;

/** "0.10" or 0.1 → 1000. Null when not a fraction between 0 and 1 with at most 4 decimals. */
export function fractionToBp(input: unknown): number | null {
  if (typeof input !== "number" && typeof input !== "string") return null;
  const text = typeof input === "number" ? String(input) : input.trim();
  if (!FRACTION_RE.test(text)) return null;
  const [, decimals = ""] = text.split(".");
  return Number((decimals + "0000").slice(0, 4)) + (text.startsWith("1") ? BP : 0);
}

/** 1250 → "0.1250" */
export function bpToFraction(bp: number): string {
  return (bp / BP).toFixed(4);
}

/** 12.5 (percent) → 1250; rounds to the basis point. */
export function percentToBp(percent: number): number {
  return Math.round(percent * 100);
}

/** 1250 → "12.5%" (trailing zeros dropped). */
export function formatRate(bp: number): string {
  return `${Number((bp / 100).toFixed(2))}%`;
}

/** The effective month of a partner's first rate: it covers every month before the first change. */
export const FIRST_MONTH = "0000-01";
