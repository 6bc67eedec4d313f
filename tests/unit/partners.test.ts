import { describe, expect, it } from "vitest";
import {
  PARTNER_TYPES,
  initials,
  isProfitSharingType,
  matchesPartner,
  partnerTypeLabel,
} from "#domain/partners/partner-rules.ts";

// Spec §4: partner types and labels. The partner payment status is the account state of
// ARCHITECTURE §11 (accountState in domain/invoices/invoice-rules.ts), tested in invoices.test.ts.

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
    expect(initials(null, "  dave ")).toBe("DA");
  });

  it("reads words split by any run of spaces, tabs or line breaks", () => {
    expect(initials("Jane\tvan  der\nSmith", "j")).toBe("JS");
  });
});

describe("The admin's partner search: name or username contains the query, ignoring case", () => {
  const jane = { name: "Jane Smith", username: "jsmith" };
  const nameless = { name: null, username: "Corner Shop" };

  it("an empty or blank query matches everyone", () => {
    expect(matchesPartner(jane, "")).toBe(true);
    expect(matchesPartner(nameless, "   ")).toBe(true);
  });

  it("matches part of the name or of the username, in any case, the query trimmed", () => {
    expect(matchesPartner(jane, "SMI")).toBe(true);
    expect(matchesPartner(jane, " ane s ")).toBe(true);
    expect(matchesPartner({ name: "JANE", username: "x" }, "jane")).toBe(true);
    expect(matchesPartner({ name: "Other", username: "JSMITH" }, "jsm")).toBe(true);
    expect(matchesPartner(nameless, "corner")).toBe(true);
  });

  it("does not match what neither contains", () => {
    expect(matchesPartner(jane, "bob")).toBe(false);
    expect(matchesPartner(nameless, "null")).toBe(false);
    // A partner without a name is found by its username alone: no stand-in text is searched.
    expect(matchesPartner({ name: null, username: "Kiosk 1" }, "a")).toBe(false);
    expect(matchesPartner(jane, "jane smithx")).toBe(false);
  });
});
