import { describe, expect, it } from "vitest";
import {
  CARD_FEE_BP,
  FIRST_MONTH,
  TIERS,
  bpToFraction,
  cardFeePence,
  flatCommissionPence,
  formatRate,
  fractionToBp,
  netProfitPence,
  percentToBp,
  splitByLargestRemainder,
} from "#domain/shared/commission-rules.ts";
import { commissionForMonth } from "#domain/agreements/month-commission-rules.ts";
import { versionForMonth } from "#domain/agreements/agreement-rules.ts";

/** The rate of the version in force (agreement-rules.ts versionForMonth), else the current rate. */
/** The seed's tiers on a month's net profit, through the agreement engine (one record of that net profit). */
const tieredCommission = (netPence: number) =>
  commissionForMonth("tiered-profit-sharing", 0, [{ revenuePence: 0, cogsPence: -netPence }]).tiers!;

const rateForMonth = (history: { rateBp: number; effectiveMonth: string }[], month: string, currentBp: number) =>
  versionForMonth(history, month)?.rateBp ?? currentBp;

// ARCHITECTURE §5 and spec §9: card fee 2.99% of revenue; net profit = revenue − COGS − card fee
// (may be negative); flat share per record never below 0; tiered marginal 15% / 20% / 30%.

describe("Card fee = 2.99% of revenue, rounded half-up to the penny per record", () => {
  it("is 299 basis points", () => {
    expect(CARD_FEE_BP).toBe(299);
  });

  it("£100.00 of revenue pays a 299 pence fee", () => {
    expect(cardFeePence(10000)).toBe(299);
  });

  it("£1,000.00 of revenue pays a 2990 pence fee", () => {
    expect(cardFeePence(100000)).toBe(2990);
  });

  it("1 pence of revenue pays no fee (0.0299 rounds down)", () => {
    expect(cardFeePence(1)).toBe(0);
  });

  it("17 pence of revenue pays 1 pence (0.5083 rounds up)", () => {
    expect(cardFeePence(17)).toBe(1);
  });

  it("an exact half penny rounds up: £50.00 → 149.5 → 150 pence", () => {
    expect(cardFeePence(5000)).toBe(150);
  });

  it("no revenue pays no fee", () => {
    expect(cardFeePence(0)).toBe(0);
  });
});

describe("Net profit = revenue − COGS − card fee (may be negative)", () => {
  it("£1,000.00 revenue, £400.00 COGS → 100000 − 40000 − 2990 = 57010 pence", () => {
    expect(netProfitPence({ revenuePence: 100000, cogsPence: 40000 })).toBe(57010);
  });

  it("is negative when COGS and fee exceed revenue: 1000 − 2000 − 30 = −1030 pence", () => {
    expect(netProfitPence({ revenuePence: 1000, cogsPence: 2000 })).toBe(-1030);
  });

  it("is zero for an empty record", () => {
    expect(netProfitPence({ revenuePence: 0, cogsPence: 0 })).toBe(0);
  });
});

describe("Profit-sharing commission = net profit × rate, never below 0, rounded to the penny", () => {
  it("10% of 57010 pence is 5701 pence", () => {
    expect(flatCommissionPence(57010, 1000)).toBe(5701);
  });

  it("12.5% of 12345 pence is 1543 pence (1543.125 rounds down)", () => {
    expect(flatCommissionPence(12345, 1250)).toBe(1543);
  });

  it("an exact half penny rounds up: 10% of 5 pence → 1 pence", () => {
    expect(flatCommissionPence(5, 1000)).toBe(1);
  });

  it("a negative net profit earns 0, never a negative commission", () => {
    expect(flatCommissionPence(-1030, 1000)).toBe(0);
    expect(flatCommissionPence(-1, 10000)).toBe(0);
  });

  it("a 0% rate earns 0", () => {
    expect(flatCommissionPence(57010, 0)).toBe(0);
  });

  it("a 100% rate earns the whole net profit", () => {
    expect(flatCommissionPence(57010, 10000)).toBe(57010);
  });
});

describe("Tiered commission: marginal 15% of the first £150, 20% of £150.01–£300, 30% above £300", () => {
  it("has the three bands of the spec", () => {
    expect(TIERS).toEqual([
      { fromPence: 0, toPence: 15000, rateBp: 1500 },
      { fromPence: 15000, toPence: 30000, rateBp: 2000 },
      { fromPence: 30000, toPence: null, rateBp: 3000 },
    ]);
  });

  it("net £0.00 → 0 in every band", () => {
    const t = tieredCommission(0);
    expect(t.totalPence).toBe(0);
    expect(t.lines.map((l) => [l.basePence, l.commissionPence])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it("a negative net profit earns 0 (net not positive)", () => {
    const t = tieredCommission(-5000);
    expect(t.netPence).toBe(-5000);
    expect(t.totalPence).toBe(0);
    expect(t.lines.map((l) => [l.basePence, l.commissionPence])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it("net exactly £150.00 → 15% band only: 2250 pence", () => {
    const t = tieredCommission(15000);
    expect(t.lines.map((l) => [l.basePence, l.commissionPence])).toEqual([
      [15000, 2250],
      [0, 0],
      [0, 0],
    ]);
    expect(t.totalPence).toBe(2250);
  });

  it("net £150.01 → 1 pence in the 20% band (0.2 rounds to 0): 2250 pence", () => {
    const t = tieredCommission(15001);
    expect(t.lines.map((l) => [l.basePence, l.commissionPence])).toEqual([
      [15000, 2250],
      [1, 0],
      [0, 0],
    ]);
    expect(t.totalPence).toBe(2250);
  });

  it("net exactly £300.00 → 2250 + 3000 = 5250 pence", () => {
    const t = tieredCommission(30000);
    expect(t.lines.map((l) => [l.basePence, l.commissionPence])).toEqual([
      [15000, 2250],
      [15000, 3000],
      [0, 0],
    ]);
    expect(t.totalPence).toBe(5250);
  });

  it("net £400.00 → 2250 + 3000 + 3000 = 8250 pence (the ARCHITECTURE example)", () => {
    const t = tieredCommission(40000);
    expect(t.netPence).toBe(40000);
    expect(t.lines).toEqual([
      { fromPence: 0, toPence: 15000, rateBp: 1500, basePence: 15000, commissionPence: 2250 },
      { fromPence: 15000, toPence: 30000, rateBp: 2000, basePence: 15000, commissionPence: 3000 },
      { fromPence: 30000, toPence: null, rateBp: 3000, basePence: 10000, commissionPence: 3000 },
    ]);
    expect(t.totalPence).toBe(8250);
  });

  it("each band is rounded half-up on its own: net 10 pence → 1.5 → 2 pence", () => {
    expect(tieredCommission(10).totalPence).toBe(2);
  });

  it("each band is rounded on its own: net 30005 pence → 2250 + 3000 + 2 (1.5 rounds up) = 5252", () => {
    const t = tieredCommission(30005);
    expect(t.lines.map((l) => l.commissionPence)).toEqual([2250, 3000, 2]);
    expect(t.totalPence).toBe(5252);
  });
});

describe("Split by largest remainder: parts in proportion to positive weights, summing exactly", () => {
  it("100 pence across three equal weights → [34, 33, 33]", () => {
    expect(splitByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });

  it("gives the leftover penny to the largest remainder", () => {
    // 10 × 1/6 = 1.67, 10 × 2/6 = 3.33, 10 × 3/6 = 5 → floors 1 + 3 + 5 = 9, one left for the first.
    expect(splitByLargestRemainder(10, [1, 2, 3])).toEqual([2, 3, 5]);
  });

  it("splits in exact proportion when it divides evenly", () => {
    expect(splitByLargestRemainder(8250, [20000, 20000])).toEqual([4125, 4125]);
    expect(splitByLargestRemainder(9000, [1, 2])).toEqual([3000, 6000]);
  });

  it("gives the leftover penny to the largest remainder wherever it stands", () => {
    // 10 × 3/6 = 5, 10 × 2/6 = 3.33, 10 × 1/6 = 1.67 → floors 5 + 3 + 1 = 9, one left for the last.
    expect(splitByLargestRemainder(10, [3, 2, 1])).toEqual([5, 3, 2]);
    // 7 × [0.1, 0.5, 0.2, 0.2] = 0.7, 3.5, 1.4, 1.4 → floors 0 + 3 + 1 + 1 = 5; two left, for 0.7 then 0.5.
    expect(splitByLargestRemainder(7, [1, 5, 2, 2])).toEqual([1, 4, 1, 1]);
  });

  it("on a tie of remainders the earlier weight gets the penny", () => {
    // 2 × [2, 1, 1] / 4 = 1, 0.5, 0.5: one penny left, two equal remainders → the second weight.
    expect(splitByLargestRemainder(2, [2, 1, 1])).toEqual([1, 1, 0]);
    expect(splitByLargestRemainder(2, [1, 1, 2])).toEqual([1, 0, 1]);
    expect(splitByLargestRemainder(1, [1, 1])).toEqual([1, 0]);
    expect(splitByLargestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(splitByLargestRemainder(1, [5, 1, 1, 1])).toEqual([1, 0, 0, 0]);
    // Two machines with the same net profit and an odd total: the first listed gets the odd penny.
    expect(splitByLargestRemainder(8251, [20000, 20000])).toEqual([4126, 4125]);
    // 5 × [7, 3, 3, 7] / 20 = 1.75, 0.75, 0.75, 1.75: four equal remainders, three pennies → the first three.
    expect(splitByLargestRemainder(5, [7, 3, 3, 7])).toEqual([2, 1, 1, 1]);
  });

  it("splits a negative total the same way (floors, then the largest remainders)", () => {
    expect(splitByLargestRemainder(-1, [1, 1])).toEqual([0, -1]);
    expect(splitByLargestRemainder(-10, [3, 2, 1])).toEqual([-5, -3, -2]);
  });

  it("gives 0 to non-positive weights", () => {
    expect(splitByLargestRemainder(100, [1, -5, 0, 1])).toEqual([50, 0, 0, 50]);
    expect(splitByLargestRemainder(101, [1, -5, 0, 1])).toEqual([51, 0, 0, 50]);
  });

  it("gives 0 to everyone when no weight is positive", () => {
    expect(splitByLargestRemainder(100, [0, -1, 0])).toEqual([0, 0, 0]);
  });

  it("gives 0 to everyone when there is nothing to split", () => {
    expect(splitByLargestRemainder(0, [1, 2, 3])).toEqual([0, 0, 0]);
  });

  it("always sums exactly to the total", () => {
    const cases: Array<[number, number[]]> = [
      [8093, [29103, 14402, -4030]],
      [1, [1, 1, 1]],
      [99999, [3, 7, 11, 13, 17]],
      [12345, [0.1, 0.2, 0.3]],
      [7, [1e9, 1, 1]],
    ];
    for (const [total, weights] of cases) {
      const parts = splitByLargestRemainder(total, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      parts.forEach((p, i) => {
        expect(Number.isInteger(p)).toBe(true);
        if (weights[i] <= 0) expect(p).toBe(0);
      });
    }
  });
});

describe("Commission for a month, per partner type", () => {
  const flatRecords = [
    { revenuePence: 100000, cogsPence: 40000 }, // fee 2990, net 57010
    { revenuePence: 1000, cogsPence: 2000 }, // fee 30, net −1030
  ];

  it("profit-sharing: flat share per record, never below 0, summed: 5701 + 0 = 5701 pence", () => {
    const m = commissionForMonth("profit-sharing", 1000, flatRecords);
    expect(m.applicable).toBe(true);
    expect(m.tiers).toBeNull();
    expect(m.records.map((r) => [r.cardFeePence, r.netProfitPence, r.commissionPence])).toEqual([
      [2990, 57010, 5701],
      [30, -1030, 0],
    ]);
    expect(m.netProfitPence).toBe(55980);
    expect(m.commissionPence).toBe(5701);
  });

  it("profit-sharing: each record is rounded before summing (5 + 5 pence net at 10% → 1 + 1 = 2 pence)", () => {
    // revenue 105, fee 3.1395 → 3, COGS 97 → net 5 pence per record.
    const m = commissionForMonth("profit-sharing", 1000, [
      { revenuePence: 105, cogsPence: 97 },
      { revenuePence: 105, cogsPence: 97 },
    ]);
    expect(m.records.map((r) => r.netProfitPence)).toEqual([5, 5]);
    expect(m.records.map((r) => r.commissionPence)).toEqual([1, 1]);
    expect(m.commissionPence).toBe(2);
  });

  it("tiered: on the month's total net profit, split back by positive net profit, parts summing to the total", () => {
    const m = commissionForMonth("tiered-profit-sharing", 1000, [
      { revenuePence: 30000, cogsPence: 0 }, // fee 897, net 29103
      { revenuePence: 20000, cogsPence: 5000 }, // fee 598, net 14402
      { revenuePence: 1000, cogsPence: 5000 }, // fee 30, net −4030
    ]);
    expect(m.applicable).toBe(true);
    expect(m.netProfitPence).toBe(39475);
    // 15000 × 15% = 2250; 15000 × 20% = 3000; 9475 × 30% = 2842.5 → 2843.
    expect(m.tiers?.lines.map((l) => l.commissionPence)).toEqual([2250, 3000, 2843]);
    expect(m.tiers?.totalPence).toBe(8093);
    expect(m.commissionPence).toBe(8093);
    // 8093 × 29103/43505 = 5413.87, 8093 × 14402/43505 = 2679.13 → leftover penny to the first.
    expect(m.records.map((r) => r.commissionPence)).toEqual([5414, 2679, 0]);
    expect(m.records.reduce((s, r) => s + r.commissionPence, 0)).toBe(m.commissionPence);
  });

  it("tiered: net £400.00 over two machines → 8250 pence split 4125 + 4125", () => {
    const m = commissionForMonth("tiered-profit-sharing", 0, [
      { revenuePence: 100000, cogsPence: 77010 }, // fee 2990, net 20000
      { revenuePence: 100000, cogsPence: 77010 },
    ]);
    expect(m.netProfitPence).toBe(40000);
    expect(m.commissionPence).toBe(8250);
    expect(m.records.map((r) => r.commissionPence)).toEqual([4125, 4125]);
  });

  it("tiered: the rate is not used (the bands decide)", () => {
    const records = [{ revenuePence: 100000, cogsPence: 57010 }]; // net 40000
    expect(commissionForMonth("tiered-profit-sharing", 0, records).commissionPence).toBe(8250);
    expect(commissionForMonth("tiered-profit-sharing", 5000, records).commissionPence).toBe(8250);
  });

  it("tiered: a month with negative total net profit earns 0 for every machine", () => {
    const m = commissionForMonth("tiered-profit-sharing", 1000, [
      { revenuePence: 10000, cogsPence: 5000 }, // fee 299, net 4701
      { revenuePence: 1000, cogsPence: 10000 }, // fee 30, net −9030
    ]);
    expect(m.netProfitPence).toBe(-4329);
    expect(m.commissionPence).toBe(0);
    expect(m.records.map((r) => r.commissionPence)).toEqual([0, 0]);
  });

  it("tiered: no records, no commission", () => {
    const m = commissionForMonth("tiered-profit-sharing", 1000, []);
    expect(m.records).toEqual([]);
    expect(m.commissionPence).toBe(0);
  });

  it("non-profit-sharing: commission 0 whatever the rate and profit, not applicable", () => {
    const m = commissionForMonth("non-profit-sharing", 1000, flatRecords);
    expect(m.applicable).toBe(false);
    expect(m.tiers).toBeNull();
    expect(m.netProfitPence).toBe(55980);
    expect(m.records.map((r) => r.commissionPence)).toEqual([0, 0]);
    expect(m.commissionPence).toBe(0);
  });

  it("fee-paying: no commission, not applicable", () => {
    const m = commissionForMonth("fee-paying", 1000, flatRecords);
    expect(m.applicable).toBe(false);
    expect(m.tiers).toBeNull();
    expect(m.netProfitPence).toBe(55980);
    expect(m.records.map((r) => r.commissionPence)).toEqual([0, 0]);
    expect(m.commissionPence).toBe(0);
  });
});

describe("Rates: basis points inside, fraction strings in the API, percents in forms", () => {
  it("fractionToBp reads fraction strings", () => {
    expect(fractionToBp("0.10")).toBe(1000);
    expect(fractionToBp("0.1")).toBe(1000);
    expect(fractionToBp("0.1250")).toBe(1250);
    expect(fractionToBp("0.0001")).toBe(1);
    expect(fractionToBp("0")).toBe(0);
    expect(fractionToBp("1")).toBe(10000);
    expect(fractionToBp("1.0000")).toBe(10000);
    expect(fractionToBp(" 0.25 ")).toBe(2500);
  });

  it("fractionToBp reads fraction numbers", () => {
    expect(fractionToBp(0.1)).toBe(1000);
    expect(fractionToBp(0.125)).toBe(1250);
    expect(fractionToBp(1)).toBe(10000);
    expect(fractionToBp(0)).toBe(0);
  });

  it("fractionToBp reads a fraction written without its leading zero", () => {
    expect(fractionToBp(".25")).toBe(2500);
    expect(fractionToBp(".1250")).toBe(1250);
    expect(fractionToBp(".12345")).toBeNull();
    expect(fractionToBp(".")).toBeNull();
    expect(fractionToBp(".ab")).toBeNull();
  });

  it("fractionToBp answers null outside 0–1", () => {
    expect(fractionToBp("1.5")).toBeNull();
    expect(fractionToBp("1.0001")).toBeNull();
    expect(fractionToBp("-0.1")).toBeNull();
    expect(fractionToBp(10)).toBeNull();
    expect(fractionToBp(-0.1)).toBeNull();
  });

  it("fractionToBp answers null for garbage and too many decimals", () => {
    expect(fractionToBp("abc")).toBeNull();
    expect(fractionToBp("")).toBeNull();
    expect(fractionToBp("0.12345")).toBeNull();
    expect(fractionToBp(null)).toBeNull();
    expect(fractionToBp(undefined)).toBeNull();
    expect(fractionToBp(NaN)).toBeNull();
    expect(fractionToBp(true)).toBeNull();
    expect(fractionToBp({})).toBeNull();
    expect(fractionToBp(["0.1"])).toBeNull();
  });

  it("bpToFraction writes a fraction with 4 decimals", () => {
    expect(bpToFraction(1250)).toBe("0.1250");
    expect(bpToFraction(1000)).toBe("0.1000");
    expect(bpToFraction(1)).toBe("0.0001");
    expect(bpToFraction(0)).toBe("0.0000");
    expect(bpToFraction(10000)).toBe("1.0000");
  });

  it("percentToBp reads a form percent", () => {
    expect(percentToBp(12.5)).toBe(1250);
    expect(percentToBp(10)).toBe(1000);
    expect(percentToBp(0)).toBe(0);
    expect(percentToBp(100)).toBe(10000);
    expect(percentToBp(0.01)).toBe(1);
    expect(percentToBp(12.34)).toBe(1234);
    expect(percentToBp(4.35)).toBe(435);
  });

  it("formatRate shows a percent with trailing zeros dropped", () => {
    expect(formatRate(1250)).toBe("12.5%");
    expect(formatRate(1000)).toBe("10%");
    expect(formatRate(1234)).toBe("12.34%");
    expect(formatRate(1)).toBe("0.01%");
    expect(formatRate(0)).toBe("0%");
    expect(formatRate(10000)).toBe("100%");
  });
});

describe("versionForMonth: the rate in force for a month is the latest change effective on or before it", () => {
  const history = [
    { rateBp: 1000, effectiveMonth: FIRST_MONTH },
    { rateBp: 1250, effectiveMonth: "2026-03" },
    { rateBp: 1500, effectiveMonth: "2026-07" },
  ];

  it("the first rate's effective month is a YYYY-MM before every real month", () => {
    expect(FIRST_MONTH).toBe("0000-01");
    expect(FIRST_MONTH < "2020-01").toBe(true);
  });

  it("before the first change: the first rate", () => {
    expect(rateForMonth(history, "2026-02", 9999)).toBe(1000);
    expect(rateForMonth(history, "2020-01", 9999)).toBe(1000);
  });

  it("from the month a change is effective, including that month", () => {
    expect(rateForMonth(history, "2026-03", 9999)).toBe(1250);
    expect(rateForMonth(history, "2026-06", 9999)).toBe(1250);
    expect(rateForMonth(history, "2026-07", 9999)).toBe(1500);
  });

  it("after the last change: the last rate, not the partner's current one", () => {
    expect(rateForMonth(history, "2027-01", 9999)).toBe(1500);
  });

  it("months before the earliest recorded change use the earliest rate", () => {
    const later = [
      { rateBp: 1250, effectiveMonth: "2026-03" },
      { rateBp: 1500, effectiveMonth: "2026-07" },
    ];
    expect(rateForMonth(later, "2025-12", 9999)).toBe(1250);
  });

  it("reads the history in any order, and leaves it as it was", () => {
    const shuffled = [history[2], history[0], history[1]];
    expect(rateForMonth(shuffled, "2026-05", 9999)).toBe(1250);
    expect(rateForMonth(shuffled, "2026-01", 9999)).toBe(1000);
    expect(rateForMonth(shuffled, "2026-08", 9999)).toBe(1500);
    expect(shuffled.map((c) => c.effectiveMonth)).toEqual(["2026-07", FIRST_MONTH, "2026-03"]);
  });

  it("with no history: the partner's current rate", () => {
    expect(rateForMonth([], "2026-05", 1750)).toBe(1750);
  });
});
