/** Payments and credit notes: balances, status, allocation oldest first, validation — exact pence. */
import { describe, expect, it } from "vitest";
import {
  invoiceGrossPence,
  invoiceState,
  leftToPayFigure,
  leftToPayPence,
  leftToPayWords,
  type InvoiceSettlement,
} from "#domain/receivables/invoice-balance-rules.ts";
import {
  MAX_PAYMENT_PENCE,
  allocateOldestFirst,
  allocationsProblem,
  creditReasonProblem,
  methodFromReference,
  paymentAmountProblem,
  receivedOnProblem,
  unallocatedProblem,
} from "#domain/receivables/payment-rules.ts";
import { formatCreditNoteId } from "#domain/shared/format.ts";
import { describeAuditEntry } from "#domain/audit/audit-entries.ts";

const TODAY = "2026-03-10";
const invoice = (over: Partial<InvoiceSettlement> = {}): InvoiceSettlement => ({
  grossPence: 9000,
  allocations: [],
  credits: [],
  dueDate: "2026-03-15",
  status: "pending",
  ...over,
});
const pay = (receivedOn: string, amountPence: number, reference: string | null = null) => ({
  receivedOn,
  amountPence,
  reference,
});

describe("invoice balance and status", () => {
  it("gross is net + VAT half-up: £75.00 at 20% is £90.00; £75.00 at 17.5% is £88.13; no VAT is the net", () => {
    expect(invoiceGrossPence({ amountPence: 7500, vatRateBp: 2000 })).toBe(9000);
    expect(invoiceGrossPence({ amountPence: 7500, vatRateBp: 1750 })).toBe(8813);
    expect(invoiceGrossPence({ amountPence: 7500, vatRateBp: null })).toBe(7500);
  });

  it("nothing paid: pending before the due date, overdue after it (not on it)", () => {
    expect(invoiceState(invoice(), TODAY)).toEqual({
      status: "pending",
      balancePence: 9000,
      paidPence: 0,
      creditedPence: 0,
      paidDate: null,
      paymentReference: null,
    });
    expect(invoiceState(invoice(), "2026-03-15").status).toBe("pending");
    expect(invoiceState(invoice(), "2026-03-16").status).toBe("overdue");
  });

  it("a partial payment of £40.00 leaves £50.00 due and the invoice pending; an overdue one stays overdue", () => {
    expect(invoiceState(invoice({ allocations: [pay("2026-03-01", 4000)] }), TODAY)).toMatchObject({
      status: "pending",
      balancePence: 5000,
      paidPence: 4000,
      paidDate: null,
    });
    expect(invoiceState(invoice({ status: "overdue", allocations: [pay("2026-03-01", 4000)] }), TODAY).status).toBe(
      "overdue",
    );
  });

  it("paid in full by two payments: paid on the later one's date with its reference", () => {
    expect(
      invoiceState(
        invoice({ allocations: [pay("2026-03-05", 5000, "BACS 2"), pay("2026-03-01", 4000, "BACS 1")] }),
        TODAY,
      ),
    ).toEqual({
      status: "paid",
      balancePence: 0,
      paidPence: 9000,
      creditedPence: 0,
      paidDate: "2026-03-05",
      paymentReference: "BACS 2",
    });
  });

  it("a credit note reduces the balance: £90.00 − £40.00 paid − £15.00 credited = £35.00; crediting the rest makes it paid, on the payment's day", () => {
    expect(
      invoiceState(
        invoice({
          allocations: [pay("2026-03-01", 4000)],
          credits: [{ issuedOn: "2026-03-02", amountPence: 1500, kind: "credit" }],
        }),
        TODAY,
      ),
    ).toMatchObject({ status: "pending", balancePence: 3500, creditedPence: 1500 });
    expect(
      invoiceState(
        invoice({
          allocations: [pay("2026-03-01", 4000)],
          credits: [{ issuedOn: "2026-03-02", amountPence: 5000, kind: "credit" }],
        }),
        TODAY,
      ),
    ).toMatchObject({ status: "paid", balancePence: 0, paidDate: "2026-03-01" });
    // Credited in full without a payment: paid on the credit's day.
    expect(
      invoiceState(invoice({ credits: [{ issuedOn: "2026-03-02", amountPence: 9000, kind: "credit" }] }), TODAY),
    ).toMatchObject({ status: "paid", paidDate: "2026-03-02" });
  });

  it("a cancellation credit note cancels it, whatever else", () => {
    expect(
      invoiceState(
        invoice({
          allocations: [pay("2026-03-01", 4000)],
          credits: [{ issuedOn: "2026-03-02", amountPence: 5000, kind: "cancellation" }],
        }),
        "2027-01-01",
      ),
    ).toMatchObject({ status: "cancelled", balancePence: 0 });
  });
});

describe("allocating a payment", () => {
  const open = [
    { id: 3, dueDate: "2026-03-15", balancePence: 9000 },
    { id: 1, dueDate: "2026-01-15", balancePence: 9000 },
    { id: 2, dueDate: "2026-02-15", balancePence: 5000 },
  ];

  it("oldest due first: £120.00 settles INV 1 (£90.00) and £30.00 of INV 2", () => {
    expect(allocateOldestFirst(12_000, open)).toEqual({
      allocations: [
        { invoiceId: 1, amountPence: 9000 },
        { invoiceId: 2, amountPence: 3000 },
      ],
      remainderPence: 0,
    });
  });

  it("more than is due leaves a remainder, which is refused with the figures", () => {
    expect(allocateOldestFirst(24_000, open)).toMatchObject({ remainderPence: 1000 });
    expect(unallocatedProblem(1000, 23_000)).toBe(
      "The payment is £10.00 more than it settles (£230.00 is due): record the amount due, or raise the invoice first",
    );
    expect(unallocatedProblem(500, 0)).toBe("Nothing is due from this partner: a payment must settle an invoice");
  });

  it("chosen allocations must be open invoices, once each, at most their balance, adding up to the payment exactly", () => {
    expect(
      allocationsProblem(
        14_000,
        [
          { invoiceId: 3, amountPence: 9000 },
          { invoiceId: 2, amountPence: 5000 },
        ],
        open,
      ),
    ).toBeNull();
    expect(allocationsProblem(100, [], open)).toBe("Choose at least one invoice the payment settles");
    expect(allocationsProblem(100, [{ invoiceId: 9, amountPence: 100 }], open)).toBe(
      "INV-00009 is not an unpaid invoice of this partner",
    );
    expect(
      allocationsProblem(
        200,
        [
          { invoiceId: 1, amountPence: 100 },
          { invoiceId: 1, amountPence: 100 },
        ],
        open,
      ),
    ).toBe("INV-00001 is named twice");
    expect(allocationsProblem(5001, [{ invoiceId: 2, amountPence: 5001 }], open)).toBe(
      "INV-00002 has only £50.00 left to pay",
    );
    expect(allocationsProblem(100, [{ invoiceId: 2, amountPence: 0 }], open)).toBe(
      "The amount for INV-00002 must be more than £0.00",
    );
    expect(allocationsProblem(100, [{ invoiceId: 2, amountPence: 200 }], open)).toBe(
      "The invoices add up to £2.00, more than the payment of £1.00",
    );
    expect(allocationsProblem(300, [{ invoiceId: 2, amountPence: 200 }], open)).toBe(
      "The invoices add up to £2.00, less than the payment of £3.00: a payment is not kept as credit, so settle more or record less",
    );
  });
});

describe("payment validation", () => {
  it("the received date is a real day, not in the future", () => {
    expect(receivedOnProblem("2026-03-10", TODAY)).toBeNull();
    expect(receivedOnProblem("2026-02-30", TODAY)).toBe("Received date must be a date (YYYY-MM-DD)");
    expect(receivedOnProblem("2026-03-11", TODAY)).toBe("Received date cannot be in the future");
  });

  it("the amount is whole pence, more than nothing, at most £1,000,000.00", () => {
    expect(paymentAmountProblem(1)).toBeNull();
    expect(paymentAmountProblem(MAX_PAYMENT_PENCE)).toBeNull();
    expect(paymentAmountProblem(0)).toBe("Amount must be more than £0.00");
    expect(paymentAmountProblem(MAX_PAYMENT_PENCE + 1)).toBe("Amount must be at most £1,000,000.00");
  });

  it("a credit note's reason is one line of text", () => {
    expect(creditReasonProblem(" Goodwill ")).toBeNull();
    expect(creditReasonProblem("  ")).toBe("Reason is required");
    expect(creditReasonProblem("a\nb")).toBe("Reason must be one line of text");
    expect(creditReasonProblem("x".repeat(201))).toBe("Reason must be at most 200 characters");
  });

  it("the method from a plain reference; credit note numbers", () => {
    expect(methodFromReference("BACS HFC-0001")).toBe("bank-transfer");
    expect(methodFromReference("Chq 55")).toBe("cheque");
    expect(methodFromReference("card ending 4242")).toBe("card");
    expect(methodFromReference("INV-00001")).toBe("other");
    expect(formatCreditNoteId(7)).toBe("CN-00007");
  });
});

describe("the audit trail's lines for payments and credit notes", () => {
  const entry = (over: Partial<Parameters<typeof describeAuditEntry>[0]>) => ({
    action: "record",
    entity: "payment",
    entityId: "3",
    month: "2026-01",
    before: null,
    after: null,
    details: null,
    ...over,
  });
  it("names the amount, the day and the invoices", () => {
    expect(
      describeAuditEntry(
        entry({
          after: {
            amount: 135,
            receivedOn: "2026-02-20",
            allocations: [
              { invoiceId: 4, amount: 90 },
              { invoiceId: 5, amount: 45 },
            ],
          },
        }),
      ),
    ).toBe("Recorded payment of £135.00 received 20/02/2026 for INV-00004, INV-00005");
    expect(
      describeAuditEntry(
        entry({ action: "delete", before: { amount: 90, allocations: [{ invoiceId: 4, amount: 90 }] } }),
      ),
    ).toBe("Deleted payment of £90.00 for INV-00004");
    expect(
      describeAuditEntry(
        entry({
          action: "migration_payment",
          after: { amount: "90.00", receivedOn: "2026-01-08", allocations: [{ invoiceId: 1, amount: "90.00" }] },
        }),
      ),
    ).toBe("Migrated payment of £90.00 received 08/01/2026 for INV-00001");
    expect(
      describeAuditEntry(
        entry({
          entity: "credit_note",
          action: "issue",
          entityId: "2",
          after: { amount: 15, invoiceId: 4, kind: "credit" },
        }),
      ),
    ).toBe("Issued CN-00002 for £15.00 against INV-00004");
    expect(
      describeAuditEntry(
        entry({
          action: "migration_summary",
          entityId: null,
          details: { reason: "2 paid invoices migrated into payments, 1 cancelled invoice into credit notes" },
        }),
      ),
    ).toBe("2 paid invoices migrated into payments, 1 cancelled invoice into credit notes");
  });
});

describe("what is left to pay", () => {
  it("the total less payments and credit notes, never below 0", () => {
    expect(leftToPayPence({ grossPence: 9000, paidPence: 2500, creditedPence: 1500 })).toBe(5000);
    expect(leftToPayPence({ grossPence: 9000, paidPence: 9000, creditedPence: 0 })).toBe(0);
    expect(leftToPayPence({ grossPence: 9000, paidPence: 6000, creditedPence: 4000 })).toBe(0);
    expect(invoiceState(invoice({ allocations: [pay("2026-03-01", 2500)] }), TODAY).balancePence).toBe(
      leftToPayPence({ grossPence: 9000, paidPence: 2500, creditedPence: 0 }),
    );
  });

  it("in words only once part of it is paid or credited and some is left", () => {
    expect(leftToPayFigure({ leftToPayPence: 5000, totalPence: 9000 })).toBe("£50.00 of £90.00");
    expect(leftToPayWords({ leftToPayPence: 5000, totalPence: 9000 })).toBe("Left to pay £50.00 of £90.00");
    expect(leftToPayFigure({ leftToPayPence: 9000, totalPence: 9000 })).toBe("£90.00");
    expect(leftToPayWords({ leftToPayPence: 9000, totalPence: 9000 })).toBeNull();
    expect(leftToPayFigure({ leftToPayPence: 0, totalPence: 9000 })).toBe("£0.00");
    expect(leftToPayWords({ leftToPayPence: 0, totalPence: 9000 })).toBeNull();
    expect(leftToPayFigure({ leftToPayPence: 1, totalPence: 123456 })).toBe("£0.01 of £1,234.56");
  });
});
