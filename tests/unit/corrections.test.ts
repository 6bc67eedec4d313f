/**
 * Corrections after payment, pure: what late data changes in a paid month,
 * under the terms it was paid under, in exact pence; and how the change is worded.
 *
 * Formulas (ARCHITECTURE.md section 5): card fee = 2.99% of a record's revenue, rounded half-up per
 * record; net profit = revenue − COGS − card fee; a flat share = round half-up(net × rate) per record,
 * never below 0; the seed's tiers are marginal bands on the month's total net profit (15% of the first
 * £150.00, 20% of £150.00–£300.00, 30% above), each band rounded half-up. A refund nets off revenue and
 * adds no COGS.
 */
import { describe, expect, it } from "vitest";
import { adjustmentText } from "#domain/agreements/agreement-words.ts";
import { seedTerms, type AgreementRecord, type AgreementTerms } from "#domain/agreements/agreement-rules.ts";
import {
  moneyPaidFrom,
  paidMonthDifference,
  paymentNotes,
  repayment,
  standingAdjustments,
} from "#domain/commissions/correction-rules.ts";
import {
  paidMonthChangeText,
  repaymentText,
  sentOnText,
  type PaidMonthChange,
} from "#domain/commissions/correction-words.ts";
import { BACS_MAX, topUpReference } from "#domain/commissions/bacs-rules.ts";
import { payoutLineFigures } from "#domain/payouts/payout-rules.ts";
import { assertFileAmounts } from "#domain/payouts/payout-service.ts";
import { markPaidQuestion } from "#app/components/partners/commission-questions.ts";

const terms = (t: Partial<AgreementTerms> & Pick<AgreementTerms, "basis">): AgreementTerms => ({
  rate: 0,
  tiers: [],
  minimumPence: null,
  capPence: null,
  products: [],
  ...t,
});
const record = (machineId: number, revenuePence: number, cogsPence: number, totalSales = 0): AgreementRecord => ({
  machineId,
  revenuePence,
  cogsPence,
  totalSales,
});

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
    expect(
      paidMonthDifference(flat15, [record(1, 20_000, 8_000)], [record(1, 20_000, 8_000), record(2, 1_650, 600)]),
    ).toBe(150);
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
    expect(
      paidMonthDifference(
        tiered,
        [record(1, 16_000, 2_000), record(2, 1_000, 2_000)],
        [record(1, 18_500, 2_500), record(2, 1_000, 2_000)],
      ),
    ).toBe(289);
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
    expect(
      paidMonthDifference(
        terms({ basis: "net-profit", rate: 1_000, minimumPence: 5_000 }),
        [record(1, 30_000, 10_000)],
        [],
      ),
    ).toBe(0);
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
    expect(paidMonthChangeText(change)).toBe(
      "Leeds Station Retail's October 2026 (paid £32.15 on 27/11/2026): +£0.47 to November 2026",
    );
    expect(paidMonthChangeText({ ...change, differencePence: -313, targetMonth: "2027-01" })).toBe(
      "Leeds Station Retail's October 2026 (paid £32.15 on 27/11/2026): −£3.13 to January 2027",
    );
    expect(paidMonthChangeText({ ...change, paidDate: null, paidPence: 0, differencePence: 0 })).toBe(
      "Leeds Station Retail's October 2026 (paid £0.00): +£0.00 to November 2026",
    );
  });

  it("adjustmentText gives the late-sales and record-deleted reasons in the agreements' wording", () => {
    expect(adjustmentText({ forMonth: "2026-10", amountPence: 47, reason: "late_sales" })).toBe(
      "Adjustment for October 2026 (late sales): +£0.47",
    );
    expect(adjustmentText({ forMonth: "2026-10", amountPence: -285, reason: "record_deleted" })).toBe(
      "Adjustment for October 2026 (record deleted): −£2.85",
    );
    expect(adjustmentText({ forMonth: "2026-08", amountPence: 292, reason: "agreement" })).toBe(
      "Adjustment for August 2026 (new agreement): +£2.92",
    );
    expect(adjustmentText({ forMonth: "2026-09", amountPence: -108, reason: "carried" })).toBe(
      "Carried from September 2026: −£1.08",
    );
  });
});

/* A month reopened by Reset Month and paid again pays only what it now comes to minus what was paid. */

describe("a reset month paid again", () => {
  it("at a higher figure: 10% of net, revenue 100.00 → 105.00 (COGS 40.00): 570 paid, now 619, pays 49", () => {
    // Before: fee 10000 × 2.99% = 299.0 → 299; net 5701; 10% = 570.1 → 570.
    // After: fee 10500 × 2.99% = 313.95 → 314; net 10500 − 4000 − 314 = 6186; 10% = 618.6 → 619.
    const before = paidMonthDifference(flat10, [], [record(1, 10_000, 4_000)]);
    const after = paidMonthDifference(flat10, [], [record(1, 10_500, 4_000)]);
    expect([before, after]).toEqual([570, 619]);
    expect(repayment(after, before)).toEqual({ payPence: 49, carriedPence: 0 });
  });

  it("at a lower figure: revenue 90.00: 570 paid, now 473, pays 0 and carries −97", () => {
    // fee 9000 × 2.99% = 269.1 → 269; net 9000 − 4000 − 269 = 4731; 10% = 473.1 → 473.
    expect(paidMonthDifference(flat10, [], [record(1, 9_000, 4_000)])).toBe(473);
    expect(repayment(473, 570)).toEqual({ payPence: 0, carriedPence: -97 });
  });

  it("on the seed's tiers after a late sale crossed a band: paid 2250 (net 150.00), now 2450 (net 160.00), pays 200", () => {
    // 15% of 15000 = 2250; at 16000: 2250 + 20% of 1000 = 2450.
    expect(repayment(2_450, 2_250)).toEqual({ payPence: 200, carriedPence: 0 });
  });

  it("the same figure pays nothing and carries nothing; a first payment is the whole month", () => {
    expect(repayment(570, 570)).toEqual({ payPence: 0, carriedPence: 0 });
    expect(repayment(570, 0)).toEqual({ payPence: 570, carriedPence: 0 });
  });

  it("money paid sums every transfer; its date is the latest that sent money (a £0.00 top-up sends none)", () => {
    expect(moneyPaidFrom([])).toEqual({ pence: 0, lastPaidDate: null });
    expect(
      moneyPaidFrom([
        { amountPence: 570, paidDate: "2026-10-05" },
        { amountPence: 49, paidDate: "2026-10-20" },
        { amountPence: 0, paidDate: "2026-10-25" },
      ]),
    ).toEqual({ pence: 619, lastPaidDate: "2026-10-20" });
  });
});

describe("the words of money paid", () => {
  it("names both figures, as the issue says them", () => {
    expect(repaymentText("2026-10", 3_262, { pence: 3_215, lastPaidDate: "2026-11-27" })).toBe(
      "October 2026: £32.62, already paid £32.15 on 27/11/2026, now £0.47",
    );
    expect(repaymentText("2026-09", 473, { pence: 570, lastPaidDate: "2026-10-05" })).toBe(
      "September 2026: £4.73, already paid £5.70 on 05/10/2026, now −£0.97",
    );
    // Paid exactly what it comes to (nothing left, no sign), by a payment without a date of money sent.
    expect(repaymentText("2026-10", 3_215, { pence: 3_215, lastPaidDate: null })).toBe(
      "October 2026: £32.15, already paid £32.15, now £0.00",
    );
  });

  it("what a paid month sent on, by reason", () => {
    expect(sentOnText({ month: "2026-11", amountPence: 47, reason: "late_sales" })).toBe(
      "Late sales after payment: +£0.47, added to November 2026",
    );
    expect(sentOnText({ month: "2026-11", amountPence: -570, reason: "record_deleted" })).toBe(
      "Record deleted after payment: −£5.70, added to November 2026",
    );
    expect(sentOnText({ month: "2026-11", amountPence: -97, reason: "repaid" })).toBe(
      "Paid over, carried: −£0.97, added to November 2026",
    );
    expect(sentOnText({ month: "2026-12", amountPence: 100, reason: "something_new" })).toBe(
      "Adjustment: +£1.00, added to December 2026",
    );
    expect(adjustmentText({ forMonth: "2026-09", amountPence: -97, reason: "repaid" })).toBe(
      "Adjustment for September 2026 (paid again): −£0.97",
    );
    expect(adjustmentText({ forMonth: "2026-11", amountPence: 97, reason: "written_off" })).toBe(
      "Adjustment for November 2026 (written off): +£0.97",
    );
  });

  it("a reversal by Reset Month cancels what it reverses; other rows stand", () => {
    const rows = [
      { id: 1, amountPence: 47, reason: "late_sales" },
      { id: 2, amountPence: -108, reason: "carried" },
      { id: 3, amountPence: -47, reason: "late_sales" },
      { id: 4, amountPence: 19, reason: "late_sales" },
    ];
    expect(standingAdjustments(rows).map((r) => r.id)).toEqual([2, 4]);
  });

  it("pairs each row with the first later row of its reason and the opposite amount, once; in id order", () => {
    const row = (id: number, amountPence: number, reason = "late_sales") => ({ id, amountPence, reason });
    const ids = (rows: ReturnType<typeof row>[]) => standingAdjustments(rows).map((r) => r.id);
    expect(ids([row(7, 10, "a"), row(5, 20, "b"), row(6, 30, "c")])).toEqual([5, 6, 7]);
    // Two payments and their two reversals: each reversal takes one row only.
    expect(ids([row(1, 30), row(2, 30), row(3, -30), row(4, -30)])).toEqual([]);
    expect(ids([row(1, 30), row(2, -30), row(3, 30)])).toEqual([3]);
    // Another reason, another amount, or nothing at all never cancels.
    expect(ids([row(1, 30), row(2, -30, "record_deleted")])).toEqual([1, 2]);
    expect(ids([row(1, 30), row(2, -40)])).toEqual([1, 2]);
    expect(ids([row(1, 0), row(2, 0)])).toEqual([1, 2]);
    expect(ids([row(1, 30, "a"), row(2, 50, "b")])).toEqual([1, 2]);
  });

  it("the notes of a month: an open month money was paid for, a paid month topped up, what it sent on", () => {
    const base = { month: "2026-10", totals: { commissionPence: 3_262 }, sentOn: [] };
    expect(
      paymentNotes({
        ...base,
        payment: { status: "pending", amountPence: null },
        transfers: [{ amountPence: 3_215, paidDate: "2026-11-27" }],
      }),
    ).toEqual(["October 2026: £32.62, already paid £32.15 on 27/11/2026, now £0.47"]);
    expect(
      paymentNotes({
        ...base,
        payment: { status: "completed", amountPence: 3_262 },
        transfers: [
          { amountPence: 3_215, paidDate: "2026-11-27" },
          { amountPence: 47, paidDate: "2026-11-30" },
        ],
        sentOn: [{ month: "2026-12", amountPence: 12, reason: "late_sales" }],
      }),
    ).toEqual([
      "October 2026: £32.62, already paid £32.15 on 27/11/2026, now £0.47",
      "Late sales after payment: +£0.12, added to December 2026",
    ]);
    expect(
      paymentNotes({
        ...base,
        payment: { status: "completed", amountPence: 3_262 },
        transfers: [{ amountPence: 3_262, paidDate: "2026-11-27" }],
      }),
    ).toEqual([]);
    expect(paymentNotes({ ...base, payment: { status: "not_applicable", amountPence: null }, transfers: [] })).toEqual(
      [],
    );
  });

  it("the notes: a month with nothing paid says nothing; the figures before the last transfer, at the month's paid amount", () => {
    const base = { month: "2026-10", totals: { commissionPence: 9_999 }, sentOn: [] };
    const sentOn = [{ month: "2026-12", amountPence: 12, reason: "late_sales" }];
    expect(paymentNotes({ ...base, payment: { status: "pending", amountPence: null }, transfers: [] })).toEqual([]);
    // A partner type without commission says nothing, whatever was sent on.
    expect(
      paymentNotes({ ...base, payment: { status: "not_applicable", amountPence: null }, transfers: [], sentOn }),
    ).toEqual([]);
    expect(
      paymentNotes({
        ...base,
        payment: { status: "completed", amountPence: 3_262 },
        transfers: [
          { amountPence: 3_000, paidDate: "2026-11-20" },
          { amountPence: 215, paidDate: "2026-11-27" },
          { amountPence: 47, paidDate: "2026-11-30" },
        ],
      }),
    ).toEqual(["October 2026: £32.62, already paid £32.15 on 27/11/2026, now £0.47"]);
  });

  it("money paid: refunds of a transfer count against the sum, and dates are compared whatever their order", () => {
    expect(
      moneyPaidFrom([
        { amountPence: 100, paidDate: "2026-11-03" },
        { amountPence: 200, paidDate: "2026-11-01" },
        { amountPence: -50, paidDate: "2026-12-05" },
      ]),
    ).toEqual({ pence: 250, lastPaidDate: "2026-11-03" });
  });

  it("the Mark as Paid question names both figures for a month paid before", () => {
    expect(markPaidQuestion("Leeds Station Retail", "2026-10", "£32.62").description).toBe(
      "£32.62 is recorded as paid today, and October 2026 is closed for Leeds Station Retail: its figures are locked until the month is reset.",
    );
    expect(
      markPaidQuestion("Leeds Station Retail", "2026-10", "£32.62", {
        monthPence: 3_262,
        paid: { pence: 3_215, lastPaidDate: "2026-11-27" },
      }).description,
    ).toBe(
      "October 2026: £32.62, already paid £32.15 on 27/11/2026, now £0.47. £0.47 more is recorded as paid today, and October 2026 is closed for Leeds Station Retail: its figures are locked until the month is reset.",
    );
    expect(
      markPaidQuestion("Leeds", "2026-09", "£4.73", {
        monthPence: 473,
        paid: { pence: 570, lastPaidDate: "2026-10-05" },
      }).description,
    ).toContain("Nothing more is paid; £0.97 paid over is carried to the next month");
  });
});

describe("the top-up on the bank file", () => {
  it("its reference is <PREFIX> ADJ YYYY-MM, within the Bacs 18 characters", () => {
    expect(topUpReference("2026-10", "VB")).toBe("VB ADJ 2026-10");
    expect(topUpReference("2026-10", "NVS&C")).toBe("NVS&C ADJ 2026-10");
    expect(topUpReference("2026-10", "NVS&C").length).toBeLessThanOrEqual(BACS_MAX);
  });

  it("a line's figures: the amount alone, or both figures for a top-up", () => {
    expect(
      payoutLineFigures(
        { amountPence: 3_262, monthPence: 3_262, alreadyPaidPence: 0, alreadyPaidDate: null },
        "2026-10",
      ),
    ).toBe("£32.62");
    expect(
      payoutLineFigures(
        { amountPence: 47, monthPence: 3_262, alreadyPaidPence: 3_215, alreadyPaidDate: "2026-11-27" },
        "2026-10",
      ),
    ).toBe("October 2026: £32.62, already paid £32.15 on 27/11/2026, now £0.47");
  });

  it("marking a batch paid refuses an amount that changed since the file was made, naming the partner and both amounts", () => {
    const line = {
      partnerId: 7,
      partnerName: "Leeds Station Retail",
      amountPence: 3_262,
      reference: "VB COMM 2026-10",
    } as Parameters<typeof assertFileAmounts>[0][number];
    expect(() => assertFileAmounts([line], new Map([[7, { amountPence: 3_262 }]]), "2026-10")).not.toThrow();
    expect(() => assertFileAmounts([line], new Map(), "2026-10")).not.toThrow();
    expect(() => assertFileAmounts([line], new Map([[7, { amountPence: 3_215 }]]), "2026-10")).toThrow(
      "Leeds Station Retail's commission for October 2026 changed since the bank file was made: the file pays £32.15, it now comes to £32.62. Download the bank file again before marking the batch paid.",
    );
    // A file made before Reset Month (VB COMM) for the amount a top-up (VB ADJ) now sends is a change too.
    const topUp = { ...line, amountPence: 47, reference: "VB ADJ 2026-10" };
    expect(() =>
      assertFileAmounts([topUp], new Map([[7, { amountPence: 47, reference: "VB COMM 2026-10" }]]), "2026-10"),
    ).toThrow(
      "Leeds Station Retail's commission for October 2026 changed since the bank file was made: the file pays £0.47 (VB COMM 2026-10), it now comes to £0.47 (VB ADJ 2026-10). Download the bank file again before marking the batch paid.",
    );
  });
});
