import { describe, expect, it } from "vitest";
import { BACS_MAX, bacsText, payoutReference } from "#domain/commissions/bacs-rules.ts";
import {
  checkBankDetails,
  payeeName,
  payoutEligibility,
  payoutTotal,
  planPayout,
  remittanceNote,
  type PayoutPartner,
} from "#domain/payouts/payout-rules.ts";
import { csvField, payoutCsv } from "#domain/payouts/payout-csv.ts";
import { formatPlainAmount, maskAccountNumber } from "#domain/shared/format.ts";

// Commission payouts: eligibility with its reason, UK bank details, Bacs text
// and the bank file, to the penny.

const NOW = new Date("2026-11-23T12:00:00Z");
const MONTH = "2026-10";

const partner = (fields: Partial<PayoutPartner> = {}): PayoutPartner => ({
  partnerId: 1,
  name: "Leeds Station Retail",
  username: "leeds",
  partnerType: "profit-sharing",
  activeMachines: 2,
  submittedReports: 2,
  commissionPence: 12_345,
  paymentStatus: null,
  paidDate: null,
  paidAmountPence: null,
  accountHolderName: "Leeds Station Retail Ltd",
  bankName: "Yorkshire Bank",
  sortCode: "05-01-23",
  accountNumber: "41234567",
  ...fields,
});

describe("payoutEligibility", () => {
  it("a complete, unpaid, ended month with commission is eligible (profit-sharing and tiered)", () => {
    expect(payoutEligibility(partner(), MONTH, NOW)).toBeNull();
    expect(payoutEligibility(partner({ partnerType: "tiered-profit-sharing" }), MONTH, NOW)).toBeNull();
    expect(payoutEligibility(partner({ paymentStatus: "pending" }), MONTH, NOW)).toBeNull();
  });

  it("says why not: type, month in progress, already paid, incomplete, nothing to pay", () => {
    expect(payoutEligibility(partner({ partnerType: "fee-paying" }), MONTH, NOW)?.code).toBe("not_applicable");
    expect(payoutEligibility(partner({ partnerType: "non-profit-sharing" }), MONTH, NOW)).toEqual({
      code: "not_applicable",
      message: "No commission for this partner type",
    });
    expect(payoutEligibility(partner(), "2026-11", NOW)).toEqual({
      code: "month_not_ended",
      message: "November 2026 has not ended yet",
    });
    expect(
      payoutEligibility(
        partner({ paymentStatus: "completed", paidDate: "2026-11-10", paidAmountPence: 12_000 }),
        MONTH,
        NOW,
      ),
    ).toEqual({
      code: "already_paid",
      message: "Already paid on 10/11/2026 (£120.00)",
    });
    expect(payoutEligibility(partner({ submittedReports: 1 }), MONTH, NOW)).toEqual({
      code: "incomplete",
      message: "Waiting for machine reports: 1 of 2 active machines reported",
    });
    expect(payoutEligibility(partner({ activeMachines: 0, submittedReports: 0 }), MONTH, NOW)).toEqual({
      code: "incomplete",
      message: "No active machines",
    });
    expect(payoutEligibility(partner({ commissionPence: 0 }), MONTH, NOW)).toEqual({
      code: "no_commission",
      message: "No commission to pay (£0.00)",
    });
  });

  it("a month paid without a recorded date or snapshot says what it comes to, without a date", () => {
    expect(payoutEligibility(partner({ paymentStatus: "completed" }), MONTH, NOW)).toEqual({
      code: "already_paid",
      message: "Already paid (£123.45)",
    });
  });

  it("a month Reset Month reopened pays only what it now comes to beyond what was already paid", () => {
    // £6.17 now, £5.70 paid on 05/11/2026: the 47 pence top-up can be paid.
    expect(
      payoutEligibility(
        partner({ commissionPence: 617, alreadyPaidPence: 570, alreadyPaidDate: "2026-11-05" }),
        MONTH,
        NOW,
      ),
    ).toBeNull();
    // Exactly what was paid: nothing more, and nothing to carry.
    expect(payoutEligibility(partner({ commissionPence: 570, alreadyPaidPence: 570 }), MONTH, NOW)).toEqual({
      code: "no_commission",
      message: "Nothing more to pay: October 2026: £5.70, already paid £5.70, now £0.00",
    });
    // Less than was paid: the rest is carried to the next month by Mark as Paid.
    expect(
      payoutEligibility(
        partner({ commissionPence: 473, alreadyPaidPence: 570, alreadyPaidDate: "2026-11-05" }),
        MONTH,
        NOW,
      ),
    ).toEqual({
      code: "no_commission",
      message:
        "Nothing more to pay: October 2026: £4.73, already paid £5.70 on 05/11/2026, now −£0.97. Mark it as paid to carry the difference to the next month",
    });
  });

  it("a month has ended only once its last day has passed (UTC)", () => {
    expect(payoutEligibility(partner(), "2026-10", new Date("2026-10-31T23:59:59Z"))?.code).toBe("month_not_ended");
    expect(payoutEligibility(partner(), "2026-10", new Date("2026-11-01T00:00:00Z"))).toBeNull();
  });
});

describe("checkBankDetails", () => {
  it("takes a 6-digit sort code and an 8-digit account number, spaces and hyphens removed", () => {
    expect(checkBankDetails("05-01-23", "41234567")).toEqual({
      ok: true,
      sortCode: "050123",
      accountNumber: "41234567",
    });
    expect(checkBankDetails(" 05 01 23 ", "4123 4567")).toEqual({
      ok: true,
      sortCode: "050123",
      accountNumber: "41234567",
    });
  });

  it("missing details are left out with what is missing", () => {
    expect(checkBankDetails(null, null)).toEqual({
      ok: false,
      reason: { code: "bank_missing", message: "Bank details missing: no sort code and no account number" },
    });
    expect(checkBankDetails("  ", "41234567")).toEqual({
      ok: false,
      reason: { code: "bank_missing", message: "Bank details missing: no sort code" },
    });
    expect(checkBankDetails("050123", "")).toEqual({
      ok: false,
      reason: { code: "bank_missing", message: "Bank details missing: no account number" },
    });
  });

  it("invalid details are left out with what is wrong", () => {
    expect(checkBankDetails("05-01-2", "41234567")).toEqual({
      ok: false,
      reason: { code: "bank_invalid", message: 'Bank details need checking: sort code "05-01-2" is not 6 digits' },
    });
    // 7 digits take a leading 0; 6 are still not an account number.
    expect(checkBankDetails("050123", "1234567")).toEqual({ ok: true, sortCode: "050123", accountNumber: "01234567" });
    expect(checkBankDetails("050123", "123456")).toEqual({
      ok: false,
      reason: { code: "bank_invalid", message: 'Bank details need checking: account number "123456" is not 8 digits' },
    });
    expect(checkBankDetails("05O123", "4123456X")).toEqual({
      ok: false,
      reason: {
        code: "bank_invalid",
        message:
          'Bank details need checking: sort code "05O123" is not 6 digits and account number "4123456X" is not 8 digits',
      },
    });
    expect(checkBankDetails("050123", "412345678").ok).toBe(false);
  });
});

describe("Bacs text: payee names and references", () => {
  it("upper case, Bacs characters only, at most 18", () => {
    expect(bacsText("Leeds Station Retail")).toBe("LEEDS STATION RETA");
    expect(bacsText("Café & Co.")).toBe("CAFE & CO.");
    expect(bacsText("O'Brien’s Kiosk")).toBe("OBRIENS KIOSK");
    expect(bacsText("York (Hospital) Trust, #2")).toBe("YORK HOSPITAL TRUS");
    expect(bacsText("  =cmd|' /C calc'!A0")).toBe("CMD /C CALC A0");
    expect(bacsText("-12 Units")).toBe("12 UNITS");
    expect(bacsText("Smith/Jones-Ltd")).toBe("SMITH/JONES-LTD");
    expect(bacsText("!!!")).toBe("");
  });

  it("shortens common words before cutting, and never ends on a space", () => {
    expect(bacsText("Leeds Retail Limited")).toBe("LEEDS RETAIL LTD");
    expect(bacsText("Smith and Jones Company")).toBe("SMITH & JONES CO");
    expect(bacsText("Harrogate Sports Centre")).toBe("HARROGATE SPORTS C");
    expect(bacsText("Abcdefghijklmnopq rstu")).toBe("ABCDEFGHIJKLMNOPQ");
    expect(bacsText("Limited")).toBe("LIMITED");
  });

  it("every name it makes fits: the same input always gives the same name", () => {
    for (const name of ["A very long partner name indeed plc", "Ünïcödé Vending", "x".repeat(40)]) {
      const once = bacsText(name);
      expect(once.length).toBeLessThanOrEqual(BACS_MAX);
      expect(once).toMatch(/^[A-Z0-9][A-Z0-9 .&/-]*$/);
      expect(bacsText(name)).toBe(once);
    }
  });

  it("the payee is the account holder, else the partner's name", () => {
    expect(payeeName({ accountHolderName: "York Hospital Trust", name: "York", username: "york" })).toBe(
      "YORK HOSPITAL TRUS",
    );
    expect(payeeName({ accountHolderName: " ", name: "Bradford Kiosk", username: "bk" })).toBe("BRADFORD KIOSK");
    expect(payeeName({ accountHolderName: null, name: null, username: "kiosk-7" })).toBe("KIOSK-7");
  });

  it("the reference names the month after the business's prefix, at most 18 characters", () => {
    expect(payoutReference("2026-10", "VB")).toBe("VB COMM 2026-10");
    expect(payoutReference("2026-10", "VV")).toBe("VV COMM 2026-10");
    expect(payoutReference("2026-10", "A.B/C")).toBe("A.B/C COMM 2026-10");
    expect(payoutReference("2026-10", "A.B/C").length).toBe(BACS_MAX);
  });
});

describe("the payment file", () => {
  it("amounts as 1234.56: no £, no thousands separator, always two decimals", () => {
    expect(formatPlainAmount(123_456)).toBe("1234.56");
    expect(formatPlainAmount(5)).toBe("0.05");
    expect(formatPlainAmount(100_000_00)).toBe("100000.00");
    expect(formatPlainAmount(0)).toBe("0.00");
    expect(() => formatPlainAmount(1.5)).toThrow(RangeError);
    expect(maskAccountNumber("4123 4567")).toBe("****4567");
  });

  it("CSV fields are quoted only when they must be", () => {
    expect(csvField("LEEDS")).toBe("LEEDS");
    expect(csvField("A,B")).toBe('"A,B"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });

  it("plans the month: eligible lines with the total, the others left out with the reason", () => {
    const plan = planPayout(
      [
        partner({ partnerId: 1, commissionPence: 6_063 }),
        partner({
          partnerId: 2,
          name: "York Hospital Trust",
          partnerType: "tiered-profit-sharing",
          accountHolderName: null,
          sortCode: "600214",
          accountNumber: "87654321",
          commissionPence: 8_250,
        }),
        partner({ partnerId: 3, name: "No Bank", sortCode: null, accountNumber: null }),
        partner({ partnerId: 4, name: "Bad Sort", sortCode: "12-34", commissionPence: 100 }),
        partner({ partnerId: 5, name: "Half In", submittedReports: 1 }),
        partner({
          partnerId: 6,
          name: "Paid Already",
          paymentStatus: "completed",
          paidDate: "2026-11-05",
          paidAmountPence: 999,
        }),
        partner({ partnerId: 7, name: "Gym", partnerType: "fee-paying" }),
        partner({ partnerId: 8, name: "Loss Month", commissionPence: 0 }),
      ],
      MONTH,
      NOW,
    );
    expect(plan.eligible).toEqual([
      {
        partnerId: 1,
        partnerName: "Leeds Station Retail",
        payeeName: "LEEDS STATION RETA",
        bankName: "Yorkshire Bank",
        sortCode: "050123",
        accountNumber: "41234567",
        amountPence: 6_063,
        adjustmentsPence: 0,
        monthPence: 6_063,
        alreadyPaidPence: 0,
        alreadyPaidDate: null,
        reference: "VB COMM 2026-10",
      },
      {
        partnerId: 2,
        partnerName: "York Hospital Trust",
        payeeName: "YORK HOSPITAL TRUS",
        bankName: "Yorkshire Bank",
        sortCode: "600214",
        accountNumber: "87654321",
        amountPence: 8_250,
        adjustmentsPence: 0,
        monthPence: 8_250,
        alreadyPaidPence: 0,
        alreadyPaidDate: null,
        reference: "VB COMM 2026-10",
      },
    ]);
    expect(plan.totalPence).toBe(14_313);
    expect(plan.leftOut.map((l) => [l.partnerId, l.reason.code, l.amountPence])).toEqual([
      [3, "bank_missing", 12_345],
      [4, "bank_invalid", 100],
      [5, "incomplete", 12_345],
      [6, "already_paid", 999],
      [8, "no_commission", 0],
    ]);
  });

  it("a top-up sends what the month now comes to less what was paid, under the ADJ reference", () => {
    const plan = planPayout(
      [
        partner({ partnerId: 1, commissionPence: 617, alreadyPaidPence: 570, alreadyPaidDate: "2026-11-05" }),
        partner({ partnerId: 2, name: "Paid Over", commissionPence: 473, alreadyPaidPence: 570 }),
      ],
      MONTH,
      NOW,
    );
    expect(plan.eligible).toEqual([
      expect.objectContaining({
        partnerId: 1,
        amountPence: 47,
        monthPence: 617,
        alreadyPaidPence: 570,
        alreadyPaidDate: "2026-11-05",
        reference: "VB ADJ 2026-10",
      }),
    ]);
    expect(plan.totalPence).toBe(47);
    // The batch's own reference stays the month's COMM one.
    expect(plan.reference).toBe("VB COMM 2026-10");
    // A month now below what was paid would send nothing (never a negative line).
    expect(plan.leftOut.map((l) => [l.partnerId, l.reason.code, l.amountPence])).toEqual([[2, "no_commission", 0]]);
  });

  it("leaves out a partner whose bank details changed recently, and one whose holder name has no Bacs characters", () => {
    const hold = {
      changedAt: "2026-11-23T09:00:00Z",
      payableFrom: "2026-11-25T09:00:00Z",
      message: "Bank details changed on 23/11/2026 09:00; payable from 25/11/2026 09:00",
    };
    const plan = planPayout(
      [
        partner({ partnerId: 1, commissionPence: 6_063, bankHold: hold }),
        partner({ partnerId: 2, name: "Symbols", accountHolderName: "!!!", commissionPence: 8_250 }),
        partner({ partnerId: 3, commissionPence: 100, bankHold: null }),
      ],
      MONTH,
      NOW,
    );
    expect(plan.leftOut).toEqual([
      {
        partnerId: 1,
        partnerName: "Leeds Station Retail",
        amountPence: 6_063,
        reason: {
          code: "bank_changed",
          message: "Bank details changed on 23/11/2026 09:00; payable from 25/11/2026 09:00",
        },
      },
      {
        partnerId: 2,
        partnerName: "Symbols",
        amountPence: 8_250,
        reason: {
          code: "payee_name",
          message: "The account holder's name has no letters or digits a bank file accepts",
        },
      },
    ]);
    expect(plan.eligible.map((l) => [l.partnerId, l.amountPence])).toEqual([[3, 100]]);
  });

  it("writes a header row and one row per payee, CRLF, read back field by field", () => {
    const plan = planPayout(
      [
        partner({ partnerId: 1, commissionPence: 123_456 }),
        partner({ partnerId: 2, name: "Second", accountHolderName: "Second Site", commissionPence: 7 }),
      ],
      MONTH,
      NOW,
    );
    const csv = payoutCsv(plan.eligible);
    expect(csv).toBe(
      "Payee name,Sort code,Account number,Amount,Reference\r\n" +
        "LEEDS STATION RETA,050123,41234567,1234.56,VB COMM 2026-10\r\n" +
        "SECOND SITE,050123,41234567,0.07,VB COMM 2026-10\r\n",
    );
    const rows = csv
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(","));
    expect(rows.slice(1).reduce((sum, row) => sum + Math.round(Number(row[3]) * 100), 0)).toBe(plan.totalPence);
    expect(payoutTotal(plan.eligible)).toBe(123_463);
    expect(payoutCsv([])).toBe("Payee name,Sort code,Account number,Amount,Reference\r\n");
  });
});

describe("remittanceNote", () => {
  it("counts what was sent and names what was not", () => {
    expect(
      remittanceNote([
        { partnerName: "A", status: "sent", error: null },
        { partnerName: "B", status: "sent", error: null },
      ]),
    ).toBe("2 remittances sent.");
    expect(remittanceNote([{ partnerName: "A", status: "written", error: null }])).toBe(
      "1 remittance kept in the server's outbox: no mail server is set up (SMTP_URL).",
    );
    expect(
      remittanceNote([
        { partnerName: "A", status: "sent", error: null },
        { partnerName: "B", status: "no_email", error: null },
        { partnerName: "C", status: "failed", error: "connection refused" },
        { partnerName: "D", status: "skipped", error: null },
      ]),
    ).toBe(
      "1 remittance sent. Not sent to B: no email address. Failed for C (connection refused): the payment stands; send it again from Payouts. Already sent to D.",
    );
    expect(remittanceNote([])).toBe("0 remittances sent.");
  });

  it("names several partners in a list, and a failure without its error as unknown", () => {
    expect(
      remittanceNote([
        { partnerName: "A", status: "no_email", error: null },
        { partnerName: "B", status: "no_email", error: null },
        { partnerName: "C", status: "failed", error: null },
        { partnerName: "D", status: "failed", error: "timeout" },
        { partnerName: "E", status: "skipped", error: null },
        { partnerName: "F", status: "skipped", error: null },
      ]),
    ).toBe(
      "0 remittances sent. Not sent to A, B: no email address. Failed for C (unknown error), D (timeout): the payment stands; send it again from Payouts. Already sent to E, F.",
    );
  });
});
