/** Issue 31: UK bank details (sort code, account number, roll number, holder), masking, and the 72-hour hold. */
import { describe, expect, it } from "vitest";
import {
  BANK_MESSAGES,
  bankCheckingMessage,
  bankHold,
  changedBankFields,
  holderProblem,
  maskBankDetails,
  maskBankValue,
  normalizeAccountNumber,
  normalizeRollNumber,
  normalizeSortCode,
} from "#domain/commissions/bank-rules.ts";

describe("sort code", () => {
  it("takes 6 digits with or without dashes or spaces and keeps the digits", () => {
    for (const typed of ["12-34-56", "12 34 56", "123456", " 12-34 56 "])
      expect(normalizeSortCode(typed)).toEqual({ ok: true, value: "123456" });
    expect(normalizeSortCode("")).toEqual({ ok: true, value: null });
    expect(normalizeSortCode(null)).toEqual({ ok: true, value: null });
  });
  it("refuses anything else, naming the field", () => {
    for (const typed of ["12-34-5", "1234567", "12-34-5a", "12.34.56"])
      expect(normalizeSortCode(typed)).toEqual({ ok: false, message: BANK_MESSAGES.sortCode });
    expect(BANK_MESSAGES.sortCode).toMatch(/^Sort code: /);
  });
});

describe("account number", () => {
  it("keeps 8 digits, pads 7 with a leading 0", () => {
    expect(normalizeAccountNumber("4123 4567")).toEqual({ ok: true, value: "41234567" });
    expect(normalizeAccountNumber("1234567")).toEqual({ ok: true, value: "01234567" });
    expect(normalizeAccountNumber(" ")).toEqual({ ok: true, value: null });
  });
  it("refuses 9 or 10 digits (and anything else) with the Bacs message", () => {
    for (const typed of ["123456789", "1234567890", "123456", "4123456X"])
      expect(normalizeAccountNumber(typed)).toEqual({
        ok: false,
        message: "Account number: use the 8-digit number your bank gives for Bacs payments",
      });
  });
});

describe("roll number and holder", () => {
  it("a roll number is optional, up to 18 characters, kept upper-case", () => {
    expect(normalizeRollNumber("abc/123-45.6")).toEqual({ ok: true, value: "ABC/123-45.6" });
    expect(normalizeRollNumber("")).toEqual({ ok: true, value: null });
    expect(normalizeRollNumber("1234567890123456789")).toEqual({ ok: false, message: BANK_MESSAGES.rollNumber });
    expect(normalizeRollNumber("12#4")).toEqual({ ok: false, message: BANK_MESSAGES.rollNumber });
  });
  it("the holder is required once either number is given", () => {
    expect(holderProblem({ sortCode: null, accountNumber: null, accountHolderName: null })).toBeNull();
    expect(holderProblem({ sortCode: "123456", accountNumber: null, accountHolderName: " " })).toBe(
      "Account holder: required with a sort code or account number",
    );
    expect(holderProblem({ sortCode: null, accountNumber: "12345678", accountHolderName: null })).toBe(
      BANK_MESSAGES.accountHolderName,
    );
    expect(holderProblem({ sortCode: "123456", accountNumber: "12345678", accountHolderName: "Ann" })).toBeNull();
  });
  it("stored details a bank file cannot take need checking", () => {
    expect(bankCheckingMessage({ sortCode: "12-34", accountNumber: "12345678" })).toBe(
      'Bank details need checking: sort code "12-34" is not 6 digits',
    );
    expect(bankCheckingMessage({ sortCode: "123456", accountNumber: "123456789" })).toBe(
      'Bank details need checking: account number "123456789" is not 8 digits',
    );
    expect(bankCheckingMessage({ sortCode: null, accountNumber: "1234567" })).toBeNull();
  });
});

describe("masking and changes", () => {
  it("hides all but the last 4 digits", () => {
    expect(maskBankValue("accountNumber", "41234567")).toBe("****4567");
    expect(maskBankValue("sortCode", "123456")).toBe("**-34-56");
    expect(maskBankValue("rollNumber", "ABC/123-45")).toBe("******3-45");
    expect(maskBankValue("accountNumber", null)).toBeNull();
    expect(maskBankDetails({ sortCode: "050123", accountNumber: "41234567", accountHolderName: "Ann" })).toEqual({
      sortCode: "**-01-23",
      accountNumber: "****4567",
      accountHolderName: "Ann",
    });
  });
  it("names the bank fields whose stored value changed", () => {
    const before = { sortCode: "123456", accountNumber: "12345678", rollNumber: null, accountHolderName: "Ann" };
    expect(changedBankFields(before, { ...before })).toEqual([]);
    // An older "12-34-56" saved again as 123456 is no change.
    expect(changedBankFields({ ...before, sortCode: "12-34-56", accountNumber: "1234 5678" }, before)).toEqual([]);
    expect(changedBankFields(before, { ...before, accountNumber: "87654321", rollNumber: "R1" })).toEqual([
      "accountNumber",
      "rollNumber",
    ]);
  });
});

describe("the 72-hour hold", () => {
  const change = {
    changedAt: "2026-11-27T10:15:00.000Z",
    changedBy: 1,
    notifiedTo: "pat@example.com",
    confirmedAt: null,
  };
  it("holds for 72 hours after the change, then pays", () => {
    expect(bankHold(change, new Date("2026-11-30T10:14:59Z"))).toEqual({
      changedAt: change.changedAt,
      payableFrom: "2026-11-30T10:15:00.000Z",
      message: "Bank details changed on 27/11/2026 10:15; payable from 30/11/2026 10:15",
    });
    expect(bankHold(change, new Date("2026-11-30T10:15:00Z"))).toBeNull();
    expect(bankHold(null)).toBeNull();
  });
  it("a confirmation ends it early", () => {
    expect(bankHold({ ...change, confirmedAt: "2026-11-27T11:00:00Z" }, new Date("2026-11-27T12:00:00Z"))).toBeNull();
  });
  it("a partner nobody could email is held until another admin confirms", () => {
    const hold = bankHold({ ...change, notifiedTo: null }, new Date("2027-01-01T00:00:00Z"));
    expect(hold?.payableFrom).toBeNull();
    expect(hold?.message).toBe(
      "Bank details changed on 27/11/2026 10:15; payable once another admin confirms them (no email address to tell the partner)",
    );
  });
});
