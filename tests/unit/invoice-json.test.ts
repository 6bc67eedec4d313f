/** Fee invoices, payments and users at the JSON edge: pence in the views, pounds in the answers, the same fields in the same places. */
import { describe, expect, it } from "vitest";
import { invoiceJson, invoiceQuoteFromJson, invoiceQuoteJson } from "#domain/invoices/invoice-json.ts";
import type { InvoiceView } from "#domain/invoices/invoice-queries.ts";
import type { InvoiceQuote } from "#domain/invoices/invoice-generation.ts";
import { creditNoteJson, paymentJson } from "#domain/receivables/receivables-json.ts";
import { publicUserJson } from "#domain/accounts/user-json.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";

const invoice: InvoiceView = {
  id: 5,
  displayId: "INV-00005",
  partnerId: 2,
  partnerName: "Harrogate Fitness Club",
  amountPence: 3215,
  vatPercent: 20,
  vatPence: 643,
  totalPence: 3858,
  leftToPayPence: 1858,
  paymentPeriod: "monthly",
  periodStart: "2026-11-01",
  periodEnd: "2026-11-30",
  dueDate: "2026-11-15",
  paidDate: null,
  paymentReference: null,
  status: "pending",
  invoiceUrl: "/api/fee-payments/5/invoice",
  createdAt: "2026-11-01T00:00:00.000Z",
  sentAt: null,
  sentVia: null,
  deletable: true,
  notDeletableBecause: null,
};

const quote: InvoiceQuote = {
  partnerId: 2,
  paymentPeriod: "6-months",
  months: 6,
  discountPercent: 10,
  monthlyFeePence: 4999,
  grossPence: 29994,
  discountPence: 2999,
  amountPence: 26995,
  vatPercent: null,
  vatPence: 0,
  totalPence: 26995,
  periodStart: "2026-12-01",
  periodEnd: "2027-05-31",
  dueDate: "2026-12-15",
};

const user: PublicUser = {
  id: 2,
  username: "harrogate",
  isAdmin: false,
  name: "Harrogate Fitness Club",
  partnerType: "fee-paying",
  email: null,
  billingAddress: null,
  bankName: null,
  accountNumber: null,
  sortCode: null,
  accountHolderName: null,
  rollNumber: null,
  commissionPercentage: "0.0000",
  monthlyFeePence: 4999,
  paymentPeriod: "monthly",
  nextPaymentDue: null,
  lastPaymentDate: null,
};

describe("invoice JSON", () => {
  it("answers the invoice's pence as pounds under the spec's names, every other field as it is", () => {
    const json = invoiceJson(invoice);
    expect(json).toMatchObject({
      amount: 32.15,
      vatPercent: 20,
      vat: 6.43,
      total: 38.58,
      leftToPay: 18.58,
      status: "pending",
    });
    expect(Object.keys(json)).toEqual(
      Object.keys(invoice).map(
        (k) => ({ amountPence: "amount", vatPence: "vat", totalPence: "total", leftToPayPence: "leftToPay" })[k] ?? k,
      ),
    );
  });

  it("answers a quote in pounds, and reads an answered quote back to the same pence", () => {
    const json = invoiceQuoteJson(quote);
    expect(json).toMatchObject({
      monthlyFee: 49.99,
      gross: 299.94,
      discount: 29.99,
      amount: 269.95,
      vat: 0,
      total: 269.95,
    });
    expect(invoiceQuoteFromJson(JSON.parse(JSON.stringify(json)))).toEqual(quote);
  });
});

describe("payment and credit note JSON", () => {
  it("answers the payment and its allocations in pounds", () => {
    expect(
      paymentJson({
        id: 1,
        partnerId: 2,
        receivedOn: "2026-11-20",
        amountPence: 13500,
        method: "bank-transfer",
        reference: null,
        allocations: [
          { invoiceId: 5, displayId: "INV-00005", amountPence: 9000 },
          { invoiceId: 6, displayId: "INV-00006", amountPence: 4500 },
        ],
        createdAt: "2026-11-20T00:00:00.000Z",
        createdBy: 1,
      }),
    ).toMatchObject({
      amount: 135,
      allocations: [
        { invoiceId: 5, displayId: "INV-00005", amount: 90 },
        { invoiceId: 6, displayId: "INV-00006", amount: 45 },
      ],
    });
  });

  it("answers the credit note's amount in pounds", () => {
    const note = creditNoteJson({
      id: 3,
      displayId: "CN-00003",
      invoiceId: 5,
      invoiceDisplayId: "INV-00005",
      partnerId: 2,
      issuedOn: "2026-11-21",
      amountPence: 1050,
      reason: "Goodwill",
      kind: "credit",
      pdfUrl: "/api/credit-notes/3/pdf",
      createdAt: "2026-11-21T00:00:00.000Z",
    });
    expect(note.amount).toBe(10.5);
    expect(note).not.toHaveProperty("amountPence");
  });
});

describe("user JSON", () => {
  it("answers the monthly fee in pounds in the field's place, and null as null", () => {
    const json = publicUserJson({ ...user, signInDisabledAt: null });
    expect(json.monthlyFee).toBe(49.99);
    expect(Object.keys(json)).toEqual(
      Object.keys({ ...user, signInDisabledAt: null }).map((k) => (k === "monthlyFeePence" ? "monthlyFee" : k)),
    );
    expect(publicUserJson({ ...user, monthlyFeePence: null }).monthlyFee).toBeNull();
  });
});
