/**
 * Each package's import layout, column by column as docs/accounting.md gives them: Xero's sales
 * invoice and bill imports, QuickBooks Online's invoice import, Sage's sales and purchase quick
 * entries; which package takes which document; exact pence in every amount.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_ACCOUNTING_SETTINGS, type PackageSettings } from "#domain/accounting/accounting-settings.ts";
import { cellText } from "#domain/accounting/csv-rules.ts";
import type { AccountingDocument, Contact } from "#domain/accounting/document-rules.ts";
import {
  layoutOf,
  QUICKBOOKS_INVOICE_HEADER,
  SAGE_PURCHASE_HEADER,
  SAGE_SALES_HEADER,
  takesDocument,
  unsupportedReason,
  XERO_HEADER,
  type DocumentSide,
} from "#domain/accounting/format-rules.ts";

const contact: Contact = {
  name: "Quay Cafe Ltd",
  email: "accounts@quaycafe.example",
  address: ["Unit 4", "Harbour Walk", "Quay Street", "Bristol", "BS1 4RN"],
  reference: "QUAY01",
};
const invoice: AccountingDocument = {
  number: "INV-00012",
  reference: "Fee for October 2026",
  contact,
  date: "2026-10-31",
  dueDate: "2026-11-14",
  lines: [
    { description: "Placement fee", netPence: 4_500, vatPence: 900, vatRateBp: 2000 },
    { description: "Card fees", netPence: 1_234, vatPence: 0, vatRateBp: null },
  ],
};
const tracked = (s: PackageSettings): PackageSettings => ({ ...s, trackingName: "Site", trackingOption: "Quay" });
const rowsOf = (
  format: "xero" | "quickbooks" | "sage",
  side: DocumentSide,
  doc: AccountingDocument,
  s: PackageSettings,
) =>
  layoutOf(format, side)
    .rows(doc, side, s)
    .map((row) => row.map(cellText));

describe("Xero", () => {
  it("writes a sales invoice's lines in the template's columns, extra address lines joining the fourth", () => {
    const layout = layoutOf("xero", "sales");
    expect(layout.header).toEqual(XERO_HEADER);
    expect(layout.documentsPerFile).toBe(500);
    expect(rowsOf("xero", "sales", invoice, tracked(DEFAULT_ACCOUNTING_SETTINGS.xero))).toEqual([
      [
        "Quay Cafe Ltd",
        "accounts@quaycafe.example",
        "Unit 4",
        "Harbour Walk",
        "Quay Street",
        "Bristol, BS1 4RN",
        "",
        "",
        "",
        "",
        "INV-00012",
        "Fee for October 2026",
        "31/10/2026",
        "14/11/2026",
        "Placement fee",
        "1",
        "45.00",
        "",
        "200",
        "20% (VAT on Income)",
        "9.00",
        "Site",
        "Quay",
        "GBP",
      ],
      [
        "Quay Cafe Ltd",
        "accounts@quaycafe.example",
        "Unit 4",
        "Harbour Walk",
        "Quay Street",
        "Bristol, BS1 4RN",
        "",
        "",
        "",
        "",
        "INV-00012",
        "Fee for October 2026",
        "31/10/2026",
        "14/11/2026",
        "Card fees",
        "1",
        "12.34",
        "",
        "200",
        "No VAT",
        "0.00",
        "Site",
        "Quay",
        "GBP",
      ],
    ]);
  });

  it("writes a bill to the bills account and its tax types; no email, a short address padded; no option without a name", () => {
    const bill: AccountingDocument = {
      ...invoice,
      number: "ST-202610-12",
      reference: "ST-202610-12",
      contact: { ...contact, email: null, address: ["1 Mill Lane", "Bath"] },
      lines: [
        { description: "Commission", netPence: -250, vatPence: -50, vatRateBp: 2000 },
        { description: "Energy", netPence: 1_000, vatPence: 50, vatRateBp: 500 },
      ],
    };
    const settings = { ...DEFAULT_ACCOUNTING_SETTINGS.xero, trackingName: "", trackingOption: "Quay" };
    expect(rowsOf("xero", "bills", bill, settings)).toEqual([
      [
        "Quay Cafe Ltd",
        "",
        "1 Mill Lane",
        "Bath",
        "",
        "",
        "",
        "",
        "",
        "",
        "ST-202610-12",
        "ST-202610-12",
        "31/10/2026",
        "14/11/2026",
        "Commission",
        "1",
        "-2.50",
        "",
        "310",
        "20% (VAT on Expenses)",
        "-0.50",
        "",
        "",
        "GBP",
      ],
      [
        "Quay Cafe Ltd",
        "",
        "1 Mill Lane",
        "Bath",
        "",
        "",
        "",
        "",
        "",
        "",
        "ST-202610-12",
        "ST-202610-12",
        "31/10/2026",
        "14/11/2026",
        "Energy",
        "1",
        "10.00",
        "",
        "310",
        "5% (VAT on Expenses)",
        "0.50",
        "",
        "",
        "GBP",
      ],
    ]);
  });

  it("pads a contact with no address to four blank lines, and keeps exactly four as they are", () => {
    const addressOf = (address: string[]) =>
      rowsOf(
        "xero",
        "sales",
        { ...invoice, contact: { ...contact, address } },
        DEFAULT_ACCOUNTING_SETTINGS.xero,
      )[0].slice(2, 6);
    expect(addressOf([])).toEqual(["", "", "", ""]);
    expect(addressOf(["a", "b", "c", "d"])).toEqual(["a", "b", "c", "d"]);
  });
});

describe("QuickBooks Online", () => {
  it("writes an invoice's lines in the invoice import's columns, the fee product and the tracking option as Location", () => {
    const layout = layoutOf("quickbooks", "sales");
    expect(layout.header).toEqual(QUICKBOOKS_INVOICE_HEADER);
    expect(layout.documentsPerFile).toBeNull();
    expect(rowsOf("quickbooks", "sales", invoice, tracked(DEFAULT_ACCOUNTING_SETTINGS.quickbooks))).toEqual([
      [
        "INV-00012",
        "Quay Cafe Ltd",
        "31/10/2026",
        "14/11/2026",
        "",
        "Quay",
        "Fee for October 2026",
        "Machine placement fees",
        "Placement fee",
        "1",
        "45.00",
        "45.00",
        "20.0% S",
        "9.00",
        "GBP",
        "",
      ],
      [
        "INV-00012",
        "Quay Cafe Ltd",
        "31/10/2026",
        "14/11/2026",
        "",
        "Quay",
        "Fee for October 2026",
        "Machine placement fees",
        "Card fees",
        "1",
        "12.34",
        "12.34",
        "No VAT",
        "0.00",
        "GBP",
        "",
      ],
    ]);
  });

  it("has no bill import, said in one sentence; every other package and kind has one", () => {
    expect(unsupportedReason("quickbooks", "bills")).toBe(
      "QuickBooks Online's import (Settings ▸ Import data) takes invoices but no bills: enter the month's commission bills by hand (the Xero or Sage file lists each bill's lines), or use an app from the QuickBooks App Store.",
    );
    expect(unsupportedReason("quickbooks", "sales")).toBeNull();
    expect(unsupportedReason("sage", "bills")).toBeNull();
  });

  it("takes no credit notes; a document of £0.00 and every package's others are taken", () => {
    const credit = { ...invoice, lines: [{ description: "Credit", netPence: -1, vatPence: 0, vatRateBp: null }] };
    const nothing = { ...invoice, lines: [{ description: "Nil", netPence: 0, vatPence: 0, vatRateBp: null }] };
    expect(takesDocument("quickbooks", credit)).toBe(false);
    expect(takesDocument("quickbooks", nothing)).toBe(true);
    expect(takesDocument("quickbooks", invoice)).toBe(true);
    expect(takesDocument("xero", credit)).toBe(true);
    expect(takesDocument("sage", credit)).toBe(true);
  });
});

describe("Sage Business Cloud Accounting", () => {
  it("names the customer in the sales quick entries and the supplier in the purchase ones", () => {
    expect(layoutOf("sage", "sales").header).toEqual(SAGE_SALES_HEADER);
    expect(SAGE_SALES_HEADER.slice(0, 4)).toEqual(["Type", "Customer Reference", "Date", "Customer name"]);
    expect(layoutOf("sage", "bills").header).toEqual(SAGE_PURCHASE_HEADER);
    expect(SAGE_PURCHASE_HEADER.slice(0, 4)).toEqual(["Type", "Supplier Reference", "Date", "Supplier Name"]);
    expect(layoutOf("sage", "bills").documentsPerFile).toBeNull();
    expect(layoutOf("sage", "bills").importNote).toBe(
      "Net, VAT and Total are given apart (the Net column is tax exclusive). A credit note is a “Cr Note” row with positive amounts.",
    );
  });

  it("writes a bill as Invoice rows on the purchase ledger, a negative line inside a positive bill negative", () => {
    const bill: AccountingDocument = {
      ...invoice,
      number: "ST-202610-12",
      lines: [
        { description: "Commission", netPence: 1_000, vatPence: 200, vatRateBp: 2000 },
        { description: "Refunds sent on", netPence: -150, vatPence: -30, vatRateBp: 500 },
      ],
    };
    expect(rowsOf("sage", "bills", bill, tracked(DEFAULT_ACCOUNTING_SETTINGS.sage))).toEqual([
      [
        "Invoice",
        "QUAY01",
        "31-10-2026",
        "Quay Cafe Ltd",
        "ST-202610-12",
        "5000",
        "Commission",
        "10.00",
        "Standard",
        "2.00",
        "12.00",
        "Quay",
        "",
        "",
      ],
      [
        "Invoice",
        "QUAY01",
        "31-10-2026",
        "Quay Cafe Ltd",
        "ST-202610-12",
        "5000",
        "Refunds sent on",
        "-1.50",
        "Lower Rate",
        "-0.30",
        "-1.80",
        "Quay",
        "",
        "",
      ],
    ]);
  });

  it("writes a sales invoice to the sales ledger", () => {
    expect(rowsOf("sage", "sales", invoice, DEFAULT_ACCOUNTING_SETTINGS.sage)[1]).toEqual([
      "Invoice",
      "QUAY01",
      "31-10-2026",
      "Quay Cafe Ltd",
      "INV-00012",
      "4000",
      "Card fees",
      "12.34",
      "No VAT",
      "0.00",
      "12.34",
      "",
      "",
      "",
    ]);
  });
});
