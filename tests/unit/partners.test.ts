import { describe, expect, it } from "vitest";
import {
  PARTNER_TYPES,
  initials,
  isProfitSharingType,
  partnerPaymentStatus,
  partnerTypeLabel,
} from "#domain/partners.ts";

// Spec §4: partner types and labels; partner payment status 'Up to date' when a last payment
// exists and next payment due is after now; otherwise 'Payment due'.

describe("Partner types and their labels", () => {
  it("has the four types", () => {
    expect(PARTNER_TYPES).toEqual(["profit-sharing", "tiered-profit-sharing", "non-profit-sharing", "fee-paying"]);
  });

  it("labels each type exactly as the spec", () => {
    expect(partnerTypeLabel("profit-sharing")).toBe("Profit Sharing");
    expect(partnerTypeLabel("tiered-profit-sharing")).toBe("Tiered Profit Sharing");
    expect(partnerTypeLabel("non-profit-sharing")).toBe("Non-Profit Sharing");
    expect(partnerTypeLabel("fee-paying")).toBe("Fee Paying");
  });
});

describe("Profit-sharing types are profit-sharing and tiered", () => {
  it("counts profit-sharing and tiered", () => {
    expect(isProfitSharingType("profit-sharing")).toBe(true);
    expect(isProfitSharingType("tiered-profit-sharing")).toBe(true);
  });

  it("does not count non-profit-sharing and fee-paying", () => {
    expect(isProfitSharingType("non-profit-sharing")).toBe(false);
    expect(isProfitSharingType("fee-paying")).toBe(false);
  });
});

describe("Partner payment status: 'Up to date' when a last payment exists and next payment due is after now", () => {
  const now = new Date("2027-03-01T00:00:00Z");

  it("is 'Up to date' when paid and next due is after now", () => {
    expect(partnerPaymentStatus({ lastPaymentDate: "2027-02-10", nextPaymentDue: "2027-03-02" }, now)).toBe("Up to date");
    expect(
      partnerPaymentStatus({ lastPaymentDate: "2027-02-10", nextPaymentDue: "2027-03-01T00:00:01Z" }, now),
    ).toBe("Up to date");
  });

  it("is 'Payment due' when next due equals now", () => {
    expect(partnerPaymentStatus({ lastPaymentDate: "2027-02-10", nextPaymentDue: "2027-03-01" }, now)).toBe("Payment due");
    expect(
      partnerPaymentStatus({ lastPaymentDate: "2027-02-10", nextPaymentDue: "2027-03-01T00:00:00Z" }, now),
    ).toBe("Payment due");
  });

  it("is 'Payment due' when next due has passed", () => {
    expect(partnerPaymentStatus({ lastPaymentDate: "2027-01-10", nextPaymentDue: "2027-02-28" }, now)).toBe("Payment due");
  });

  it("reads a due day as UTC midnight", () => {
    const lastMinuteOfFebruary = new Date("2027-02-28T23:59:59Z");
    expect(
      partnerPaymentStatus({ lastPaymentDate: "2027-02-10", nextPaymentDue: "2027-03-01" }, lastMinuteOfFebruary),
    ).toBe("Up to date");
  });

  it("is 'Payment due' without a last payment, even if next due is in the future", () => {
    expect(partnerPaymentStatus({ lastPaymentDate: null, nextPaymentDue: "2027-04-01" }, now)).toBe("Payment due");
  });

  it("is 'Payment due' without a next due date", () => {
    expect(partnerPaymentStatus({ lastPaymentDate: "2027-02-10", nextPaymentDue: null }, now)).toBe("Payment due");
  });

  it("is 'Payment due' with neither date", () => {
    expect(partnerPaymentStatus({ lastPaymentDate: null, nextPaymentDue: null }, now)).toBe("Payment due");
  });

  it("is 'Payment due' when next due is not a date", () => {
    expect(partnerPaymentStatus({ lastPaymentDate: "2027-02-10", nextPaymentDue: "garbage" }, now)).toBe("Payment due");
  });
});

describe("Initials for the avatar: from the name, falling back to the username", () => {
  it("takes the first letters of the first and last words of the name", () => {
    expect(initials("Jane Smith", "jsmith")).toBe("JS");
    expect(initials("mary ann lee", "mal")).toBe("ML");
    expect(initials("  Jane   Smith  ", "jsmith")).toBe("JS");
  });

  it("takes the first two letters of a single-word name", () => {
    expect(initials("Madonna", "m")).toBe("MA");
  });

  it("falls back to the username when the name is missing or blank", () => {
    expect(initials(null, "alice")).toBe("AL");
    expect(initials(undefined, "bob")).toBe("BO");
    expect(initials("   ", "carol")).toBe("CA");
  });
});
