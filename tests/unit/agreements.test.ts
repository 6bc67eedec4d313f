import { describe, expect, it } from "vitest";
import {
  SEED_TIERS,
  isFlatNetProfitShare,
  matchesProduct,
  seedTerms,
  termsForMonth,
  type AgreementRecord,
  type AgreementTerms,
} from "#domain/agreements/agreement-rules.ts";
import { commissionForMonth, monthCommission } from "#domain/agreements/month-commission-rules.ts";
import { commissionUnderTerms, limitLine, totalFromSums } from "#domain/agreements/agreement-commission-rules.ts";
import { describeTerms, lineText } from "#domain/agreements/agreement-words.ts";
import { agreementInputSchema, readTerms, storeTerms, termsJson } from "#domain/agreements/agreement-schemas.ts";
import { termsOfMonth } from "#domain/agreements/agreement-terms.ts";

// Every basis, tiers on every basis, minimum and cap, per-product rules, and
// an effective-dated change across a paid and an unpaid month, in exact pence. Card fee 2.99% of
// revenue per record, half-up; each line computed in pence, half-up, then summed.

/** Three machines' records: £1,000.00 / £400.00 / 200 items; £250.50 / £100.00 / 50; a loss of £10.00 / £20.00 / 3. */
const RECORDS: AgreementRecord[] = [
  // fee 2990, net 57010, gross profit 60000
  { machineId: 1, revenuePence: 100_000, cogsPence: 40_000, totalSales: 200 },
  // fee 748.995 → 749, net 14301, gross profit 15050
  { machineId: 2, revenuePence: 25_050, cogsPence: 10_000, totalSales: 50 },
  // fee 29.9 → 30, net −1030, gross profit −1000
  { machineId: 3, revenuePence: 1_000, cogsPence: 2_000, totalSales: 3 },
];

const terms = (t: Partial<AgreementTerms> & Pick<AgreementTerms, "basis">): AgreementTerms => ({
  rate: 0,
  tiers: [],
  minimumPence: null,
  capPence: null,
  products: [],
  ...t,
});
const perMachine = (t: AgreementTerms, records = RECORDS) =>
  commissionUnderTerms(t, records).records.map((r) => r.commissionPence);

describe("each basis at a flat rate, per machine's record, never below 0", () => {
  it("net profit 10%: 5701 + 1430 (1430.1) + 0 (a loss shares nothing) = 7131 pence", () => {
    const t = terms({ basis: "net-profit", rate: 1_000 });
    expect(perMachine(t)).toEqual([5_701, 1_430, 0]);
    expect(commissionUnderTerms(t, RECORDS).commissionPence).toBe(7_131);
  });

  it("gross sales 5% (settlement values net of refunds): 5000 + 1253 (1252.5 half-up) + 50 = 6303 pence", () => {
    const t = terms({ basis: "gross-sales", rate: 500 });
    expect(perMachine(t)).toEqual([5_000, 1_253, 50]);
    expect(commissionUnderTerms(t, RECORDS).commissionPence).toBe(6_303);
  });

  it("gross profit 12.5% (gross sales − COGS): 7500 + 1881 (1881.25) + 0 = 9381 pence", () => {
    const t = terms({ basis: "gross-profit", rate: 1_250 });
    expect(perMachine(t)).toEqual([7_500, 1_881, 0]);
    expect(commissionUnderTerms(t, RECORDS).commissionPence).toBe(9_381);
  });

  it("per item sold 5p: 200 × 5 + 50 × 5 + 3 × 5 = 1265 pence", () => {
    const t = terms({ basis: "per-item", rate: 5 });
    expect(perMachine(t)).toEqual([1_000, 250, 15]);
    expect(commissionUnderTerms(t, RECORDS).commissionPence).toBe(1_265);
  });

  it("per machine with a record £25.00: 3 × 2500 = 7500 pence; a machine without a record earns nothing", () => {
    const t = terms({ basis: "per-machine", rate: 2_500 });
    expect(perMachine(t)).toEqual([2_500, 2_500, 2_500]);
    expect(commissionUnderTerms(t, RECORDS.slice(0, 2)).commissionPence).toBe(5_000);
  });

  it("each machine's line is its arithmetic: quantity × rate = commission", () => {
    const result = commissionUnderTerms(terms({ basis: "gross-sales", rate: 500 }), RECORDS);
    expect(result.lines.map((l) => [l.kind, l.machineId, l.quantity, l.rate, l.commissionPence])).toEqual([
      ["machine", 1, 100_000, 500, 5_000],
      ["machine", 2, 25_050, 500, 1_253],
      ["machine", 3, 1_000, 500, 50],
    ]);
    expect(lineText(result.lines[1])).toBe("Gross sales: £250.50 × 5% = £12.53");
  });
});

describe("marginal tiers on each basis: the month's total in bands, each band rounded, split back by largest remainder", () => {
  it("net profit, the seed's 15/20/30%: 70281 → 2250 + 3000 + 12084 (12084.3) = 17334, split 13858 / 3476 / 0", () => {
    const t = terms({ basis: "net-profit", tiers: SEED_TIERS.map((b) => ({ ...b })) });
    const result = commissionUnderTerms(t, RECORDS);
    expect(result.lines.map((l) => [l.quantity, l.commissionPence])).toEqual([
      [15_000, 2_250],
      [15_000, 3_000],
      [40_281, 12_084],
    ]);
    expect(result.commissionPence).toBe(17_334);
    expect(perMachine(t)).toEqual([13_858, 3_476, 0]);
  });

  it("gross sales, 5% of the first £500.00 and 10% above: 126050 → 2500 + 7605 = 10105, split 8017 / 2008 / 80", () => {
    const t = terms({
      basis: "gross-sales",
      tiers: [
        { upTo: 50_000, rate: 500 },
        { upTo: null, rate: 1_000 },
      ],
    });
    expect(commissionUnderTerms(t, RECORDS).commissionPence).toBe(10_105);
    expect(perMachine(t)).toEqual([8_017, 2_008, 80]);
  });

  it("gross profit, 10% of the first £200.00 and 20% above: 74050 → 2000 + 10810 = 12810, split 10241 / 2569 / 0", () => {
    const t = terms({
      basis: "gross-profit",
      tiers: [
        { upTo: 20_000, rate: 1_000 },
        { upTo: null, rate: 2_000 },
      ],
    });
    expect(commissionUnderTerms(t, RECORDS).commissionPence).toBe(12_810);
    expect(perMachine(t)).toEqual([10_241, 2_569, 0]);
  });

  it("per item, 5p for the first 100, 4p to 200, 3p above: 253 items → 500 + 400 + 159 = 1059, split 837 / 209 / 13", () => {
    const t = terms({
      basis: "per-item",
      tiers: [
        { upTo: 100, rate: 5 },
        { upTo: 200, rate: 4 },
        { upTo: null, rate: 3 },
      ],
    });
    const result = commissionUnderTerms(t, RECORDS);
    expect(result.lines.map((l) => [l.quantity, l.commissionPence])).toEqual([
      [100, 500],
      [100, 400],
      [53, 159],
    ]);
    expect(result.commissionPence).toBe(1_059);
    expect(perMachine(t)).toEqual([837, 209, 13]);
  });

  it("per machine, £30.00 for the first two and £20.00 above: 3 machines → 6000 + 2000 = 8000, split 2667 / 2667 / 2666", () => {
    const t = terms({
      basis: "per-machine",
      tiers: [
        { upTo: 2, rate: 3_000 },
        { upTo: null, rate: 2_000 },
      ],
    });
    expect(commissionUnderTerms(t, RECORDS).commissionPence).toBe(8_000);
    expect(perMachine(t)).toEqual([2_667, 2_667, 2_666]);
  });

  it("a basis at or below 0 earns nothing in any band", () => {
    const t = terms({
      basis: "gross-profit",
      tiers: [
        { upTo: 20_000, rate: 1_000 },
        { upTo: null, rate: 2_000 },
      ],
    });
    expect(commissionUnderTerms(t, [RECORDS[2]]).commissionPence).toBe(0);
  });
});

describe("a minimum and a cap per partner per month", () => {
  const tenPercent = terms({ basis: "net-profit", rate: 1_000 });

  it("a minimum of £100.00 lifts 7131 to 10000 (+2869), split 7995 / 2005 / 0 by the machines' commissions", () => {
    const result = commissionUnderTerms({ ...tenPercent, minimumPence: 10_000 }, RECORDS);
    expect(result.subtotalPence).toBe(7_131);
    expect(result.commissionPence).toBe(10_000);
    expect(result.lines.at(-1)).toMatchObject({ kind: "minimum", commissionPence: 2_869 });
    expect(result.records.map((r) => r.commissionPence)).toEqual([7_995, 2_005, 0]);
  });

  it("a cap of £50.00 lowers 7131 to 5000 (−2131), split 3997 / 1003 / 0", () => {
    const result = commissionUnderTerms({ ...tenPercent, capPence: 5_000 }, RECORDS);
    expect(result.commissionPence).toBe(5_000);
    expect(result.lines.at(-1)).toMatchObject({ kind: "cap", commissionPence: -2_131 });
    expect(result.records.map((r) => r.commissionPence)).toEqual([3_997, 1_003, 0]);
  });

  it("a minimum applies to a month with no sales too: no records → the minimum, £50.00", () => {
    const result = commissionUnderTerms({ ...tenPercent, minimumPence: 5_000 }, []);
    expect(result.commissionPence).toBe(5_000);
    expect(result.lines).toEqual([expect.objectContaining({ kind: "minimum", commissionPence: 5_000 })]);
  });

  it("a minimum with machines that earned nothing is split evenly: 1000 over two losses → 500 / 500", () => {
    const result = commissionUnderTerms({ ...tenPercent, minimumPence: 1_000 }, [
      RECORDS[2],
      { ...RECORDS[2], machineId: 4 },
    ]);
    expect(result.records.map((r) => r.commissionPence)).toEqual([500, 500]);
  });

  it("a subtotal exactly at the minimum or the cap stands, with no line", () => {
    expect(limitLine({ ...tenPercent, minimumPence: 7_131 }, 7_131)).toBeNull();
    expect(limitLine({ ...tenPercent, capPence: 7_131 }, 7_131)).toBeNull();
    expect(limitLine({ ...tenPercent, minimumPence: 7_132 }, 7_131)).toMatchObject({
      kind: "minimum",
      commissionPence: 1,
    });
    expect(limitLine({ ...tenPercent, capPence: 7_130 }, 7_131)).toMatchObject({ kind: "cap", commissionPence: -1 });
  });

  it("without a minimum or a cap any subtotal stands", () => {
    for (const subtotal of [-100, 0, 7_131]) expect(limitLine(tenPercent, subtotal)).toBeNull();
  });

  it("within the limits nothing changes", () => {
    const result = commissionUnderTerms({ ...tenPercent, minimumPence: 1_000, capPence: 10_000 }, RECORDS);
    expect(result.commissionPence).toBe(7_131);
    expect(result.lines.every((l) => l.kind === "machine")).toBe(true);
  });
});

describe("per-product rules: matched products leave the machine's basis for their own line", () => {
  // One machine: Cola 5 × £2.00 (cost £4.00), Crisps 4 items £6.00 (cost £2.00), Water 1 £1.50 (cost £0.50).
  // Revenue 1750, COGS 650, card fee 52 (52.325), net 1048. The fee shared by revenue: Cola 30, Crisps 18, Water 4.
  const machine: AgreementRecord = {
    machineId: 9,
    revenuePence: 1_750,
    cogsPence: 650,
    totalSales: 10,
    products: [
      { name: "Cola", units: 5, revenuePence: 1_000, cogsPence: 400 },
      { name: "Crisps", units: 4, revenuePence: 600, cogsPence: 200 },
      { name: "Water", units: 1, revenuePence: 150, cogsPence: 50 },
    ],
  };

  it("net profit 10% with Cola at 50% of its net profit: Cola 1000 − 400 − 30 = 570 → 285; the rest 478 → 48 (47.8); 333 pence", () => {
    const t = terms({
      basis: "net-profit",
      rate: 1_000,
      products: [{ match: "cola", basis: "net-profit", rate: 5_000 }],
    });
    const result = commissionUnderTerms(t, [machine]);
    expect(result.lines.map((l) => [l.kind, l.quantity, l.commissionPence])).toEqual([
      ["product", 570, 285],
      ["machine", 478, 48],
    ]);
    expect(result.commissionPence).toBe(333);
    expect(result.records[0].commissionPence).toBe(333);
  });

  it("5p per item with Cr* at 20% of gross sales: Crisps £6.00 → 120; the other 6 items → 30; 150 pence", () => {
    const t = terms({ basis: "per-item", rate: 5, products: [{ match: "Cr*", basis: "gross-sales", rate: 2_000 }] });
    const result = commissionUnderTerms(t, [machine]);
    expect(result.lines.map((l) => [l.kind, l.match ?? null, l.quantity, l.commissionPence])).toEqual([
      ["product", "Cr*", 600, 120],
      ["machine", null, 6, 30],
    ]);
    expect(result.commissionPence).toBe(150);
  });

  it("the first rule that matches a product takes it: Cola at 10p per item, then * at 1p, nothing left for the basis", () => {
    const t = terms({
      basis: "gross-sales",
      rate: 1_000,
      products: [
        { match: "Cola", basis: "per-item", rate: 10 },
        { match: "*", basis: "per-item", rate: 1 },
      ],
    });
    const result = commissionUnderTerms(t, [machine]);
    expect(result.lines.map((l) => [l.kind, l.quantity, l.commissionPence])).toEqual([
      ["product", 5, 50],
      ["product", 5, 5],
      ["machine", 0, 0],
    ]);
    expect(result.commissionPence).toBe(55);
  });

  it("a record without its products (a manual record) keeps all of its basis", () => {
    const t = terms({ basis: "per-item", rate: 5, products: [{ match: "Cola", basis: "per-item", rate: 10 }] });
    expect(commissionUnderTerms(t, [{ ...machine, products: undefined }]).commissionPence).toBe(50);
  });

  it("product lines come in the rules' order, whatever the order of the products", () => {
    const t = terms({
      basis: "per-item",
      rate: 1,
      products: [
        { match: "Water", basis: "per-item", rate: 20 },
        { match: "Cola", basis: "per-item", rate: 10 },
      ],
    });
    const result = commissionUnderTerms(t, [machine]);
    expect(result.lines.map((l) => [l.kind, l.match ?? null, l.quantity, l.commissionPence])).toEqual([
      ["product", "Water", 1, 20],
      ["product", "Cola", 5, 50],
      ["machine", null, 4, 4],
    ]);
  });

  it("per machine with a product rule: the machine still counts once, its products pay on their own basis", () => {
    const t = terms({ basis: "per-machine", rate: 2_500, products: [{ match: "Cola", basis: "per-item", rate: 10 }] });
    const result = commissionUnderTerms(t, [machine]);
    expect(result.lines.map((l) => [l.kind, l.quantity, l.commissionPence])).toEqual([
      ["product", 5, 50],
      ["machine", 1, 2_500],
    ]);
    expect(result.commissionPence).toBe(2_550);
  });

  it("names match exactly or by * pattern, ignoring case and outer spaces", () => {
    expect(matchesProduct("cola", " Cola ")).toBe(true);
    expect(matchesProduct("cola", "Diet Cola")).toBe(false);
    expect(matchesProduct("*cola*", "Diet Cola 330ml")).toBe(true);
    expect(matchesProduct("Coca-Cola (330ml)", "coca-cola (330ml)")).toBe(true);
    expect(matchesProduct("a.b", "axb")).toBe(false);
  });
});

describe("the seed's agreements are presets: the same figures as before agreements", () => {
  it("profit-sharing is a flat share of net profit at the partner's rate; tiered the 15/20/30% tiers; the others none", () => {
    expect(seedTerms("profit-sharing", 1_250)).toEqual(terms({ basis: "net-profit", rate: 1_250 }));
    expect(seedTerms("tiered-profit-sharing", 1_000)?.tiers).toEqual([
      { upTo: 15_000, rate: 1_500 },
      { upTo: 30_000, rate: 2_000 },
      { upTo: null, rate: 3_000 },
    ]);
    expect(seedTerms("non-profit-sharing", 1_000)).toBeNull();
    expect(seedTerms("fee-paying", 1_000)).toBeNull();
    expect(isFlatNetProfitShare(seedTerms("profit-sharing", 1_000)!)).toBe(true);
    expect(isFlatNetProfitShare(seedTerms("tiered-profit-sharing", 1_000)!)).toBe(false);
  });

  it("commissionForMonth under the seed gives the ARCHITECTURE example: tiered on £400.00 net → £82.50", () => {
    const month = commissionForMonth("tiered-profit-sharing", 0, [{ revenuePence: 0, cogsPence: -40_000 }]);
    expect(month.commissionPence).toBe(8_250);
    expect(month.applicable).toBe(true);
    expect(commissionForMonth("non-profit-sharing", 1_000, RECORDS).applicable).toBe(false);
  });

  it("describes the presets in words", () => {
    expect(describeTerms(seedTerms("profit-sharing", 1_000))).toEqual(["10% of net profit"]);
    expect(describeTerms(seedTerms("tiered-profit-sharing", 0))).toEqual([
      "Tiers on net profit: 15% of the first £150.00, 20% of £150.01–£300.00, 30% above £300.00",
    ]);
    expect(describeTerms(null)).toEqual(["No commission"]);
  });
});

describe("a month's total from its records' sums, where sums suffice: the engine's figure", () => {
  // RECORDS summed: 3 records, net profit 70281, revenue 126050, COGS 52000, 253 items.
  const sums = { records: 3, netProfitPence: 70_281, revenuePence: 126_050, cogsPence: 52_000, units: 253 };
  const engine = (t: AgreementTerms) => commissionUnderTerms(t, RECORDS).commissionPence;

  it("no terms, no commission", () => {
    expect(totalFromSums(null, sums, null)).toBe(0);
  });

  it("tiers need only the month's total of the basis", () => {
    const seed = terms({ basis: "net-profit", tiers: SEED_TIERS.map((b) => ({ ...b })) });
    expect(totalFromSums(seed, sums, null)).toBe(17_334);
    expect(engine(seed)).toBe(17_334);
    // Gross profit 126050 − 52000 = 74050 → 10% of 20000 + 20% of 54050 = 2000 + 10810.
    const grossProfit = terms({
      basis: "gross-profit",
      tiers: [
        { upTo: 20_000, rate: 1_000 },
        { upTo: null, rate: 2_000 },
      ],
    });
    expect(totalFromSums(grossProfit, sums, null)).toBe(12_810);
    expect(engine(grossProfit)).toBe(12_810);
  });

  it("a flat amount per item or machine is the amount × the count", () => {
    expect(totalFromSums(terms({ basis: "per-item", rate: 5 }), sums, null)).toBe(1_265);
    expect(totalFromSums(terms({ basis: "per-machine", rate: 2_500 }), sums, null)).toBe(7_500);
    expect(engine(terms({ basis: "per-machine", rate: 2_500 }))).toBe(7_500);
  });

  it("a flat money rate takes the sum of each record's rounded share, unknown without it", () => {
    const tenPercent = terms({ basis: "net-profit", rate: 1_000 });
    expect(totalFromSums(tenPercent, sums, null)).toBeNull();
    expect(totalFromSums(tenPercent, sums, 7_131)).toBe(7_131);
    expect(engine(tenPercent)).toBe(7_131);
  });

  it("a minimum or cap moves the subtotal as the engine does", () => {
    const tenPercent = terms({ basis: "net-profit", rate: 1_000 });
    expect(totalFromSums({ ...tenPercent, minimumPence: 10_000 }, sums, 7_131)).toBe(10_000);
    expect(totalFromSums({ ...tenPercent, capPence: 5_000 }, sums, 7_131)).toBe(5_000);
    const capped = terms({ basis: "per-item", rate: 5, capPence: 1_000 });
    expect(totalFromSums(capped, sums, null)).toBe(1_000);
    expect(engine(capped)).toBe(1_000);
  });

  it("product rules need each record's products: unknown with records, the minimum alone without", () => {
    const withRule = terms({
      basis: "per-item",
      rate: 5,
      minimumPence: 5_000,
      products: [{ match: "Cola", basis: "per-item", rate: 10 }],
    });
    expect(totalFromSums(withRule, sums, null)).toBeNull();
    expect(totalFromSums(withRule, { ...sums, records: 1 }, null)).toBeNull();
    const none = { records: 0, netProfitPence: 0, revenuePence: 0, cogsPence: 0, units: 0 };
    expect(totalFromSums(withRule, none, null)).toBe(5_000);
    expect(commissionUnderTerms(withRule, []).commissionPence).toBe(5_000);
    // Without product rules, a month of no records is worked out from its sums too.
    expect(totalFromSums(terms({ basis: "per-item", rate: 5 }), none, null)).toBe(0);
  });
});

describe("a partner's month as the screens show it: each record's figures, the total, the tier table", () => {
  const seedTiers = () => SEED_TIERS.map((b) => ({ ...b }));

  it("the tier table lists the bands on the month's net profit; a minimum is its own line, outside the table", () => {
    // Net 57010 + 14301 − 1030 = 70281 → 2250 + 3000 + 12084 (12084.3) = 17334; the £200.00 minimum adds 2666.
    const month = monthCommission(terms({ basis: "net-profit", tiers: seedTiers(), minimumPence: 20_000 }), RECORDS);
    expect(month.tiers).toEqual({
      netPence: 70_281,
      lines: [
        { fromPence: 0, toPence: 15_000, rateBp: 1_500, basePence: 15_000, commissionPence: 2_250 },
        { fromPence: 15_000, toPence: 30_000, rateBp: 2_000, basePence: 15_000, commissionPence: 3_000 },
        { fromPence: 30_000, toPence: null, rateBp: 3_000, basePence: 40_281, commissionPence: 12_084 },
      ],
      totalPence: 17_334,
    });
    expect(month.lines.map((l) => [l.kind, l.commissionPence])).toEqual([
      ["band", 2_250],
      ["band", 3_000],
      ["band", 12_084],
      ["minimum", 2_666],
    ]);
    expect(month.commissionPence).toBe(20_000);
    expect(month.records.reduce((s, r) => s + r.commissionPence, 0)).toBe(20_000);
  });

  it("no tier table for a flat share, for tiers on another basis, or where product rules take part of the profit", () => {
    expect(monthCommission(terms({ basis: "net-profit", rate: 1_000 }), RECORDS).tiers).toBeNull();
    const grossSalesTiers = monthCommission(terms({ basis: "gross-sales", tiers: seedTiers() }), RECORDS);
    expect(grossSalesTiers.tiers).toBeNull();
    // 126050 of gross sales → 2250 + 3000 + 28815 = 34065, in the lines all the same.
    expect(grossSalesTiers.commissionPence).toBe(34_065);
    const withProducts = terms({
      basis: "net-profit",
      tiers: seedTiers(),
      products: [{ match: "Cola", basis: "per-item", rate: 10 }],
    });
    expect(monthCommission(withProducts, RECORDS).tiers).toBeNull();
  });

  it("without terms: each record's revenue, COGS, card fee and net profit, no commission and no lines", () => {
    const month = monthCommission(null, RECORDS);
    expect(month.records).toEqual([
      { revenuePence: 100_000, cogsPence: 40_000, cardFeePence: 2_990, netProfitPence: 57_010, commissionPence: 0 },
      { revenuePence: 25_050, cogsPence: 10_000, cardFeePence: 749, netProfitPence: 14_301, commissionPence: 0 },
      { revenuePence: 1_000, cogsPence: 2_000, cardFeePence: 30, netProfitPence: -1_030, commissionPence: 0 },
    ]);
    expect(month.netProfitPence).toBe(70_281);
    expect(month.commissionPence).toBe(0);
    expect(month.tiers).toBeNull();
    expect(month.applicable).toBe(false);
    expect(month.terms).toBeNull();
    expect(month.lines).toEqual([]);
  });

  it("commissionForMonth: each machine's line names the machine given, else its place in the list", () => {
    const month = commissionForMonth("profit-sharing", 1_000, [
      { revenuePence: 100_000, cogsPence: 40_000, machineId: 7 },
      { revenuePence: 1_000, cogsPence: 2_000 },
    ]);
    expect(month.lines.map((l) => [l.kind, l.machineId, l.quantity, l.commissionPence])).toEqual([
      ["machine", 7, 57_010, 5_701],
      ["machine", 1, -1_030, 0],
    ]);
  });
});

describe("effective dating: an agreement applies from its month; a paid month keeps the terms it paid under", () => {
  const partner = { partnerType: "profit-sharing" as const, commissionBp: 1_000 };
  const perItem = terms({ basis: "per-item", rate: 5 });
  // A per-item agreement written from August 2026, reaching back over July (paid) and August (paid) and September (open).
  const history = [
    { effectiveMonth: "0000-01", rateBp: 1_000, terms: null },
    { effectiveMonth: "2026-08", rateBp: 0, terms: perItem },
  ];
  const paidAugust = { status: "completed" as const, rateBp: 1_000, terms: null };

  it("an open month follows the agreement in force for it, at once", () => {
    expect(termsOfMonth(partner, history, "2026-09")).toEqual(perItem);
    expect(commissionUnderTerms(termsOfMonth(partner, history, "2026-09")!, RECORDS).commissionPence).toBe(1_265);
  });

  it("a month before the agreement keeps the earlier one", () => {
    expect(termsOfMonth(partner, history, "2026-07")).toEqual(terms({ basis: "net-profit", rate: 1_000 }));
  });

  it("a paid month keeps the terms it paid under, even inside the new agreement's months: 7131, not 1265", () => {
    const paidTerms = termsOfMonth(partner, history, "2026-08", paidAugust)!;
    expect(paidTerms).toEqual(terms({ basis: "net-profit", rate: 1_000 }));
    expect(commissionUnderTerms(paidTerms, RECORDS).commissionPence).toBe(7_131);
    // A payment that stored its terms is read back as stored.
    expect(
      termsOfMonth(partner, history, "2026-08", { status: "completed", rateBp: 0, terms: storeTerms(perItem) }),
    ).toEqual(perItem);
  });

  it("termsForMonth: only the profit-sharing types earn; months before the first version use the first", () => {
    expect(termsForMonth("fee-paying", history, "2026-09", 1_000)).toBeNull();
    expect(
      termsForMonth("profit-sharing", [{ effectiveMonth: "2026-03", rateBp: 1_200, terms: null }], "2025-01", 1_000),
    ).toEqual(terms({ basis: "net-profit", rate: 1_200 }));
    expect(termsForMonth("profit-sharing", [], "2025-01", 900)).toEqual(terms({ basis: "net-profit", rate: 900 }));
  });
});

describe("agreements at the edge: fractions, pounds, months in; the same shape out", () => {
  it("reads a per-item agreement with tiers, a minimum, a cap and a product rule into pence and basis points", () => {
    const parsed = agreementInputSchema.parse({
      effectiveMonth: "2026-10-15",
      basis: "per-item",
      tiers: [
        { upTo: 100, amount: "0.05" },
        { upTo: null, amount: 0.04 },
      ],
      minimum: "£50.00",
      cap: 500,
      products: [{ match: " Cola* ", basis: "gross-sales", rate: "0.2" }],
    });
    expect(parsed).toEqual({
      effectiveMonth: "2026-10",
      terms: {
        basis: "per-item",
        rate: 0,
        tiers: [
          { upTo: 100, rate: 5 },
          { upTo: null, rate: 4 },
        ],
        minimumPence: 5_000,
        capPence: 50_000,
        products: [{ match: "Cola*", basis: "gross-sales", rate: 2_000 }],
      },
    });
    expect(agreementInputSchema.parse({ effectiveMonth: "2026-10", ...termsJson(parsed.terms) }).terms).toEqual(
      parsed.terms,
    );
    expect(readTerms(storeTerms(parsed.terms))).toEqual(parsed.terms);
  });

  it.each([
    [{ basis: "net-profit", rate: "1.5" }, "The agreement's rate must be a fraction between 0 and 1 (0.10 is 10%)"],
    [{ basis: "per-item" }, "The agreement needs an amount (pounds each)"],
    [{ basis: "net-profit", rate: "0.1", minimum: 100, cap: 50 }, "The minimum must not be above the cap"],
    [
      {
        basis: "gross-sales",
        tiers: [
          { upTo: 300, rate: "0.1" },
          { upTo: 200, rate: "0.2" },
          { upTo: null, rate: "0.3" },
        ],
      },
      "Tier 2's upper limit must be above the tier before it",
    ],
    [
      {
        basis: "gross-sales",
        tiers: [
          { upTo: 300, rate: "0.1" },
          { upTo: 400, rate: "0.2" },
        ],
      },
      "The last tier has no upper limit",
    ],
    [
      { basis: "per-machine", amount: 25, products: [{ match: "Cola", basis: "per-item", amount: 0.1 }] },
      "A per-machine agreement has no product rules",
    ],
    [{ basis: "per-item", amount: "0.055" }, "The agreement's amount must be in whole pence"],
    [
      { basis: "flat", rate: "0.1" },
      "Basis must be one of net-profit, gross-sales, gross-profit, per-item, per-machine",
    ],
  ])("refuses %j: %s", (input, message) => {
    const result = agreementInputSchema.safeParse({ effectiveMonth: "2026-10", ...input });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });

  it("refuses a month that is not one", () => {
    expect(
      agreementInputSchema.safeParse({ effectiveMonth: "October", basis: "net-profit", rate: "0.1" }).error?.issues[0]
        .message,
    ).toBe("Effective month must be YYYY-MM");
  });
});
