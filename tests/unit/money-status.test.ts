/**
 * Where a partner's month's money is (the partner dashboard), pure: paid with each payment's amount,
 * date and stored reference; due once every active machine has reported (less money already paid for
 * a reopened month); waiting for N of M machine reports; month to date while it runs. And the working
 * the dashboard and the admin's card show: revenue − COGS − 2.99% card fee = net profit, the lines.
 */
import { describe, expect, it } from "vitest";
import { monthMoney, paidText, waitingText, type MonthMoneyFacts } from "#domain/commissions/money-status-rules.ts";
import { monthWorking, shareOfText } from "#domain/commissions/month-working.ts";
import { partnerMonthFrom } from "#domain/commissions/partner-month.ts";
import { seedTerms } from "#domain/agreements/agreement-rules.ts";

const base: MonthMoneyFacts = {
  ended: true,
  complete: true,
  activeMachines: 2,
  submittedReports: 2,
  totals: { commissionPence: 3215 },
  payment: { status: "pending", paidDate: null, amountPence: null },
  transfers: [],
};

describe("monthMoney", () => {
  it("says a paid month's payment with its date and the reference it was stored with", () => {
    const m = monthMoney({
      ...base,
      totals: { commissionPence: 3262 },
      payment: { status: "completed", paidDate: "2026-11-27", amountPence: 3215 },
      transfers: [{ amountPence: 3215, paidDate: "2026-11-27", reference: "ACME COMM 2026-10" }],
    });
    expect(m).toEqual({
      state: "paid",
      amountPence: 3215,
      lines: ["Paid £32.15 on 27/11/2026, reference ACME COMM 2026-10"],
    });
  });

  it("names each payment of a month paid again (a top-up), and leaves out a £0.00 transfer", () => {
    const m = monthMoney({
      ...base,
      payment: { status: "completed", paidDate: "2026-12-02", amountPence: 3262 },
      transfers: [
        { amountPence: 3215, paidDate: "2026-11-27", reference: "VB COMM 2026-10" },
        { amountPence: 47, paidDate: "2026-12-02", reference: "VB ADJ 2026-10" },
        { amountPence: 0, paidDate: "2026-12-03", reference: "VB ADJ 2026-10" },
      ],
    });
    expect(m.lines).toEqual([
      "Paid £32.15 on 27/11/2026, reference VB COMM 2026-10",
      "Paid £0.47 on 02/12/2026, reference VB ADJ 2026-10",
    ]);
    expect(m.amountPence).toBe(3262);
  });

  it("says a month closed with nothing sent, and an older payment without money paid by its snapshot", () => {
    expect(
      monthMoney({
        ...base,
        payment: { status: "completed", paidDate: "2026-11-27", amountPence: 0 },
        transfers: [{ amountPence: 0, paidDate: "2026-11-27", reference: "VB COMM 2026-10" }],
      }).lines,
    ).toEqual(["Nothing to pay: closed on 27/11/2026"]);
    expect(
      monthMoney({ ...base, payment: { status: "completed", paidDate: "2026-11-27", amountPence: 1140 } }).lines,
    ).toEqual(["Paid £11.40 on 27/11/2026"]);
  });

  it("is due once every active machine has reported, less what was already paid for a reopened month", () => {
    expect(monthMoney(base)).toEqual({
      state: "due",
      amountPence: 3215,
      lines: ["Due £32.15: all machine reports are in"],
    });
    const reopened = monthMoney({
      ...base,
      totals: { commissionPence: 3262 },
      transfers: [{ amountPence: 3215, paidDate: "2026-11-27", reference: "VB COMM 2026-10" }],
    });
    expect(reopened.lines).toEqual(["Due £0.47: all machine reports are in"]);
    const over = monthMoney({
      ...base,
      totals: { commissionPence: 3000 },
      transfers: [{ amountPence: 3215, paidDate: "2026-11-27", reference: "VB COMM 2026-10" }],
    });
    expect(over.amountPence).toBe(0);
  });

  it("waits for the machines still to report, and says month to date while the month runs", () => {
    expect(monthMoney({ ...base, complete: false, submittedReports: 1 })).toEqual({
      state: "waiting",
      amountPence: 3215,
      lines: ["Waiting for 1 of 2 machine reports"],
    });
    expect(monthMoney({ ...base, ended: false, complete: false, submittedReports: 0 })).toEqual({
      state: "month_to_date",
      amountPence: 3215,
      lines: ["Month to date"],
    });
    expect(waitingText(0, 0)).toBe("No active machines");
    expect(paidText({ amountPence: 5, paidDate: null })).toBe("Paid £0.05");
  });
});

describe("monthWorking", () => {
  it("gives the month's revenue, COGS, card fee and net profit with the agreement's lines", () => {
    // Revenue £100.00, COGS £40.00: card fee round(2.99) = £2.99, net £57.01; 15% → £8.55 (8.5515 half-up).
    const pm = partnerMonthFrom(
      { id: 1, username: "p", name: "P", email: null, billingAddress: null, partnerType: "profit-sharing" },
      "2026-10",
      [{ id: 7, location: "Leeds Station", status: "active" }],
      [{ id: 70, machineId: 7, totalSales: 40, revenuePence: 10_000, cogsPence: 4_000 }],
      { terms: seedTerms("profit-sharing", 1500), rateBp: 1500 },
      null,
      [{ id: 1, forMonth: "2026-09", amountPence: 47, reason: "late_sales" }],
    );
    const working = monthWorking(pm);
    expect(working.figures).toEqual({
      revenuePence: 10_000,
      cogsPence: 4_000,
      cardFeePence: 299,
      netProfitPence: 5_701,
    });
    expect(working.lines).toEqual(["Leeds Station: Net profit: £57.01 × 15% = £8.55"]);
    expect(working.agreementPence).toBe(855);
    expect(working.adjustments).toEqual([{ forMonth: "2026-09", amountPence: 47, reason: "late_sales" }]);
    expect(pm.totals.commissionPence).toBe(902);
  });

  it("says what the share is of: a flat share's rate of net profit, tiers on net profit, other terms", () => {
    expect(shareOfText(seedTerms("profit-sharing", 1500), 21_433)).toBe("15% of £214.33 net profit");
    expect(shareOfText(seedTerms("tiered-profit-sharing", 0), 46_548)).toBe("Tiered commission on £465.48 net profit");
    expect(shareOfText({ ...seedTerms("profit-sharing", 1000)!, basis: "gross-sales" }, -500)).toBe(
      "Under the agreement; net profit -£5.00",
    );
    expect(shareOfText(null, 0)).toBe("Under the agreement; net profit £0.00");
  });
});
