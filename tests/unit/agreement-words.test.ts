/** Commission agreements in words (agreement-rules.ts): the terms as the card shows them, and each line's arithmetic. */
import { describe, expect, it } from "vitest";
import { SEED_TIERS, type AgreementTerms } from "#domain/agreements/agreement-rules.ts";
import { bandLines, commissionUnderTerms } from "#domain/agreements/agreement-commission-rules.ts";
import { agreementUsedText, describeTerms, lineText } from "#domain/agreements/agreement-words.ts";

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

describe("describeTerms: one line per rule", () => {
  it("the rate, then each product rule, the minimum and the cap", () => {
    expect(
      describeTerms(
        terms({
          basis: "per-machine",
          rate: 2_500,
          products: [
            { match: "Cola", basis: "per-item", rate: 10 },
            { match: "Cr*", basis: "gross-sales", rate: 2_000 },
          ],
          minimumPence: 2_000,
          capPence: 50_000,
        }),
      ),
    ).toEqual([
      "£25.00 per machine",
      "Cola: £0.10 per item sold",
      "Cr*: 20% of gross sales",
      "Minimum £20.00 a month",
      "Cap £500.00 a month",
    ]);
  });
});

describe("agreementUsedText: the standard tiers are exactly the seed's three bands on net profit", () => {
  const seed = () => SEED_TIERS.map((b) => ({ ...b }));
  it("the seed's bands are the standard tiers", () => {
    expect(agreementUsedText(terms({ tiers: seed() }))).toBe("under the standard tiers");
  });

  it("the first two bands alone, another top rate, or another band limit are custom tiers", () => {
    expect(agreementUsedText(terms({ tiers: seed().slice(0, 2) }))).toBe("under custom tiers on net profit");
    const otherTop = seed();
    otherTop[2] = { upTo: null, rate: 2_500 };
    expect(agreementUsedText(terms({ tiers: otherTop }))).toBe("under custom tiers on net profit");
    const otherLimit = seed();
    otherLimit[0] = { upTo: 10_000, rate: 1_500 };
    expect(agreementUsedText(terms({ tiers: otherLimit }))).toBe("under custom tiers on net profit");
  });
});

describe("lineText of each kind of line", () => {
  // One machine: Cola 5 × £2.00 (cost £4.00), Water 1 £1.50 (cost £0.50).
  const machine = {
    machineId: 1,
    revenuePence: 1_150,
    cogsPence: 450,
    totalSales: 6,
    products: [
      { name: "Cola", units: 5, revenuePence: 1_000, cogsPence: 400 },
      { name: "Water", units: 1, revenuePence: 150, cogsPence: 50 },
    ],
  };

  it("a product rule's line names its match and basis; one item is an item", () => {
    const t = terms({ basis: "per-item", rate: 5, products: [{ match: "Cola", basis: "gross-sales", rate: 1_000 }] });
    expect(commissionUnderTerms(t, [machine]).lines.map(lineText)).toEqual([
      "Cola, gross sales: £10.00 × 10% = £1.00",
      "Per item sold: 1 item × £0.05 = £0.05",
    ]);
  });

  it("a machine is a machine, several are machines", () => {
    const t = terms({
      basis: "per-machine",
      tiers: [
        { upTo: 1, rate: 3_000 },
        { upTo: null, rate: 2_000 },
      ],
    });
    expect(
      commissionUnderTerms(t, [machine, { ...machine, machineId: 2 }, { ...machine, machineId: 3 }]).lines.map(
        lineText,
      ),
    ).toEqual([
      "Per machine, the first 1: 1 machine × £30.00 = £30.00",
      "Per machine, above 1: 2 machines × £20.00 = £40.00",
    ]);
  });

  it("a minimum adds to the month, a cap takes away from it", () => {
    const perItem = terms({ basis: "per-item", rate: 5 });
    expect(lineText(commissionUnderTerms({ ...perItem, minimumPence: 100 }, [machine]).lines[1])).toBe(
      "Minimum for the month: + £0.70",
    );
    expect(lineText(commissionUnderTerms({ ...perItem, capPence: 25 }, [machine]).lines[1])).toBe(
      "Cap for the month: − £0.05",
    );
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

  it("a middle band on a count basis starts one past the band below", () => {
    expect(
      bandLines("per-item", 253, [
        { upTo: 100, rate: 5 },
        { upTo: 200, rate: 4 },
        { upTo: null, rate: 3 },
      ]).map(lineText),
    ).toEqual([
      "Per item sold, the first 100: 100 items × £0.05 = £5.00",
      "Per item sold, 101–200: 100 items × £0.04 = £4.00",
      "Per item sold, above 200: 53 items × £0.03 = £1.59",
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
