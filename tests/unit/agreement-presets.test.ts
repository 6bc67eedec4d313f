/** Which terms are the seed's presets, and the headline rate the spec's commissionPercentage shows (agreement-rules.ts). */
import { describe, expect, it } from "vitest";
import {
  headlineRateBp,
  isSeedTerms,
  SEED_TIERS,
  seedTerms,
  type AgreementTerms,
} from "#domain/agreements/agreement-rules.ts";

const flat = (rate: number, more: Partial<AgreementTerms> = {}): AgreementTerms => ({
  basis: "net-profit",
  rate,
  tiers: [],
  minimumPence: null,
  capPence: null,
  products: [],
  ...more,
});

describe("isSeedTerms", () => {
  it("the seed's agreement of each type, and no terms for the types that earn none", () => {
    expect(isSeedTerms("profit-sharing", flat(1_500))).toBe(true);
    expect(isSeedTerms("tiered-profit-sharing", seedTerms("tiered-profit-sharing", 0))).toBe(true);
    expect(isSeedTerms("fee-paying", null)).toBe(true);
    expect(isSeedTerms("profit-sharing", null)).toBe(false);
    expect(isSeedTerms("fee-paying", flat(1_500))).toBe(false);
  });

  it("any difference from the preset makes it a written agreement", () => {
    expect(isSeedTerms("profit-sharing", flat(1_500, { basis: "gross-sales" }))).toBe(false);
    expect(isSeedTerms("profit-sharing", flat(1_500, { minimumPence: 5_000 }))).toBe(false);
    expect(isSeedTerms("profit-sharing", flat(1_500, { capPence: 5_000 }))).toBe(false);
    expect(isSeedTerms("profit-sharing", flat(1_500, { tiers: [{ upTo: null, rate: 1_500 }] }))).toBe(false);
    expect(
      isSeedTerms("profit-sharing", flat(1_500, { products: [{ match: "Cola", basis: "per-item", rate: 10 }] })),
    ).toBe(false);
    const tiers = SEED_TIERS.map((b) => ({ ...b }));
    const tiered = (t: typeof tiers) => isSeedTerms("tiered-profit-sharing", flat(0, { tiers: t }));
    expect(tiered(tiers)).toBe(true);
    expect(tiered(tiers.slice(0, 2))).toBe(false);
    expect(tiered(tiers.map((b, i) => (i === 1 ? { ...b, rate: b.rate + 1 } : b)))).toBe(false);
    expect(tiered(tiers.map((b, i) => (i === 0 ? { ...b, upTo: (b.upTo ?? 0) + 1 } : b)))).toBe(false);
  });
});

describe("headlineRateBp", () => {
  it("a flat money rate's basis points, else 0 (tiers, or an amount per item or machine)", () => {
    expect(headlineRateBp(flat(1_250))).toBe(1_250);
    expect(headlineRateBp(flat(1_250, { basis: "gross-sales" }))).toBe(1_250);
    expect(headlineRateBp(flat(1_250, { tiers: [{ upTo: null, rate: 1_500 }] }))).toBe(0);
    expect(headlineRateBp(flat(5, { basis: "per-item" }))).toBe(0);
    expect(headlineRateBp(flat(2_500, { basis: "per-machine" }))).toBe(0);
  });
});
