/** A band line's words (lineText): each band names its part of the basis, the open top band "above" its floor. */
import { describe, expect, it } from "vitest";
import { bandLines } from "#domain/agreements/agreement-commission-rules.ts";
import { lineText } from "#domain/agreements/agreement-words.ts";

describe("lineText of band lines", () => {
  it("money tiers: the first band, a middle band, and the open top band above its floor", () => {
    const lines = bandLines("gross-sales", 60_000, [
      { upTo: 10_000, rate: 500 },
      { upTo: 50_000, rate: 1000 },
      { upTo: null, rate: 2000 },
    ]);
    expect(lines.map(lineText)).toEqual([
      "Gross sales, the first £100.00: £100.00 × 5% = £5.00",
      "Gross sales, £100.01–£500.00: £400.00 × 10% = £40.00",
      "Gross sales, above £500.00: £100.00 × 20% = £20.00",
    ]);
  });

  it("count tiers: items in each band, the top one above its floor", () => {
    const lines = bandLines("per-item", 45, [
      { upTo: 30, rate: 5 },
      { upTo: null, rate: 10 },
    ]);
    expect(lines.map(lineText)).toEqual([
      "Per item sold, the first 30: 30 items × £0.05 = £1.50",
      "Per item sold, above 30: 15 items × £0.10 = £1.50",
    ]);
  });
});
