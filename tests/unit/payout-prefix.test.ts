/** The payout reference prefix: the trading name's initials by default, or the prefix saved in Settings. */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_PAYOUT_PREFIX,
  DEFAULT_PROFILE,
  payoutPrefixOf,
  tradingNameInitials,
} from "#domain/business/business-rules.ts";
import { PAYOUT_PREFIX_MESSAGE, businessProfileSchema } from "#domain/business/business-schemas.ts";
import { BACS_MAX, bacsText } from "#domain/shared/bacs-text.ts";
import { payoutReference, topUpReference } from "#domain/commissions/bacs-rules.ts";

describe("tradingNameInitials", () => {
  it.each([
    ["Vendboard Vending Ltd", "VV"],
    ["Vendboard Vending Ltd.", "VV"],
    ["Vendboard Vending Limited", "VV"],
    ["Harrogate Snacks PLC", "HS"],
    ["Harrogate Snacks plc", "HS"],
    ["Acme", "A"],
    ["acme vending", "AV"],
    ["Smith & Sons Ltd", "SS"],
    ["Café Élan Limited", "CE"],
    ["O'Brien's Vending", "OV"],
    ["  Northern   Vending  ", "NV"],
    ["Northern Vending Services and Supplies Company Ltd", "NVSAS"],
    ["24 Hour Snacks", "2HS"],
    ["J.R. Vending", "JV"],
    ["(Leeds) Kiosks", "LK"],
    ["Limited Editions Vending", "EV"],
    ["Ltd", ""],
    ["PLC Limited Ltd", ""],
    ["& - /", ""],
    ["北京", ""],
  ])("%s → %s", (name, initials) => {
    expect(tradingNameInitials(name)).toBe(initials);
  });
});

describe("payoutPrefixOf", () => {
  const saved = { tradingName: "Vendboard Vending Ltd", payoutPrefix: null, updatedAt: "2026-11-20T10:00:00.000Z" };

  it("VB while no trading name is saved (the defaults)", () => {
    expect(payoutPrefixOf(DEFAULT_PROFILE)).toBe("VB");
    expect(DEFAULT_PAYOUT_PREFIX).toBe("VB");
  });

  it("the saved trading name's initials, without Ltd, Limited or PLC", () => {
    expect(payoutPrefixOf(saved)).toBe("VV");
    expect(payoutPrefixOf({ ...saved, tradingName: "Aire Street Snacks Limited" })).toBe("ASS");
  });

  it("VB when the trading name has no initials", () => {
    expect(payoutPrefixOf({ ...saved, tradingName: "Ltd" })).toBe("VB");
  });

  it("the prefix saved in Settings wins", () => {
    expect(payoutPrefixOf({ ...saved, payoutPrefix: "VEND" })).toBe("VEND");
  });

  it("every prefix makes a Bacs reference of at most 18 characters", () => {
    for (const name of ["Vendboard Vending Ltd", "A B C D E F G H", "Ltd"]) {
      const prefix = payoutPrefixOf({ ...saved, tradingName: name });
      expect(payoutReference("2026-10", prefix).length).toBeLessThanOrEqual(BACS_MAX);
      expect(bacsText(payoutReference("2026-10", prefix))).toBe(payoutReference("2026-10", prefix));
    }
    expect(payoutReference("2026-10", "ABCDE")).toBe("ABCDE COMM 2026-10");
    expect(topUpReference("2026-10", "ABCDE")).toBe("ABCDE ADJ 2026-10");
  });
});

describe("the Settings field", () => {
  const parse = (payoutPrefix: unknown) => businessProfileSchema.safeParse({ tradingName: "Acme", payoutPrefix });

  it("blank or missing: null (the default)", () => {
    for (const value of [undefined, null, "", "   "]) expect(parse(value).data?.payoutPrefix).toBeNull();
  });

  it("stored upper case with single spaces", () => {
    expect(parse(" vb ").data?.payoutPrefix).toBe("VB");
    expect(parse("a  b").data?.payoutPrefix).toBe("A B");
    expect(parse("a\tb").data?.payoutPrefix).toBe("A B");
    expect(parse("A&B/C").data?.payoutPrefix).toBe("A&B/C");
    expect(parse("V.B-1").data?.payoutPrefix).toBe("V.B-1");
  });

  it.each(["ABCDEF", "V_B", "VB!", "-VB", ".VB", "VÉ", "£"])("refuses %j, naming the field", (value) => {
    const result = parse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["payoutPrefix"], message: PAYOUT_PREFIX_MESSAGE }),
    ]);
  });

  it("the message names the field and what a right value looks like", () => {
    expect(PAYOUT_PREFIX_MESSAGE).toBe(
      "Payout reference prefix must be 1 to 5 characters: letters A–Z, digits 0–9, spaces and . & / -, starting with a letter or digit (blank for the trading name's initials)",
    );
  });
});

describe("bacsText", () => {
  it("abbreviates only text longer than 18 characters, counted without its spaces at either end", () => {
    expect(bacsText("AAAA LIMITED AAAAA")).toBe("AAAA LIMITED AAAAA");
    expect(bacsText(" AAAA LIMITED AAAAA ")).toBe("AAAA LIMITED AAAAA");
    expect(bacsText("AAAA LIMITED AAAAAA")).toBe("AAAA LTD AAAAAA");
  });

  it("starts with a letter or digit, however many other characters led", () => {
    expect(bacsText("--=ABC")).toBe("ABC");
    expect(bacsText("- . / & 7 Hills")).toBe("7 HILLS");
  });
});
