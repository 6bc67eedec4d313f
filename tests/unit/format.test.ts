// The product's one set of formats (domain/shared/format.ts): every screen, PDF, workbook and email uses these.
import { describe, expect, it, vi } from "vitest";
import {
  formatCount,
  formatCreditNoteId,
  formatDate,
  formatInvoiceId,
  formatMonth,
  formatPence,
  formatAmountPence,
  formatPenceCompact,
  formatPercent,
  formatRemittanceId,
  formatSignedPence,
  formatSortCode,
  formatUnits,
  formatUnitsCompact,
  maskAccountNumber,
} from "#domain/shared/format.ts";

describe("formats", () => {
  it("writes money with £, thousands separators and two decimals", () => {
    expect(formatPence(832680)).toBe("£8,326.80");
    expect(formatPence(1776900)).toBe("£17,769.00");
    expect(formatPence(-250)).toBe("-£2.50");
  });
  it("writes units with thousands separators and no decimals", () => {
    expect(formatUnits(1270)).toBe("1,270");
    expect(formatUnits(0)).toBe("0");
    expect(formatUnits(1000000)).toBe("1,000,000");
  });
  it("counts nouns with real plurals", () => {
    expect(formatCount(1, "machine")).toBe("1 machine");
    expect(formatCount(3, "machine")).toBe("3 machines");
    expect(formatCount(0, "invoice")).toBe("0 invoices");
    expect(formatCount(1270, "transaction")).toBe("1,270 transactions");
    expect(formatCount(2, "company", "companies")).toBe("2 companies");
    expect(formatCount(1, "company", "companies")).toBe("1 company");
  });
  it("writes percentages to one decimal by default", () => {
    expect(formatPercent(100 / 3)).toBe("33.3%");
    expect(formatPercent(12.5, 2)).toBe("12.50%");
    expect(formatPercent(0)).toBe("0.0%");
  });
  it("writes invoice ids and dates as everywhere else", () => {
    expect(formatInvoiceId(5)).toBe("INV-00005");
    expect(formatInvoiceId(123456)).toBe("INV-123456");
    expect(formatDate("2026-10-01")).toBe("01/10/2026");
    expect(formatMonth("2026-10")).toBe("October 2026");
  });
});

describe("formatIban (issue 14, the invoice's bank details)", () => {
  it("prints an IBAN in groups of four, whatever spacing and case it came in", async () => {
    const { formatIban } = await import("#domain/shared/format.ts");
    expect(formatIban("GB29NWBK60161331926819")).toBe("GB29 NWBK 6016 1331 9268 19");
    expect(formatIban("gb29 nwbk6016 1331926819")).toBe("GB29 NWBK 6016 1331 9268 19");
    expect(formatIban("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
    expect(formatIban(" gb29\t\tnwbk  6016\n1331 9268 19 ")).toBe("GB29 NWBK 6016 1331 9268 19");
  });
});

describe("formatAmountPence", () => {
  it("writes money without its £ for a column headed 'Amount (£)'", () => {
    expect(formatAmountPence(684370)).toBe("6,843.70");
    expect(formatAmountPence(7500)).toBe("75.00");
    expect(formatAmountPence(50)).toBe("0.50");
  });
  it("and from pence (formatAmountPence)", () => {
    expect(formatAmountPence(684_370)).toBe("6,843.70");
    expect(formatAmountPence(7500)).toBe("75.00");
    expect(formatAmountPence(50)).toBe("0.50");
  });
});

describe("formatPenceCompact and formatUnitsCompact, the sales chart's axes", () => {
  it("writes round axis values short: no trailing pence, thousands as k from 10,000", async () => {
    const { formatPenceCompact, formatUnitsCompact } = await import("#domain/shared/format.ts");
    expect(formatPenceCompact(0)).toBe("£0");
    expect(formatPenceCompact(85_000)).toBe("£850");
    expect(formatPenceCompact(150_000)).toBe("£1,500");
    expect(formatPenceCompact(125_000)).toBe("£1,250");
    expect(formatPenceCompact(1_250_000)).toBe("£12.5k");
    expect(formatPenceCompact(1_200_000)).toBe("£12k");
    expect(formatPenceCompact(250)).toBe("£2.5");
    expect(formatPenceCompact(25)).toBe("£0.25");
    expect(formatUnitsCompact(0)).toBe("0");
    expect(formatUnitsCompact(250)).toBe("250");
    expect(formatUnitsCompact(2500)).toBe("2,500");
    expect(formatUnitsCompact(10000)).toBe("10k");
    expect(formatUnitsCompact(40000)).toBe("40k");
    expect(formatUnitsCompact(1250)).toBe("1,250");
    expect(formatUnitsCompact(12500)).toBe("12.5k");
  });
});

describe("formatUnits rounds to whole units", () => {
  // A fresh module makes its formatter in this test: the formatter is made once, on first use.
  it.each([
    [1234.5, "1,235"],
    [2.4, "2"],
    [-1270, "-1,270"],
  ])("%d is written %s", async (count, text) => {
    vi.resetModules();
    const fresh = await import("#domain/shared/format.ts");
    expect(fresh.formatUnits(count)).toBe(text);
  });
});

describe("the chart axes write k from exactly 10,000 (pounds or units), either sign", () => {
  it.each([
    [999_999, "£9,999.99"],
    [1_000_000, "£10k"],
    [-1_000_000, "-£10k"],
    [-150_000, "-£1,500"],
  ])("formatPenceCompact(%i) is %s", (pence, text) => {
    expect(formatPenceCompact(pence)).toBe(text);
  });

  it.each([
    [9_999, "9,999"],
    [10_000, "10k"],
    [-10_000, "-10k"],
    [-9_999, "-9,999"],
  ])("formatUnitsCompact(%i) is %s", (count, text) => {
    expect(formatUnitsCompact(count)).toBe(text);
  });
});

describe("signed differences, document numbers and bank details", () => {
  it.each([
    [120, "+£1.20"],
    [0, "+£0.00"],
    [-120, "−£1.20"],
    [-123_456, "−£1,234.56"],
  ])("formatSignedPence(%i) is %s, with a true minus sign", (pence, text) => {
    expect(formatSignedPence(pence)).toBe(text);
  });

  it.each([
    [5, "INV-00005", "CN-00005", "RA-00005"],
    [12_345, "INV-12345", "CN-12345", "RA-12345"],
    [123_456, "INV-123456", "CN-123456", "RA-123456"],
  ])("number %i is %s, %s and %s", (id, invoice, creditNote, remittance) => {
    expect(formatInvoiceId(id)).toBe(invoice);
    expect(formatCreditNoteId(id)).toBe(creditNote);
    expect(formatRemittanceId(id)).toBe(remittance);
  });

  it.each([
    ["401162", "40-11-62"],
    ["050123", "05-01-23"],
    ["40116", "40116"],
    ["4011620", "4011620"],
    ["x401162", "x401162"],
    ["40-11-62", "40-11-62"],
    ["abcdef", "abcdef"],
  ])("formatSortCode(%s) is %s: only six digits are grouped", (digits, text) => {
    expect(formatSortCode(digits)).toBe(text);
  });

  it.each([
    ["41234567", "****4567"],
    ["412345 67", "****4567"],
    ["4123-45-67", "****4567"],
    ["12345678901", "****8901"],
  ])("maskAccountNumber(%s) is %s: the last four digits, spaces and dashes left out", (number, text) => {
    expect(maskAccountNumber(number)).toBe(text);
  });
});
