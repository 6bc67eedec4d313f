/**
 * Self-billing's pure rules (HMRC VAT Notice 700/62): VAT on top in exact pence (half-up on the
 * month's total), an agreement in force or lapsed by month and by day, the rate a month carries, the
 * invoice numbers, and a partner's month with VAT on top.
 */
import { describe, expect, it } from "vitest";
import {
  agreementState,
  agreementStateText,
  defaultReviewDate,
  inForceForMonth,
  monthVat,
  nextSeq,
  selfBilledFigures,
  selfBilledInvoiceNumber,
  selfBilledSupply,
  selfBilledText,
  vatRateOfMonth,
  type SelfBillingAgreement,
} from "#domain/agreements/self-billing-rules.ts";
import { partnerMonthFrom } from "#domain/commissions/partner-month.ts";
import { monthWorking } from "#domain/commissions/month-working.ts";
import { seedTerms } from "#domain/agreements/agreement-rules.ts";
import { selfBillingSchema } from "#domain/self-billing/self-billing-schemas.ts";
import { describeAuditEntry, type AuditEntryData } from "#domain/audit/audit-entries.ts";

const AGREEMENT: SelfBillingAgreement = {
  startDate: "2026-09-15",
  reviewDate: "2027-09-15",
  vatNumber: "GB123456789",
  vatRateBp: 2000,
};

describe("VAT on top", () => {
  it("is the commission × rate, rounded half-up to the penny on the month's total", () => {
    expect(selfBilledFigures(5701, 2000)).toEqual({ netPence: 5701, rateBp: 2000, vatPence: 1140, grossPence: 6841 });
    // 5701 × 17.5% = 997.675p → 998p (half-up); 5 × 10% = 0.5p → 1p; 4 × 10% = 0.4p → 0p.
    expect(selfBilledFigures(5701, 1750).vatPence).toBe(998);
    expect(selfBilledFigures(5, 1000).vatPence).toBe(1);
    expect(selfBilledFigures(4, 1000).vatPence).toBe(0);
    expect(selfBilledFigures(0, 2000)).toEqual({ netPence: 0, rateBp: 2000, vatPence: 0, grossPence: 0 });
    // A 0% rate (zero-rated) is a rate too: an invoice with £0.00 VAT.
    expect(selfBilledFigures(5701, 0).vatPence).toBe(0);
    expect(() => selfBilledFigures(10.5, 2000)).toThrow(RangeError);
  });

  it("monthVat: none without a rate", () => {
    expect(monthVat(902, null)).toBeNull();
    expect(monthVat(902, undefined)).toBeNull();
    expect(monthVat(902, 2000)).toEqual({ rateBp: 2000, exVatPence: 902, vatPence: 180 });
  });
});

describe("in force or lapsed", () => {
  it("a month is self-billed when its last day (the tax point) falls from the start to the review date", () => {
    expect(inForceForMonth(AGREEMENT, "2026-08")).toBe(false);
    // Started mid-September: September's last day is inside.
    expect(inForceForMonth(AGREEMENT, "2026-09")).toBe(true);
    expect(inForceForMonth(AGREEMENT, "2027-08")).toBe(true);
    // Reviewed 15 September 2027: September 2027 ends after it, lapsed.
    expect(inForceForMonth(AGREEMENT, "2027-09")).toBe(false);
    expect(inForceForMonth({ startDate: "2026-09-30", reviewDate: "2026-10-31" }, "2026-09")).toBe(true);
    expect(inForceForMonth({ startDate: "2026-09-30", reviewDate: "2026-10-31" }, "2026-10")).toBe(true);
    expect(inForceForMonth({ startDate: "2026-10-01", reviewDate: "2026-10-30" }, "2026-10")).toBe(false);
  });

  it("the review date is 12 months after the start unless given", () => {
    expect(defaultReviewDate("2026-09-15")).toBe("2027-09-15");
    expect(defaultReviewDate("2028-02-29")).toBe("2029-03-01");
  });

  it("where it stands on a day, in words", () => {
    expect(agreementState(null, "2026-10-01")).toBe("none");
    expect(agreementState(AGREEMENT, "2026-09-14")).toBe("not_started");
    expect(agreementState(AGREEMENT, "2026-09-15")).toBe("in_force");
    expect(agreementState(AGREEMENT, "2027-09-15")).toBe("in_force");
    expect(agreementState(AGREEMENT, "2027-09-16")).toBe("lapsed");
    expect(agreementStateText(null, "2026-10-01")).toBe("No self-billing agreement: commission is paid without VAT.");
    expect(agreementStateText(AGREEMENT, "2026-09-01")).toBe(
      "Starts on 15/09/2026: VAT is added to commission for the months ending from then.",
    );
    expect(agreementStateText(AGREEMENT, "2026-10-01")).toBe(
      "In force until its review on 15/09/2027: VAT is added on top of commission and each month is a self-billed invoice.",
    );
    expect(agreementStateText(AGREEMENT, "2027-10-01")).toBe(
      "Lapsed: the review date 15/09/2027 passed without renewal. Commission for months ending after it is paid without VAT and no self-billed invoice is issued; renew by setting a later review date.",
    );
  });

  it("the rate of a month: a paid month its invoice's (none if paid without one), an unpaid month the agreement's in force", () => {
    const of = (
      month: string,
      paid: boolean,
      invoiceRateBp: number | null,
      agreement = AGREEMENT as SelfBillingAgreement | null,
    ) => vatRateOfMonth({ month, paid, invoiceRateBp, agreement });
    expect(of("2026-10", false, null)).toBe(2000);
    expect(of("2026-08", false, null)).toBeNull();
    expect(of("2026-10", false, null, null)).toBeNull();
    expect(of("2026-10", true, 1750)).toBe(1750);
    expect(of("2026-10", true, null)).toBeNull();
    expect(of("2027-10", true, 2000, null)).toBe(2000);
  });
});

describe("invoice numbers", () => {
  it("are the partner's own series, allocated one past the highest, never reused", () => {
    expect(selfBilledInvoiceNumber(7, 1)).toBe("SB-7-0001");
    expect(selfBilledInvoiceNumber(123, 42)).toBe("SB-123-0042");
    expect(selfBilledInvoiceNumber(7, 12345)).toBe("SB-7-12345");
    expect(nextSeq(null)).toBe(1);
    expect(nextSeq(3)).toBe(4);
  });

  it("the invoice names the supply: commission on the site's vending sales, for the month", () => {
    expect(selfBilledSupply("2026-10")).toBe("Commission on vending machine sales at your site(s), October 2026");
  });

  it("a remittance's words carry the number, the figures and the notice's sentence", () => {
    expect(
      selfBilledText({ number: "SB-7-0002", exVatPence: 5701, vatRateBp: 1750, vatPence: 998, totalPence: 6699 }),
    ).toBe(
      "Self-billed invoice SB-7-0002: commission £57.01 + VAT at 17.5% £9.98 = £66.99. The VAT shown is your output tax due to HMRC.",
    );
  });
});

describe("a partner's month with VAT on top", () => {
  const month = (rate: number | null) =>
    partnerMonthFrom(
      { id: 1, username: "p", name: "P", email: null, billingAddress: null, partnerType: "profit-sharing" },
      "2026-10",
      [{ id: 7, location: "Leeds Station", status: "active" }],
      [{ id: 70, machineId: 7, totalSales: 40, revenuePence: 10_000, cogsPence: 4_000 }],
      { terms: seedTerms("profit-sharing", 1500), rateBp: 1500 },
      null,
      [{ id: 1, forMonth: "2026-09", amountPence: 47, reason: "late_sales" }],
      { transfers: [], sentOn: [] },
      rate,
    );

  it("adds VAT on the commission with its adjustments: £8.55 + £0.47 = £9.02, VAT 20% £1.80, owed £10.82", () => {
    const pm = month(2000);
    expect(pm.agreementPence).toBe(855);
    expect(pm.vat).toEqual({ rateBp: 2000, exVatPence: 902, vatPence: 180 });
    expect(pm.totals.commissionPence).toBe(1082);
    // The working the cards show behind their disclosure says it too.
    expect(monthWorking(pm).vat).toEqual({ rateBp: 2000, exVatPence: 902, vatPence: 180 });
  });

  it("without a rate the month is as before, with no vat field", () => {
    const pm = month(null);
    expect(pm.totals.commissionPence).toBe(902);
    expect("vat" in pm).toBe(false);
    expect("vat" in monthWorking(pm)).toBe(false);
  });
});

describe("the agreement's form", () => {
  it("needs a rate (never assumed) and a GB VAT number; the review date defaults to 12 months on", () => {
    expect(selfBillingSchema.parse({ startDate: "2026-09-15", vatNumber: "gb 123 456 789", vatRate: "20" })).toEqual({
      startDate: "2026-09-15",
      reviewDate: "2027-09-15",
      vatNumber: "GB123456789",
      vatRateBp: 2000,
    });
    const first = (input: unknown) => {
      const result = selfBillingSchema.safeParse(input);
      return result.success ? null : result.error.issues[0].message;
    };
    expect(first({ startDate: "2026-09-15", vatNumber: "GB123456789" })).toMatch(/^VAT rate is required/);
    expect(first({ startDate: "2026-09-15", vatNumber: "GB123456789", vatRate: "" })).toMatch(/^VAT rate is required/);
    expect(first({ startDate: "2026-09-15", vatNumber: "GB123456789", vatRate: "101" })).toMatch(
      /^VAT rate is required/,
    );
    expect(first({ startDate: "2026-09-15", vatNumber: "12345", vatRate: "20" })).toBe(
      "VAT number must be GB and 9 digits, like GB123456789",
    );
    expect(first({ startDate: "", vatNumber: "GB123456789", vatRate: "20" })).toBe("Start date is required");
    expect(first({ startDate: "2026-02-30", vatNumber: "GB123456789", vatRate: "20" })).toBe(
      "Start date must be a date, YYYY-MM-DD",
    );
    expect(first({ startDate: "2026-09-15", reviewDate: "2026-09-15", vatNumber: "GB123456789", vatRate: "20" })).toBe(
      "Review date must be after the start date",
    );
  });
});

describe("the audit trail's words", () => {
  const entry = (over: Pick<AuditEntryData, "action" | "entity"> & Partial<AuditEntryData>): AuditEntryData => ({
    entityId: "7",
    month: null,
    before: null,
    after: null,
    details: null,
    ...over,
  });
  it("names the agreement's terms and each invoice", () => {
    expect(
      describeAuditEntry(
        entry({
          action: "self_billing_set",
          entity: "self_billing_agreement",
          after: { startDate: "2026-09-01", reviewDate: "2027-09-01", vatNumber: "GB123456789", vatRateBp: 2000 },
        }),
      ),
    ).toBe("Set the self-billing agreement: from 01/09/2026, review 01/09/2027, VAT GB123456789 at 20%");
    expect(describeAuditEntry(entry({ action: "self_billing_removed", entity: "self_billing_agreement" }))).toBe(
      "Ended the self-billing agreement",
    );
    expect(
      describeAuditEntry(
        entry({
          action: "self_billed_invoice",
          entity: "self_billed_invoice",
          after: { number: "SB-7-0001", totalPence: 6699 },
        }),
      ),
    ).toBe("Issued self-billed invoice SB-7-0001: £66.99");
  });
});
