/**
 * Texts a person expects: the admin dashboard once every partner is paid, a partner with no active
 * machine, the month Add Monthly Record adds to, and the agreement a payment used. Exact words and pence.
 */
import { describe, expect, it } from "vitest";
import { payablesNote } from "#domain/commissions/payables-words.ts";
import { reportsText, waitingText } from "#domain/commissions/money-status-rules.ts";
import { monthAlreadyHasText } from "#domain/imports/import-words.ts";
import { agreementUsedText } from "#domain/agreements/agreement-words.ts";
import { SEED_TIERS, type AgreementTerms } from "#domain/agreements/agreement-rules.ts";

describe("the admin dashboard's payables in words", () => {
  const month = "2026-10";
  it("every partner due is paid: says so for the month", () => {
    expect(payablesNote({ month, readyPence: 0, applicable: 3, ready: 0, paid: 3 })).toBe(
      "All partners paid for October 2026",
    );
  });
  it("some ready: the money ready and the partners paid", () => {
    expect(payablesNote({ month, readyPence: 570, applicable: 2, ready: 1, paid: 0 })).toBe(
      "£5.70 ready to pay (1 partner with every machine reported) · 0 of 2 profit-sharing partners paid",
    );
    expect(payablesNote({ month, readyPence: 123_456, applicable: 1_200, ready: 2, paid: 1 })).toBe(
      "£1,234.56 ready to pay (2 partners with every machine reported) · 1 of 1,200 profit-sharing partners paid",
    );
  });
  it("none ready but some unpaid: they wait for machine reports", () => {
    expect(payablesNote({ month, readyPence: 0, applicable: 3, ready: 0, paid: 1 })).toBe(
      "Nothing ready to pay: 2 partners waiting for machine reports · 1 of 3 profit-sharing partners paid",
    );
  });
  it("no profit-sharing partner", () => {
    expect(payablesNote({ month, readyPence: 0, applicable: 0, ready: 0, paid: 0 })).toBe("No profit-sharing partners");
  });
});

describe("a partner's machine reports in words", () => {
  it("no active machine: says so rather than 0 of 0", () => {
    expect(reportsText(0, 0, "2026-10")).toBe("No active machines");
    expect(waitingText(0, 0)).toBe("No active machines");
  });
  it("some active: how many reported", () => {
    expect(reportsText(2, 1, "2026-10")).toBe("1 of 2 active machines reported for October 2026");
    expect(reportsText(1, 1, "2026-10")).toBe("1 of 1 active machine reported for October 2026");
    expect(reportsText(1_500, 1_200, "2026-09")).toBe("1,200 of 1,500 active machines reported for September 2026");
  });
});

describe("Add Monthly Record: what the month already has", () => {
  it("a month with data: its transactions and revenue from the database", () => {
    expect(monthAlreadyHasText("2026-10", { transactions: 44, revenuePence: 6_150 })).toBe(
      "October 2026 already has 44 transactions (£61.50) on this machine; the file adds only what is new",
    );
    expect(monthAlreadyHasText("2026-10", { transactions: 1, revenuePence: 150 })).toBe(
      "October 2026 already has 1 transaction (£1.50) on this machine; the file adds only what is new",
    );
    expect(monthAlreadyHasText("2026-10", { transactions: 12_345, revenuePence: 1_234_567 })).toBe(
      "October 2026 already has 12,345 transactions (£12,345.67) on this machine; the file adds only what is new",
    );
  });
  it("a month with no record or no transactions: nothing to say", () => {
    expect(monthAlreadyHasText("2026-10", null)).toBeNull();
    expect(monthAlreadyHasText("2026-10", { transactions: 0, revenuePence: 0 })).toBeNull();
  });
});

describe("the agreement a payment used", () => {
  const flat = (over: Partial<AgreementTerms> = {}): AgreementTerms => ({
    basis: "net-profit",
    rate: 1500,
    tiers: [],
    minimumPence: null,
    capPence: null,
    products: [],
    ...over,
  });
  const standard = SEED_TIERS.map((b) => ({ ...b }));
  it("a flat share of net profit: its rate", () => {
    expect(agreementUsedText(flat())).toBe("at 15%");
    expect(agreementUsedText(flat({ rate: 1250 }))).toBe("at 12.5%");
  });
  it("tiers: the standard ones or custom, never the unused flat rate", () => {
    expect(agreementUsedText(flat({ rate: 1000, tiers: standard }))).toBe("under the standard tiers");
    expect(agreementUsedText(flat({ rate: 1000, tiers: [{ upTo: null, rate: 2500 }] }))).toBe(
      "under custom tiers on net profit",
    );
    expect(agreementUsedText(flat({ basis: "gross-sales", tiers: standard }))).toBe(
      "under custom tiers on gross sales",
    );
    expect(agreementUsedText(flat({ basis: "per-item", tiers: [{ upTo: null, rate: 5 }] }))).toBe(
      "under custom tiers per item sold",
    );
  });
  it("a flat rate on another basis", () => {
    expect(agreementUsedText(flat({ basis: "gross-sales", rate: 1000 }))).toBe("at 10% of gross sales");
    expect(agreementUsedText(flat({ basis: "per-item", rate: 5 }))).toBe("at £0.05 per item sold");
    expect(agreementUsedText(flat({ basis: "per-machine", rate: 2_500 }))).toBe("at £25.00 per machine");
  });
  it("product rules, a minimum and a cap are named beside it", () => {
    const products = [
      { match: "Coke", basis: "per-item" as const, rate: 10 },
      { match: "Water", basis: "gross-sales" as const, rate: 500 },
    ];
    expect(agreementUsedText(flat({ products }))).toBe("at 15% of net profit with 2 product rules");
    expect(agreementUsedText(flat({ minimumPence: 2_000 }))).toBe("at 15% of net profit with a £20.00 minimum");
    expect(
      agreementUsedText(
        flat({ tiers: standard, products: products.slice(0, 1), minimumPence: 2_000, capPence: 50_000 }),
      ),
    ).toBe("under the standard tiers with 1 product rule, a £20.00 minimum and a £500.00 cap");
  });
  it("no agreement", () => {
    expect(agreementUsedText(null)).toBe("under no commission agreement");
  });
});
