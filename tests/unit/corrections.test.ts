/**
 * Corrections after payment (issue 29, points 1 and 2), pure: what late data changes in a paid month,
 * under the terms it was paid under, in exact pence; and how the change is worded.
 *
 * Formulas (ARCHITECTURE.md section 5): card fee = 2.99% of a record's revenue, rounded half-up per
 * record; net profit = revenue − COGS − card fee; a flat share = round half-up(net × rate) per record,
 * never below 0; the seed's tiers are marginal bands on the month's total net profit (15% of the first
 * £150.00, 20% of £150.00–£300.00, 30% above), each band rounded half-up. A refund nets off revenue and
 * adds no COGS.
 */
import { describe, expect, it } from "vitest";
import { adjustmentText, seedTerms, type AgreementRecord, type AgreementTerms } from "#domain/commissions/agreement-rules.ts";
import { paidMonthDifference } from "#domain/commissions/correction-rules.ts";
import { paidMonthChangeText, type PaidMonthChange } from "#domain/commissions/correction-words.ts";

const terms = (t: Partial<AgreementTerms> & Pick<AgreementTerms, "basis">): AgreementTerms => ({ rate: 0, tiers: [], minimumPence: null, capPence: null, products: [], ...t });
const record = (machineId: number, revenuePence: number, cogsPence: number, totalSales = 0): AgreementRecord => ({ machineId, revenuePence, cogsPence, totalSales });

const flat15 = seedTerms("profit-sharing", 1_500);
const flat10 = seedTerms("profit-sharing", 1_000);
const tiered = seedTerms("tiered-profit-sharing", 0);

describe("late sales on a flat share of net profit (15%)", () => {
  it("three late sales on the month's record: 1710 → 1740, +30", () => {
    // Before: revenue 20000, COGS 8000; fee 20000 × 2.99% = 598.0 → 598; net 11402; 15% = 1710.3 → 1710.
    // After (+3 × £1.10, cost 40p: +330 revenue, +120 COGS): revenue 20330, COGS 8120;
    //   fee 20330 × 2.99% = 607.867 → 608; net 20330 − 8120 − 608 = 11602; 15% = 1740.3 → 1740.
    // 1740 − 1710 = +30.
    expect(paidMonthDifference(flat15, [record(1, 20_000, 8_000)], [record(1, 20_330, 8_120)])).toBe(30);
  });

  it("the share is rounded half-up: 1710 → 1712 (1711.5), +2", () => {
    // After (+330 revenue, +312 COGS): revenue 20330, COGS 8312; fee 608 (607.867);
    //   net 20330 − 8312 − 608 = 11410; 15% = 1711.5 → 1712 half-up. 1712 − 1710 = +2.
    expect(paidMonthDifference(flat15, [record(1, 20_000, 8_000)], [record(1, 20_330, 8_312)])).toBe(2);
  });

  it("late sales of a machine that had no record that month add its own share: +150", () => {
    // Machine 1 unchanged: 1710. Machine 2's new record: revenue 1650, COGS 600;
    //   fee 1650 × 2.99% = 49.335 → 49; net 1650 − 600 − 49 = 1001; 15% = 150.15 → 150. +150.
    expect(paidMonthDifference(flat15, [record(1, 20_000, 8_000)], [record(1, 20_000, 8_000), record(2, 1_650, 600)])).toBe(150);
  });

  it("late sales on a record that made a loss change nothing until it makes a profit: 0", () => {
    // Before: revenue 1000, COGS 2000; fee 29.9 → 30; net −1030 → 0 (never below 0).
    // After (+500 revenue, +200 COGS): revenue 1500, COGS 2200; fee 44.85 → 45; net −745 → 0. 0 − 0 = 0.
    expect(paidMonthDifference(flat15, [record(1, 1_000, 2_000)], [record(1, 1_500, 2_200)])).toBe(0);
  });
});

describe("late sales on the seed's tiers (15/20/30% marginal bands)", () => {
  it("crossing from the first band into the second: 2028 → 2339, +311", () => {
    // Before: revenue 16000, COGS 2000; fee 16000 × 2.99% = 478.4 → 478; net 13522, all in the first band:
    //   13522 × 15% = 2028.3 → 2028.
    // After (+2500 revenue, +500 COGS): revenue 18500, COGS 2500; fee 553.15 → 553; net 15447:
    //   15000 × 15% = 2250; 447 × 20% = 89.4 → 89; 2250 + 89 = 2339.
    // 2339 − 2028 = +311.
    expect(paidMonthDifference(tiered, [record(1, 16_000, 2_000)], [record(1, 18_500, 2_500)])).toBe(311);
  });

  it("the bands are on the month's total: a loss on another machine keeps the month in the first band, +289", () => {
    // Machine 2: revenue 1000, COGS 2000; fee 29.9 → 30; net −1030.
    // Before: 13522 − 1030 = 12492; 12492 × 15% = 1873.8 → 1874.
    // After: 15447 − 1030 = 14417, still in the first band; 14417 × 15% = 2162.55 → 2163 (half-up).
    // 2163 − 1874 = +289.
    expect(paidMonthDifference(tiered, [record(1, 16_000, 2_000), record(2, 1_000, 2_000)], [record(1, 18_500, 2_500), record(2, 1_000, 2_000)])).toBe(289);
  });

  it("a late refund (negative revenue) into a paid tiered month: 5491 → 5178, −313", () => {
    // Before: revenue 40000, COGS 8000; fee 40000 × 2.99% = 1196.0 → 1196; net 30804:
    //   2250 (15000 × 15%) + 3000 (15000 × 20%) + 804 × 30% = 241.2 → 241; 5491.
    // After a refund of £12.00 (−1200 revenue, no COGS): revenue 38800, COGS 8000;
    //   fee 38800 × 2.99% = 1160.12 → 1160; net 38800 − 8000 − 1160 = 29640:
    //   2250 + 14640 × 20% = 2928; 5178.
    // 5178 − 5491 = −313.
    expect(paidMonthDifference(tiered, [record(1, 40_000, 8_000, 80)], [record(1, 38_800, 8_000, 80)])).toBe(-313);
  });
});

describe("late sales on a written agreement with a minimum (10% of net profit, at least £50.00 a month)", () => {
  const withMinimum = terms({ basis: "net-profit", rate: 1_000, minimumPence: 5_000 });
  // Before: revenue 30000, COGS 10000; fee 30000 × 2.99% = 897.0 → 897; net 19103; 10% = 1910.3 → 1910,
  //   under the minimum: the month came to 5000.
  const before = [record(1, 30_000, 10_000)];

  it("a late sale that leaves the minimum in force changes nothing: 0", () => {
    // After (+2000 revenue, +500 COGS): revenue 32000, COGS 10500; fee 956.8 → 957; net 20543;
    //   10% = 2054.3 → 2054, still under the minimum: 5000. 5000 − 5000 = 0.
    expect(paidMonthDifference(withMinimum, before, [record(1, 32_000, 10_500)])).toBe(0);
  });

  it("one that lifts the month above the minimum adds only the excess: +761", () => {
    // After (+50000 revenue, +10000 COGS): revenue 80000, COGS 20000; fee 80000 × 2.99% = 2392.0 → 2392;
    //   net 80000 − 20000 − 2392 = 57608; 10% = 5760.8 → 5761, above the minimum.
    // 5761 − 5000 = +761 (not 5761 − 1910).
    expect(paidMonthDifference(withMinimum, before, [record(1, 80_000, 20_000)])).toBe(761);
  });

  it("a cap already reached: late sales add nothing (10% capped at £50.00)", () => {
    // Before: 5761 (as above), capped at 5000. After (+5000 revenue, +1000 COGS): revenue 85000, COGS 21000;
    //   fee 2541.5 → 2542 (half-up); net 61458; 10% = 6145.8 → 6146, capped at 5000. 5000 − 5000 = 0.
    const capped = terms({ basis: "net-profit", rate: 1_000, capPence: 5_000 });
    expect(paidMonthDifference(capped, [record(1, 80_000, 20_000)], [record(1, 85_000, 21_000)])).toBe(0);
  });
});

describe("a record deleted from a paid month (after = the month without it)", () => {
  // Machine 1: revenue 10000, COGS 4000; fee 299 (299.0); net 5701.
  // Machine 2: revenue 5000, COGS 2000; fee 5000 × 2.99% = 149.5 → 150 (half-up); net 2850.
  const both = [record(1, 10_000, 4_000), record(2, 5_000, 2_000)];

  it("on a flat 10% share: 570 + 285 = 855 → 570, −285 (the deleted record's own share)", () => {
    // 5701 × 10% = 570.1 → 570; 2850 × 10% = 285. 570 − 855 = −285.
    expect(paidMonthDifference(flat10, both, [both[0]])).toBe(-285);
  });

  it("on the seed's tiers: 3300 → 2730, −570 (more than the record's share of the split, the bands being marginal)", () => {
    // Machine 1: revenue 20000, COGS 2000; fee 598; net 17402. With machine 2: 17402 + 2850 = 20252:
    //   2250 + 5252 × 20% = 1050.4 → 1050; 3300. Without it: 17402: 2250 + 2402 × 20% = 480.4 → 480; 2730.
    // 2730 − 3300 = −570.
    const records = [record(1, 20_000, 2_000), both[1]];
    expect(paidMonthDifference(tiered, records, [records[0]])).toBe(-570);
  });

  it("the month's only record: its whole commission, −570; under a minimum the month still comes to the minimum, 0", () => {
    expect(paidMonthDifference(flat10, [both[0]], [])).toBe(-570);
    // 10% of 19103 = 1910 → minimum 5000; no records → the minimum applies still: 5000. 0.
    expect(paidMonthDifference(terms({ basis: "net-profit", rate: 1_000, minimumPence: 5_000 }), [record(1, 30_000, 10_000)], [])).toBe(0);
  });

  it("a partner type that earns no commission (no terms): 0", () => {
    expect(paidMonthDifference(null, both, [both[0]])).toBe(0);
  });
});

describe("the words", () => {
  const change: PaidMonthChange = {
    partnerId: 7,
    partnerName: "Leeds Station Retail",
    month: "2026-10",
    paidPence: 3_215,
    paidDate: "2026-11-27",
    beforePence: 3_215,
    afterPence: 3_262,
    differencePence: 47,
    targetMonth: "2026-11",
  };

  it("paidMonthChangeText names the partner, the month, what it paid and when, the signed difference and where it goes", () => {
    expect(paidMonthChangeText(change)).toBe("Leeds Station Retail's October 2026 (paid £32.15 on 27/11/2026): +£0.47 to November 2026");
    expect(paidMonthChangeText({ ...change, differencePence: -313, targetMonth: "2027-01" })).toBe("Leeds Station Retail's October 2026 (paid £32.15 on 27/11/2026): −£3.13 to January 2027");
    expect(paidMonthChangeText({ ...change, paidDate: null, paidPence: 0, differencePence: 0 })).toBe("Leeds Station Retail's October 2026 (paid £0.00): +£0.00 to November 2026");
  });

  it("adjustmentText gives the late-sales and record-deleted reasons in the agreements' wording", () => {
    expect(adjustmentText({ forMonth: "2026-10", amountPence: 47, reason: "late_sales" })).toBe("Adjustment for October 2026 (late sales): +£0.47");
    expect(adjustmentText({ forMonth: "2026-10", amountPence: -285, reason: "record_deleted" })).toBe("Adjustment for October 2026 (record deleted): −£2.85");
    expect(adjustmentText({ forMonth: "2026-08", amountPence: 292, reason: "agreement" })).toBe("Adjustment for August 2026 (new agreement): +£2.92");
    expect(adjustmentText({ forMonth: "2026-09", amountPence: -108, reason: "carried" })).toBe("Carried from September 2026: −£1.08");
  });
});
