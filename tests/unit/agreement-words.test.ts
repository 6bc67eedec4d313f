/** Commission agreements in words (agreement-rules.ts): the terms as the card shows them, and each line's arithmetic. */
import { describe, expect, it } from "vitest";
import { SEED_TIERS, type AgreementTerms } from "#domain/agreements/agreement-rules.ts";
import { bandLines } from "#domain/agreements/agreement-commission-rules.ts";
import { describeTerms, lineText } from "#domain/agreements/agreement-words.ts";

const terms = (patch: Partial<AgreementTerms>): AgreementTerms => ({
  basis: "net-profit",
  rate: 0,
  tiers: [],
  minimumPence: null,
  capPence: null,
  products: [],
  ...patch,
});

describe("describeTerms", () => {
  it("names the standard tiers band by band", () => {
    expect(describeTerms(terms({ tiers: SEED_TIERS.map((b) => ({ ...b })) }))).toEqual([
      "Tiers on net profit: 15% of the first £150.00, 20% of £150.01–£300.00, 30% above £300.00",
    ]);
  });

  it("names tiers on a count basis in items, with the amount each", () => {
    expect(
      describeTerms(
        terms({
          basis: "per-item",
          tiers: [
            { upTo: 100, rate: 5 },
            { upTo: null, rate: 8 },
          ],
        }),
      ),
    ).toEqual(["Tiers on per item sold: £0.05 each of the first 100, £0.08 each above 100"]);
  });
});

describe("lineText of a band", () => {
  it("says which part of the basis the band is: the first, from–to, above", () => {
    // Net profit £799.62 under the standard tiers.
    expect(bandLines("net-profit", 79_962, SEED_TIERS).map(lineText)).toEqual([
      "Net profit, the first £150.00: £150.00 × 15% = £22.50",
      "Net profit, £150.01–£300.00: £150.00 × 20% = £30.00",
      "Net profit, above £300.00: £499.62 × 30% = £149.89",
    ]);
  });

  it("counts items on a count basis", () => {
    expect(
      bandLines("per-item", 130, [
        { upTo: 100, rate: 5 },
        { upTo: null, rate: 8 },
      ]).map(lineText),
    ).toEqual([
      "Per item sold, the first 100: 100 items × £0.05 = £5.00",
      "Per item sold, above 100: 30 items × £0.08 = £2.40",
    ]);
  });
});
