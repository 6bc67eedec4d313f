import { describe, expect, it } from "vitest";
import { AGING_BUCKETS, agingBucket, agingOf, daysBetween } from "#domain/receivables/aging-rules.ts";
import {
  accountEntries,
  entryDetail,
  entryTitle,
  firstEntryDate,
  statementOfAccount,
  type AccountHistory,
  type AccountInvoice,
} from "#domain/receivables/account-rules.ts";

// Every invoice, payment and credit in date order with a running balance; the
// balance due and its aging (current, 1–30, 31–60, 61–90, over 90 days past due).
// Fee £75.00 a month + 20% VAT = £90.00 gross per monthly invoice, due 14 days after its start.

const invoice = (id: number, issuedOn: string, grossPence = 9000): AccountInvoice => ({
  id,
  issuedOn,
  dueDate: `${issuedOn.slice(0, 8)}15`,
  periodStart: issuedOn,
  periodEnd: `${issuedOn.slice(0, 8)}28`,
  grossPence,
});

/** Jan paid in full on 8 Jan; Feb £50.00 paid on 20 Feb (£40.00 left); Mar credited £15.00 the day it was issued; Apr unpaid. */
const HISTORY: AccountHistory = {
  invoices: [invoice(1, "2026-01-01"), invoice(2, "2026-02-01"), invoice(3, "2026-03-01"), invoice(4, "2026-04-01")],
  payments: [
    {
      id: 1,
      receivedOn: "2026-01-08",
      amountPence: 9000,
      method: "bank-transfer",
      reference: "BACS HFC-0001",
      allocations: [{ invoiceId: 1, amountPence: 9000 }],
    },
    {
      id: 2,
      receivedOn: "2026-02-20",
      amountPence: 5000,
      method: "card",
      reference: null,
      allocations: [{ invoiceId: 2, amountPence: 5000 }],
    },
  ],
  credits: [
    { id: 1, invoiceId: 3, issuedOn: "2026-03-01", amountPence: 1500, kind: "credit", reason: "Machine out of order" },
  ],
};

describe("Statement of account: every entry in date order with a running balance", () => {
  it("lists the whole history with debits, credits and the balance after each", () => {
    const statement = statementOfAccount(HISTORY, { from: "2026-01-01", to: "2026-04-30" });
    expect(statement.openingPence).toBe(0);
    expect(statement.lines.map((l) => [l.date, l.kind, l.id, l.debitPence, l.creditPence, l.balancePence])).toEqual([
      ["2026-01-01", "invoice", 1, 9000, 0, 9000],
      ["2026-01-08", "payment", 1, 0, 9000, 0],
      ["2026-02-01", "invoice", 2, 9000, 0, 9000],
      ["2026-02-20", "payment", 2, 0, 5000, 4000],
      ["2026-03-01", "invoice", 3, 9000, 0, 13000],
      ["2026-03-01", "credit", 1, 0, 1500, 11500],
      ["2026-04-01", "invoice", 4, 9000, 0, 20500],
    ]);
    expect(statement).toMatchObject({ debitPence: 36000, creditPence: 15500, closingPence: 20500 });
  });

  it("brings forward the balance of the entries before the period and stops after its end", () => {
    const statement = statementOfAccount(HISTORY, { from: "2026-02-15", to: "2026-03-01" });
    // Before 15 Feb: 9000 − 9000 + 9000 = 9000 brought forward.
    expect(statement.openingPence).toBe(9000);
    expect(statement.lines.map((l) => [l.kind, l.id, l.balancePence])).toEqual([
      ["payment", 2, 4000],
      ["invoice", 3, 13000],
      ["credit", 1, 11500],
    ]);
    expect(statement).toMatchObject({ debitPence: 9000, creditPence: 6500, closingPence: 11500 });
  });

  it("a period without entries shows the balance brought forward as its closing balance", () => {
    const statement = statementOfAccount(HISTORY, { from: "2026-03-02", to: "2026-03-31" });
    expect(statement).toMatchObject({
      openingPence: 11500,
      lines: [],
      debitPence: 0,
      creditPence: 0,
      closingPence: 11500,
    });
  });

  it("within a day: invoices, then credits, then payments, each by id, whatever order they come in", () => {
    const sameDay: AccountHistory = {
      invoices: [invoice(8, "2026-05-01", 4500), invoice(7, "2026-05-01", 9000)],
      payments: [
        {
          id: 3,
          receivedOn: "2026-05-01",
          amountPence: 3000,
          method: "cash",
          reference: null,
          allocations: [{ invoiceId: 7, amountPence: 3000 }],
        },
      ],
      credits: [{ id: 2, invoiceId: 8, issuedOn: "2026-05-01", amountPence: 4500, kind: "cancellation", reason: null }],
    };
    expect(accountEntries(sameDay).map((e) => `${e.kind}${e.id}`)).toEqual([
      "invoice7",
      "invoice8",
      "credit2",
      "payment3",
    ]);
    const statement = statementOfAccount(sameDay, { from: "2026-05-01", to: "2026-05-01" });
    expect(statement.lines.map((l) => l.balancePence)).toEqual([9000, 13500, 9000, 6000]);
    expect(statement.closingPence).toBe(6000);
  });

  it("a payment before its invoice shows the partner in credit (a negative balance)", () => {
    const early: AccountHistory = {
      invoices: [invoice(1, "2026-06-03", 12345)],
      payments: [
        {
          id: 1,
          receivedOn: "2026-06-02",
          amountPence: 12345,
          method: "bank-transfer",
          reference: "EARLY",
          allocations: [{ invoiceId: 1, amountPence: 12345 }],
        },
      ],
      credits: [],
    };
    expect(
      statementOfAccount(early, { from: "2026-06-01", to: "2026-06-30" }).lines.map((l) => l.balancePence),
    ).toEqual([-12345, 0]);
  });

  it("the first entry's day opens the account; none for an empty account", () => {
    expect(firstEntryDate(HISTORY)).toBe("2026-01-01");
    expect(firstEntryDate({ invoices: [], payments: [], credits: [] })).toBeNull();
    expect(
      statementOfAccount({ invoices: [], payments: [], credits: [] }, { from: "2026-01-01", to: "2026-01-31" }),
    ).toMatchObject({ openingPence: 0, lines: [], closingPence: 0 });
  });

  it("refuses a period that runs backwards", () => {
    expect(() => statementOfAccount(HISTORY, { from: "2026-02-02", to: "2026-02-01" })).toThrow(RangeError);
  });
});

describe("Aging buckets: days past due = as-of day − due date", () => {
  it("0 or less is current; then 1–30, 31–60, 61–90, over 90", () => {
    expect([-14, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(agingBucket)).toEqual([
      "current",
      "current",
      "1-30",
      "1-30",
      "31-60",
      "31-60",
      "61-90",
      "61-90",
      "over-90",
      "over-90",
    ]);
    expect(AGING_BUCKETS).toEqual(["current", "1-30", "31-60", "61-90", "over-90"]);
  });

  it("counts calendar days in UTC, across month ends and leap days", () => {
    expect(daysBetween("2026-02-15", "2026-04-20")).toBe(64);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetween("2026-03-28", "2026-03-29")).toBe(1); // the UK's clocks change that night; days stay whole
    expect(daysBetween("2026-04-20", "2026-04-15")).toBe(-5);
  });
});

describe("Balance due and its aging on a fixed day", () => {
  it("on 20 Apr 2026: Feb's £40.00 is 64 days late, Mar's £75.00 36, Apr's £90.00 5; everything is overdue", () => {
    const aging = agingOf(HISTORY, "2026-04-20");
    expect(aging.openInvoices.map((i) => [i.id, i.openPence, i.daysPastDue, i.bucket])).toEqual([
      [2, 4000, 64, "61-90"],
      [3, 7500, 36, "31-60"],
      [4, 9000, 5, "1-30"],
    ]);
    expect(aging.buckets).toEqual({ current: 0, "1-30": 9000, "31-60": 7500, "61-90": 4000, "over-90": 0 });
    expect(aging).toMatchObject({ balancePence: 20500, overduePence: 20500, oldestOverdueDays: 64 });
  });

  it("on 10 Apr 2026: Apr's invoice is not due yet (current); the buckets sum to the statement's balance", () => {
    const aging = agingOf(HISTORY, "2026-04-10");
    expect(aging.buckets).toEqual({ current: 9000, "1-30": 7500, "31-60": 4000, "61-90": 0, "over-90": 0 });
    expect(aging).toMatchObject({ balancePence: 20500, overduePence: 11500, oldestOverdueDays: 54 });
    expect(aging.balancePence).toBe(statementOfAccount(HISTORY, { from: "2026-01-01", to: "2026-04-10" }).closingPence);
  });

  it("on the due date itself nothing is overdue; the day after it is 1 day late", () => {
    const one: AccountHistory = { invoices: [invoice(1, "2026-01-01", 8813)], payments: [], credits: [] };
    expect(agingOf(one, "2026-01-15")).toMatchObject({
      balancePence: 8813,
      overduePence: 0,
      oldestOverdueDays: null,
      buckets: { current: 8813 },
    });
    expect(agingOf(one, "2026-01-16")).toMatchObject({
      balancePence: 8813,
      overduePence: 8813,
      oldestOverdueDays: 1,
      buckets: { current: 0, "1-30": 8813 },
    });
    expect(agingOf(one, "2026-04-16")).toMatchObject({
      oldestOverdueDays: 91,
      buckets: { "61-90": 0, "over-90": 8813 },
    });
  });

  it("counts only what is dated on or before the day: later invoices, payments and credits wait", () => {
    // On 19 Feb Feb's invoice is still unpaid (the £50.00 arrives on the 20th): £90.00, 4 days late.
    expect(agingOf(HISTORY, "2026-02-19")).toMatchObject({
      balancePence: 9000,
      overduePence: 9000,
      oldestOverdueDays: 4,
    });
    // Before the first invoice: nothing.
    expect(agingOf(HISTORY, "2025-12-31")).toMatchObject({
      balancePence: 0,
      overduePence: 0,
      oldestOverdueDays: null,
      openInvoices: [],
    });
  });

  it("a paid-up account owes nothing and nothing is overdue", () => {
    const paid: AccountHistory = {
      invoices: HISTORY.invoices.slice(0, 1),
      payments: HISTORY.payments.slice(0, 1),
      credits: [],
    };
    expect(agingOf(paid, "2026-12-31")).toMatchObject({
      balancePence: 0,
      overduePence: 0,
      oldestOverdueDays: null,
      openInvoices: [],
    });
  });

  it("a cancelled invoice (cancellation credit for its unpaid balance) leaves nothing open", () => {
    const cancelled: AccountHistory = {
      invoices: [invoice(1, "2026-01-01")],
      payments: [
        {
          id: 1,
          receivedOn: "2026-01-10",
          amountPence: 2000,
          method: "cheque",
          reference: "000123",
          allocations: [{ invoiceId: 1, amountPence: 2000 }],
        },
      ],
      credits: [
        {
          id: 1,
          invoiceId: 1,
          issuedOn: "2026-01-20",
          amountPence: 7000,
          kind: "cancellation",
          reason: "Contract ended",
        },
      ],
    };
    expect(agingOf(cancelled, "2026-03-01")).toMatchObject({ balancePence: 0, overduePence: 0, openInvoices: [] });
    expect(agingOf(cancelled, "2026-01-19")).toMatchObject({
      balancePence: 7000,
      overduePence: 7000,
      oldestOverdueDays: 4,
    });
  });

  it("money not applied to a counted invoice settles the oldest first; any rest stays a credit in current", () => {
    // A payment of £100.00 on 2 Mar allocated to an invoice issued on 5 Mar: on 3 Mar it is unapplied.
    const ahead: AccountHistory = {
      invoices: [invoice(1, "2026-01-01"), invoice(2, "2026-02-01"), invoice(3, "2026-03-05", 10000)],
      payments: [
        {
          id: 1,
          receivedOn: "2026-03-02",
          amountPence: 10000,
          method: "bank-transfer",
          reference: null,
          allocations: [{ invoiceId: 3, amountPence: 10000 }],
        },
      ],
      credits: [],
    };
    const aging = agingOf(ahead, "2026-03-03");
    // £100.00 settles Jan's £90.00 and £10.00 of Feb's: £80.00 left, 16 days late.
    expect(aging.openInvoices.map((i) => [i.id, i.openPence, i.daysPastDue])).toEqual([[2, 8000, 16]]);
    expect(aging).toMatchObject({ balancePence: 8000, overduePence: 8000, oldestOverdueDays: 16 });
    expect(aging.balancePence).toBe(statementOfAccount(ahead, { from: "2026-01-01", to: "2026-03-03" }).closingPence);

    const inCredit = agingOf(
      { ...ahead, invoices: ahead.invoices.slice(0, 1).concat(ahead.invoices[2]) },
      "2026-03-03",
    );
    expect(inCredit.buckets).toEqual({ current: -1000, "1-30": 0, "31-60": 0, "61-90": 0, "over-90": 0 });
    expect(inCredit).toMatchObject({ balancePence: -1000, overduePence: 0, oldestOverdueDays: null, openInvoices: [] });
  });

  it("the buckets always sum exactly to the statement's closing balance", () => {
    for (const day of [
      "2026-01-01",
      "2026-01-08",
      "2026-02-16",
      "2026-03-01",
      "2026-03-20",
      "2026-05-01",
      "2026-08-01",
    ]) {
      const aging = agingOf(HISTORY, day);
      const sum = AGING_BUCKETS.reduce((s, b) => s + aging.buckets[b], 0);
      expect(sum, day).toBe(aging.balancePence);
      expect(sum, day).toBe(statementOfAccount(HISTORY, { from: "2026-01-01", to: day }).closingPence);
    }
  });
  it("settles the earliest due date first, the lower id on the same day, whatever order the invoices come in", () => {
    const pay = (
      id: number,
      receivedOn: string,
      amountPence: number,
      allocations: { invoiceId: number; amountPence: number }[],
    ) => ({
      id,
      receivedOn,
      amountPence,
      method: "bank-transfer" as const,
      reference: null,
      allocations,
    });
    // Invoice 1 is due after 2 and 3; £90.00 received with nothing allocated settles invoice 2.
    const shuffled: AccountHistory = {
      invoices: [invoice(1, "2026-02-01"), invoice(3, "2026-01-01"), invoice(2, "2026-01-01")],
      payments: [pay(1, "2026-01-05", 9000, [])],
      credits: [],
    };
    expect(agingOf(shuffled, "2026-03-01").openInvoices.map((i) => [i.id, i.openPence])).toEqual([
      [3, 9000],
      [1, 9000],
    ]);
    // £100.00 allocated £90.00 to January: the other £10.00 settles part of February.
    const partly: AccountHistory = {
      invoices: [invoice(1, "2026-01-01"), invoice(2, "2026-02-01")],
      payments: [pay(1, "2026-01-05", 10000, [{ invoiceId: 1, amountPence: 9000 }])],
      credits: [],
    };
    expect(agingOf(partly, "2026-03-01").openInvoices.map((i) => [i.id, i.openPence])).toEqual([[2, 8000]]);
    // February paid £10.00 over its gross: the excess settles January, due first.
    const overpaid: AccountHistory = {
      invoices: [invoice(1, "2026-01-01"), invoice(2, "2026-02-01")],
      payments: [pay(1, "2026-02-05", 10000, [{ invoiceId: 2, amountPence: 10000 }])],
      credits: [],
    };
    const aging = agingOf(overpaid, "2026-03-01");
    expect(aging.openInvoices.map((i) => [i.id, i.openPence])).toEqual([[1, 8000]]);
    expect(aging).toMatchObject({ balancePence: 8000, overduePence: 8000 });
  });
});

describe("How a line reads on the screens and the PDF", () => {
  const lines = statementOfAccount(HISTORY, { from: "2026-01-01", to: "2026-04-30" }).lines;

  it("an invoice by its number, with its period and due date", () => {
    expect(entryTitle(lines[0])).toBe("INV-00001");
    expect(entryDetail(lines[0])).toBe("Fee 01/01/2026 - 28/01/2026, due 15/01/2026");
  });

  it("a payment by its method and reference, with the invoices it settles", () => {
    expect(entryTitle(lines[1])).toBe("Payment, bank transfer, BACS HFC-0001");
    expect(entryDetail(lines[1])).toBe("Settles INV-00001");
    expect(entryTitle(lines[3])).toBe("Payment, card");
    const split = {
      id: 9,
      receivedOn: "2026-05-01",
      amountPence: 100,
      method: "direct-debit",
      reference: null,
      allocations: [
        { invoiceId: 3, amountPence: 50 },
        { invoiceId: 4, amountPence: 50 },
      ],
    };
    const [line] = statementOfAccount(
      { invoices: [], payments: [split], credits: [] },
      { from: "2026-05-01", to: "2026-05-01" },
    ).lines;
    expect(entryTitle(line)).toBe("Payment, direct debit");
    expect(entryDetail(line)).toBe("Settles INV-00003, INV-00004");
  });

  it("a credit note by its number, with the invoice it credits or cancels and why", () => {
    expect(entryTitle(lines[5])).toBe("CN-00001");
    expect(entryDetail(lines[5])).toBe("Credit on INV-00003: Machine out of order");
    const cancel = {
      id: 12,
      invoiceId: 4,
      issuedOn: "2026-04-02",
      amountPence: 9000,
      kind: "cancellation" as const,
      reason: null,
    };
    const [line] = statementOfAccount(
      { invoices: [], payments: [], credits: [cancel] },
      { from: "2026-04-01", to: "2026-04-30" },
    ).lines;
    expect(entryTitle(line)).toBe("CN-00012");
    expect(entryDetail(line)).toBe("Cancels INV-00004");
  });
});
