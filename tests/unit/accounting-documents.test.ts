/**
 * The month's documents as the books take them, beyond accounting.test.ts: whole documents (number,
 * reference, dates, every line's words and pence), a cancellation, a bill's remainder line, a
 * self-billed bill's VAT on every line, an unpaid bill, and contacts' names and addresses.
 */
import { describe, expect, it } from "vitest";
import {
  billDocument,
  contactsOf,
  creditNoteDocument,
  invoiceDocument,
  isCredit,
  type Contact,
} from "#domain/accounting/document-rules.ts";

const contact: Contact = { name: "Pat", email: null, address: [], reference: "P00012" };

describe("invoiceDocument", () => {
  it("a monthly invoice with no VAT: the fee period as its reference, no term discount in its words", () => {
    const invoice = {
      id: 8,
      createdAt: "2026-11-02T10:00:00.000Z",
      dueDate: "2026-11-16",
      periodStart: "2026-11-01",
      periodEnd: "2026-11-30",
      paymentPeriod: "monthly" as const,
      amountPence: 4_000,
      vatRateBp: null,
    };
    expect(invoiceDocument(invoice, contact)).toEqual({
      number: "INV-00008",
      reference: "Placement fee 01/11/2026 - 30/11/2026",
      contact,
      date: "2026-11-02",
      dueDate: "2026-11-16",
      lines: [
        {
          description: "Machine placement fee, 01/11/2026 - 30/11/2026 (Monthly)",
          netPence: 4_000,
          vatPence: 0,
          vatRateBp: null,
        },
      ],
    });
  });
});

describe("creditNoteDocument", () => {
  const note = {
    id: 3,
    invoiceId: 7,
    issuedOn: "2026-10-20",
    amountPence: 1_000,
    reason: "Machine out of order for a week",
    kind: "credit" as const,
    invoice: { amountPence: 5_000, vatRateBp: 2000 },
  };

  it("a credit: one negative line naming the invoice and the reason, dated and due the day it was issued", () => {
    expect(creditNoteDocument(note, contact)).toEqual({
      number: "CN-00003",
      reference: "INV-00007",
      contact,
      date: "2026-10-20",
      dueDate: "2026-10-20",
      lines: [
        {
          description: "Credit against invoice INV-00007: Machine out of order for a week",
          netPence: -833,
          vatPence: -167,
          vatRateBp: 2000,
        },
      ],
    });
  });

  it("a cancellation says so", () => {
    const cancelled = creditNoteDocument(
      { ...note, kind: "cancellation", amountPence: 6_000, reason: "Machine removed" },
      contact,
    );
    expect(cancelled.lines).toEqual([
      {
        description: "Cancellation of invoice INV-00007: Machine removed",
        netPence: -5_000,
        vatPence: -1_000,
        vatRateBp: 2000,
      },
    ]);
  });
});

describe("isCredit", () => {
  it("only a document below zero is a credit note; £0.00 is not", () => {
    const doc = (netPence: number) => ({ lines: [{ description: "", netPence, vatPence: 0, vatRateBp: null }] });
    expect([isCredit(doc(-1)), isCredit(doc(0)), isCredit(doc(1))]).toEqual([true, false, false]);
  });
});

describe("billDocument", () => {
  const month = {
    partner: { id: 12, username: "p", name: "Pat", email: null, billingAddress: null, partnerType: "profit-sharing" },
    month: "2026-10",
    machines: [{ machineId: 1, location: "Library" } as never],
    lines: [{ kind: "machine", machineId: 1, basis: "net-profit", quantity: 5_701, rate: 1000, commissionPence: 570 }],
    agreementPence: 600,
    adjustments: [{ id: 1, forMonth: "2026-09", amountPence: -47, reason: "record_deleted" }],
    sentOn: [{ month: "2026-11", amountPence: 20, reason: "late_sales" }],
    payment: { status: "completed", paidDate: "2026-11-03", amountPence: 533, rateBp: 1000 },
    vat: { rateBp: 2000, exVatPence: 533, vatPence: 107 },
  } as const satisfies Parameters<typeof billDocument>[0];

  it("a paid self-billed month: its working by machine, a remainder up to the agreement's figure, VAT on every line", () => {
    const doc = billDocument(month, contact);
    expect(doc).toMatchObject({
      number: "ST-202610-12",
      reference: "ST-202610-12",
      date: "2026-10-31",
      dueDate: "2026-11-03",
    });
    expect(doc.lines).toEqual([
      { description: "Library: Net profit: £57.01 × 10% = £5.70", netPence: 570, vatPence: 114, vatRateBp: 2000 },
      { description: "Commission under the agreement (remainder)", netPence: 30, vatPence: 6, vatRateBp: 2000 },
      {
        description: "Adjustment for September 2026 (record deleted): −£0.47",
        netPence: -47,
        vatPence: -9,
        vatRateBp: 2000,
      },
      {
        description: "Sent on: Late sales after payment: +£0.20, added to November 2026",
        netPence: -20,
        vatPence: -4,
        vatRateBp: 2000,
      },
    ]);
  });

  it("an unpaid month: nothing sent on yet, due 14 days after the month whatever date its payment record holds", () => {
    const unpaid = {
      ...month,
      payment: { status: "pending", paidDate: "2026-11-03", amountPence: null, rateBp: null },
      vat: { rateBp: 2000, exVatPence: 553, vatPence: 111 },
    };
    const doc = billDocument(unpaid as Parameters<typeof billDocument>[0], contact);
    expect(doc.dueDate).toBe("2026-11-14");
    expect(doc.lines.map((l) => [l.netPence, l.vatPence])).toEqual([
      [570, 114],
      [30, 6],
      [-47, -9],
    ]);
    const noDate = { ...month, payment: { status: "pending", paidDate: null, amountPence: null, rateBp: null } };
    expect(billDocument(noDate as Parameters<typeof billDocument>[0], contact).dueDate).toBe("2026-11-14");
  });
});

describe("contactsOf", () => {
  it("a partner with no billing address has no address lines", () => {
    const [only] = contactsOf([{ id: 5, name: "Sam", username: "sam", email: null, billingAddress: null }]).values();
    expect(only).toEqual({ name: "Sam", email: null, address: [], reference: "P00005" });
  });

  it("names that differ by a letter (Turkish ı and i) are two names, each kept as it is", () => {
    const people = contactsOf([
      { id: 1, name: "Kırk", username: "kirk1", email: null, billingAddress: null },
      { id: 2, name: "Kirk", username: "kirk2", email: null, billingAddress: null },
    ]);
    expect([...people.values()].map((c) => c.name)).toEqual(["Kırk", "Kirk"]);
  });
});
