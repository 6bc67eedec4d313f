import { describe, expect, it } from "vitest";
import {
  PARTNER_TYPES,
  initials,
  isProfitSharingType,
  partnerTypeLabel,
} from "#domain/partners.ts";

// Spec §4: partner types and labels. The partner payment status is the account state of
// ARCHITECTURE §11 (accountState in domain/invoices.ts), tested in invoices.test.ts.

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
