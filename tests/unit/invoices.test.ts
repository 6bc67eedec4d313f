import { describe, expect, it } from "vitest";
import {
  DUE_AFTER_DAYS,
  INVOICE_STATUSES,
  PAYMENT_PERIODS,
  TERMS,
  accountState,
  accountStateOf,
  canDeleteInvoice,
  notDeletableBecause,
  canTransition,
  currentPaymentPeriod,
  formatInvoiceId,
  invoiceAmountPence,
  monthlyFeeOfAmount,
  invoiceCharge,
  invoicePeriod,
  nextPeriodStart,
  paymentPeriodLabel,
  paymentPeriodOf,
  type InvoiceStatus,
  type PaymentPeriod,
} from "#domain/invoices/invoice-rules.ts";

// ARCHITECTURE §5: months = 1, 6 or 12; amount = fee × months × (1 − discount), discount
// 0% / 10% / 15%; period end = start + months − 1 day; due date = start + 14 days.
// §10: monthly invoice from 31 Jan: 31 Jan – 28/29 Feb, next from 1 Mar.

describe("Invoice terms: monthly 0%, 6 months 10%, 12 months 15%", () => {
  it("has the three payment periods", () => {
    expect(PAYMENT_PERIODS).toEqual(["monthly", "6-months", "12-months"]);
    expect(TERMS).toEqual({
      monthly: { months: 1, discountPercent: 0 },
      "6-months": { months: 6, discountPercent: 10 },
      "12-months": { months: 12, discountPercent: 15 },
    });
  });
});

describe("Invoice amount = fee × months × (1 − discount), half-up to the penny", () => {
  it("fee £50.00 monthly → 5000 pence", () => {
    expect(invoiceAmountPence(5000, "monthly")).toBe(5000);
  });

  it("fee £50.00 for 6 months → 5000 × 6 × 0.90 = 27000 pence", () => {
    expect(invoiceAmountPence(5000, "6-months")).toBe(27000);
  });

  it("fee £50.00 for 12 months → 5000 × 12 × 0.85 = 51000 pence", () => {
    expect(invoiceAmountPence(5000, "12-months")).toBe(51000);
  });

  it("odd fee £33.33 monthly → 3333 pence", () => {
    expect(invoiceAmountPence(3333, "monthly")).toBe(3333);
  });

  it("odd fee £33.33 for 6 months → 17998.2 → 17998 pence", () => {
    expect(invoiceAmountPence(3333, "6-months")).toBe(17998);
  });

  it("odd fee £33.33 for 12 months → 33996.6 → 33997 pence", () => {
    expect(invoiceAmountPence(3333, "12-months")).toBe(33997);
  });

  it("fee £12.34 for 12 months → 12586.8 → 12587 pence", () => {
    expect(invoiceAmountPence(1234, "12-months")).toBe(12587);
  });

  it("no fee → 0", () => {
    expect(invoiceAmountPence(0, "12-months")).toBe(0);
  });
});

describe("Invoice charge: the quote's figures, all in integer pence", () => {
  it("fee £33.33 for 12 months: gross 39996, discount 5999, amount 33997", () => {
    expect(invoiceCharge(3333, "12-months")).toEqual({
      months: 12,
      discountPercent: 15,
      monthlyFeePence: 3333,
      grossPence: 39996,
      discountPence: 5999,
      amountPence: 33997,
    });
  });

  it("fee £33.33 for 6 months: gross 19998, discount 2000, amount 17998", () => {
    expect(invoiceCharge(3333, "6-months")).toEqual({
      months: 6,
      discountPercent: 10,
      monthlyFeePence: 3333,
      grossPence: 19998,
      discountPence: 2000,
      amountPence: 17998,
    });
  });

  it("monthly: no discount, the fee itself", () => {
    expect(invoiceCharge(5000, "monthly")).toEqual({
      months: 1,
      discountPercent: 0,
      monthlyFeePence: 5000,
      grossPence: 5000,
      discountPence: 0,
      amountPence: 5000,
    });
  });

  it("the largest fee (£100,000.00) for 12 months stays exact in pence", () => {
    const charge = invoiceCharge(10_000_000, "12-months");
    expect(charge.amountPence).toBe(102_000_000);
    expect(charge.grossPence - charge.discountPence).toBe(charge.amountPence);
    expect(Number.isInteger(charge.discountPence)).toBe(true);
  });
});

describe("Invoice period: end = start + months − 1 day; due = start + 14 days; next due = end + 1 day", () => {
  it("is due 14 days after it starts", () => {
    expect(DUE_AFTER_DAYS).toBe(14);
  });

  it("monthly from 15 January → 15 Jan – 14 Feb, due 29 Jan, next due 15 Feb", () => {
    expect(invoicePeriod("2027-01-15", "monthly")).toEqual({
      periodStart: "2027-01-15",
      periodEnd: "2027-02-14",
      dueDate: "2027-01-29",
      nextPaymentDue: "2027-02-15",
    });
  });

  it("monthly from 31 January 2027 → ends 28 February, next payment due 1 March", () => {
    expect(invoicePeriod("2027-01-31", "monthly")).toEqual({
      periodStart: "2027-01-31",
      periodEnd: "2027-02-28",
      dueDate: "2027-02-14",
      nextPaymentDue: "2027-03-01",
    });
  });

  it("monthly from 31 January 2028 (leap year) → ends 29 February, next payment due 1 March", () => {
    expect(invoicePeriod("2028-01-31", "monthly")).toEqual({
      periodStart: "2028-01-31",
      periodEnd: "2028-02-29",
      dueDate: "2028-02-14",
      nextPaymentDue: "2028-03-01",
    });
  });

  it("monthly from 1 March → ends 31 March", () => {
    expect(invoicePeriod("2027-03-01", "monthly")).toEqual({
      periodStart: "2027-03-01",
      periodEnd: "2027-03-31",
      dueDate: "2027-03-15",
      nextPaymentDue: "2027-04-01",
    });
  });

  it("monthly from 15 December → crosses the year: ends 14 January", () => {
    expect(invoicePeriod("2026-12-15", "monthly")).toEqual({
      periodStart: "2026-12-15",
      periodEnd: "2027-01-14",
      dueDate: "2026-12-29",
      nextPaymentDue: "2027-01-15",
    });
  });

  it("6 months from 31 January 2027 → ends 30 July, next due 31 July", () => {
    expect(invoicePeriod("2027-01-31", "6-months")).toEqual({
      periodStart: "2027-01-31",
      periodEnd: "2027-07-30",
      dueDate: "2027-02-14",
      nextPaymentDue: "2027-07-31",
    });
  });

  it("12 months from 31 January 2027 → ends 30 January 2028, next due 31 January 2028", () => {
    expect(invoicePeriod("2027-01-31", "12-months")).toEqual({
      periodStart: "2027-01-31",
      periodEnd: "2028-01-30",
      dueDate: "2027-02-14",
      nextPaymentDue: "2028-01-31",
    });
  });

  it("12 months from 1 January → the calendar year", () => {
    expect(invoicePeriod("2027-01-01", "12-months")).toEqual({
      periodStart: "2027-01-01",
      periodEnd: "2027-12-31",
      dueDate: "2027-01-15",
      nextPaymentDue: "2028-01-01",
    });
  });

  it("consecutive monthly periods from 31 January leave no gap and no overlap", () => {
    const first = invoicePeriod("2027-01-31", "monthly");
    const second = invoicePeriod(nextPeriodStart(first.periodEnd, "2027-01-31"), "monthly");
    expect(second.periodStart).toBe("2027-03-01");
    expect(second.periodEnd).toBe("2027-03-31");
  });
});

describe("Next period starts the day after the latest non-cancelled invoice ends, else on the generation date", () => {
  it("starts the day after the latest period end", () => {
    expect(nextPeriodStart("2027-02-28", "2027-05-10")).toBe("2027-03-01");
    expect(nextPeriodStart("2028-02-29", "2028-01-01")).toBe("2028-03-01");
    expect(nextPeriodStart("2026-12-31", "2026-06-01")).toBe("2027-01-01");
  });

  it("starts on the generation date when there is no earlier invoice", () => {
    expect(nextPeriodStart(null, "2027-05-10")).toBe("2027-05-10");
  });
});

describe("Displayed invoice id: INV- + id padded to 5 digits", () => {
  it("pads small ids", () => {
    expect(formatInvoiceId(1)).toBe("INV-00001");
    expect(formatInvoiceId(42)).toBe("INV-00042");
    expect(formatInvoiceId(99999)).toBe("INV-99999");
  });

  it("does not cut longer ids", () => {
    expect(formatInvoiceId(123456)).toBe("INV-123456");
  });
});

describe("Invoice transitions: to paid, pending or overdue from any non-cancelled state; to cancelled from pending or overdue; cancelled is final", () => {
  it("has the four statuses", () => {
    expect(INVOICE_STATUSES).toEqual(["pending", "paid", "overdue", "cancelled"]);
  });

  const allowed: Record<InvoiceStatus, Record<InvoiceStatus, boolean>> = {
    pending: { pending: true, paid: true, overdue: true, cancelled: true },
    paid: { pending: true, paid: true, overdue: true, cancelled: false },
    overdue: { pending: true, paid: true, overdue: true, cancelled: true },
    cancelled: { pending: false, paid: false, overdue: false, cancelled: false },
  };

  for (const from of ["pending", "paid", "overdue", "cancelled"] as const) {
    for (const to of ["pending", "paid", "overdue", "cancelled"] as const) {
      it(`${from} → ${to} is ${allowed[from][to] ? "allowed" : "refused"}`, () => {
        expect(canTransition(from, to)).toBe(allowed[from][to]);
      });
    }
  }
});

describe("A paid invoice cannot be deleted; unpaid ones can", () => {
  it("refuses to delete a paid invoice", () => {
    expect(canDeleteInvoice("paid")).toBe(false);
  });

  it("allows deleting pending, overdue and cancelled invoices", () => {
    expect(canDeleteInvoice("pending")).toBe(true);
    expect(canDeleteInvoice("overdue")).toBe(true);
    expect(canDeleteInvoice("cancelled")).toBe(true);
  });

  it("says why not: paid, or money applied (a payment or a credit), which the views and both screens follow", () => {
    expect(notDeletableBecause("paid", false)).toBe("Paid invoices cannot be deleted");
    expect(notDeletableBecause("pending", true)).toBe("A payment or credit is applied to it: cancel it instead");
    expect(notDeletableBecause("overdue", false)).toBeNull();
    expect(notDeletableBecause("cancelled", false)).toBeNull();
  });
});

// ARCHITECTURE §11: a fee-paying partner's account state from its invoices: "Overdue" if any is
// overdue, else "Payment due" if any is pending, else "Up to date". Next payment due: the earliest
// unpaid invoice's due date, else the start of the next period (the day after the latest
// non-cancelled invoice's period end), else null.
describe("Account state: Overdue, else Payment due, else Up to date; next payment due from the earliest unpaid invoice, else the next period", () => {
  type Mix = Parameters<typeof accountState>[0];
  // Monthly invoices, due 14 days after they start. The table is built when the file is collected,
  // so it calls no domain code: a failure there would hide every test of the file.
  const inv = (status: InvoiceStatus, periodStart: string, periodEnd: string, dueDate: string) => ({
    status,
    periodStart,
    periodEnd,
    dueDate,
  });
  const jan = (status: InvoiceStatus) => inv(status, "2027-01-01", "2027-01-31", "2027-01-15");
  const feb = (status: InvoiceStatus) => inv(status, "2027-02-01", "2027-02-28", "2027-02-15");
  const mar = (status: InvoiceStatus) => inv(status, "2027-03-01", "2027-03-31", "2027-03-15");

  it.each<[string, Mix, { paymentStatus: string; nextPaymentDue: string | null }]>([
    ["no invoice", [], { paymentStatus: "Up to date", nextPaymentDue: null }],
    [
      "all paid: the next period starts the day after the latest ends",
      [jan("paid"), feb("paid")],
      { paymentStatus: "Up to date", nextPaymentDue: "2027-03-01" },
    ],
    ["one pending: its due date", [jan("pending")], { paymentStatus: "Payment due", nextPaymentDue: "2027-01-15" }],
    [
      "paid, then pending: the pending one's due date",
      [jan("paid"), feb("pending")],
      { paymentStatus: "Payment due", nextPaymentDue: "2027-02-15" },
    ],
    ["one overdue", [jan("overdue")], { paymentStatus: "Overdue", nextPaymentDue: "2027-01-15" }],
    [
      "one overdue and one pending: Overdue, due the overdue one's date",
      [jan("overdue"), feb("pending")],
      { paymentStatus: "Overdue", nextPaymentDue: "2027-01-15" },
    ],
    [
      "a pending one before an overdue one (set by hand): the earliest unpaid due date",
      [feb("overdue"), jan("pending")],
      { paymentStatus: "Overdue", nextPaymentDue: "2027-01-15" },
    ],
    [
      "paid, overdue, pending, listed newest first",
      [mar("pending"), feb("overdue"), jan("paid")],
      { paymentStatus: "Overdue", nextPaymentDue: "2027-02-15" },
    ],
    [
      "all paid, listed newest first: the next period still follows the latest end",
      [mar("paid"), jan("paid"), feb("paid")],
      { paymentStatus: "Up to date", nextPaymentDue: "2027-04-01" },
    ],
    [
      "two pending, listed newest first: the earliest due date",
      [mar("pending"), feb("pending")],
      { paymentStatus: "Payment due", nextPaymentDue: "2027-02-15" },
    ],
    [
      "cancelled only: nothing to pay and no period to follow",
      [jan("cancelled")],
      { paymentStatus: "Up to date", nextPaymentDue: null },
    ],
    [
      "paid + a later cancelled one: the cancelled period is raised again",
      [jan("paid"), feb("cancelled")],
      { paymentStatus: "Up to date", nextPaymentDue: "2027-02-01" },
    ],
    [
      "cancelled + pending: the pending one's due date",
      [jan("cancelled"), jan("pending")],
      { paymentStatus: "Payment due", nextPaymentDue: "2027-01-15" },
    ],
    [
      "a paid 12-month term: the next period after it",
      [{ status: "paid", periodStart: "2026-11-17", periodEnd: "2027-11-16", dueDate: "2026-12-01" }],
      { paymentStatus: "Up to date", nextPaymentDue: "2027-11-17" },
    ],
    [
      "a paid month after a short month (31 Jan → 28 Feb): next from 1 March",
      [{ status: "paid", periodStart: "2027-01-31", periodEnd: "2027-02-28", dueDate: "2027-02-14" }],
      { paymentStatus: "Up to date", nextPaymentDue: "2027-03-01" },
    ],
  ])("%s", (_name, invoices, expected) => {
    expect(accountState(invoices)).toEqual(expected);
  });

  it("keeps the spec's texts and adds Overdue", () => {
    const texts = new Set(
      [accountState([]), accountState([jan("pending")]), accountState([jan("overdue")])].map((a) => a.paymentStatus),
    );
    expect([...texts]).toEqual(["Up to date", "Payment due", "Overdue"]);
  });
});

describe("paymentPeriodLabel: the term as the pages show it, monthly when none is set", () => {
  it.each<[PaymentPeriod | null | undefined, string]>([
    ["monthly", "Monthly"],
    ["6-months", "6 Months"],
    ["12-months", "12 Months"],
    [null, "Monthly"],
    [undefined, "Monthly"],
  ])("%j → %s", (period, label) => {
    expect(paymentPeriodLabel(period)).toBe(label);
  });
});

describe("currentPaymentPeriod: the latest non-cancelled invoice's term, then the partner's, then monthly", () => {
  type Invoice = Parameters<typeof currentPaymentPeriod>[0][number];
  const invoice = (paymentPeriod: PaymentPeriod, status: InvoiceStatus, periodStart: string): Invoice => ({
    paymentPeriod,
    status,
    periodStart,
  });

  it("null for a partner with no invoice yet, whatever the partner's own setting", () => {
    expect(currentPaymentPeriod([], "12-months")).toBeNull();
    expect(currentPaymentPeriod([], null)).toBeNull();
  });

  it("follows the invoice with the latest period start, in whatever order they come", () => {
    const invoices = [
      invoice("monthly", "paid", "2027-01-01"),
      invoice("12-months", "pending", "2027-02-01"),
      invoice("6-months", "paid", "2026-07-01"),
    ];
    expect(currentPaymentPeriod(invoices, "monthly")).toBe("12-months");
    expect(currentPaymentPeriod([...invoices].reverse(), "monthly")).toBe("12-months");
    expect(invoices.map((i) => i.periodStart)).toEqual(["2027-01-01", "2027-02-01", "2026-07-01"]);
  });

  it("any status but cancelled counts: paid, pending and overdue", () => {
    expect(
      currentPaymentPeriod(
        [invoice("6-months", "overdue", "2027-03-01"), invoice("monthly", "paid", "2027-01-01")],
        null,
      ),
    ).toBe("6-months");
    expect(
      currentPaymentPeriod(
        [invoice("6-months", "paid", "2027-03-01"), invoice("monthly", "pending", "2027-01-01")],
        null,
      ),
    ).toBe("6-months");
  });

  it("a cancelled invoice is passed over, even when it is the latest", () => {
    const invoices = [invoice("12-months", "cancelled", "2027-03-01"), invoice("6-months", "paid", "2027-01-01")];
    expect(currentPaymentPeriod(invoices, "monthly")).toBe("6-months");
  });

  it("only cancelled invoices: the partner's own period, else monthly", () => {
    const cancelled = [invoice("12-months", "cancelled", "2027-03-01")];
    expect(currentPaymentPeriod(cancelled, "6-months")).toBe("6-months");
    expect(currentPaymentPeriod(cancelled, null)).toBe("monthly");
  });
});

// The same rules from a summary of the invoices (counts and extremes, as one SQL GROUP BY gives them
// for a page of partners): the admin's partner cards use these, every other screen the lists.
describe("accountStateOf and paymentPeriodOf: the account state and the period from a summary of the invoices", () => {
  type Summary = Parameters<typeof accountStateOf>[0];
  const none: Summary = { overdue: 0, unpaid: 0, earliestUnpaidDue: null, latestPeriodEnd: null };

  it.each<[string, Summary, { paymentStatus: string; nextPaymentDue: string | null }]>([
    ["no invoice", none, { paymentStatus: "Up to date", nextPaymentDue: null }],
    [
      "all paid: the day after the latest period end",
      { ...none, latestPeriodEnd: "2027-02-28" },
      { paymentStatus: "Up to date", nextPaymentDue: "2027-03-01" },
    ],
    [
      "one unpaid, pending: its due date",
      { ...none, unpaid: 1, earliestUnpaidDue: "2027-01-15", latestPeriodEnd: "2027-01-31" },
      { paymentStatus: "Payment due", nextPaymentDue: "2027-01-15" },
    ],
    [
      "an overdue one among two unpaid",
      { overdue: 1, unpaid: 2, earliestUnpaidDue: "2027-01-15", latestPeriodEnd: "2027-02-28" },
      { paymentStatus: "Overdue", nextPaymentDue: "2027-01-15" },
    ],
    ["cancelled only", none, { paymentStatus: "Up to date", nextPaymentDue: null }],
  ])("%s", (_name, summary, expected) => {
    expect(accountStateOf(summary)).toEqual(expected);
  });

  it("paymentPeriodOf: null with no invoice, else the latest's term, the partner's, monthly", () => {
    expect(paymentPeriodOf({ invoices: 0, latestPaymentPeriod: null }, "6-months")).toBeNull();
    expect(paymentPeriodOf({ invoices: 3, latestPaymentPeriod: "12-months" }, "6-months")).toBe("12-months");
    expect(paymentPeriodOf({ invoices: 1, latestPaymentPeriod: null }, "6-months")).toBe("6-months");
    expect(paymentPeriodOf({ invoices: 1, latestPaymentPeriod: null }, null)).toBe("monthly");
  });
});

describe("monthlyFeeOfAmount: the monthly fee an older invoice's amount stands for", () => {
  it("undoes the term discount and divides by the months, to the penny", () => {
    expect(monthlyFeeOfAmount(5000, "monthly")).toBe(5000);
    // £270.00 for 6 months less 10% is £50.00 a month; £765.00 for 12 months less 15% is £75.00.
    expect(monthlyFeeOfAmount(27000, "6-months")).toBe(5000);
    expect(monthlyFeeOfAmount(76500, "12-months")).toBe(7500);
  });
  it("rounds half-up where the amount was itself rounded: £33.33 × 6 less 10% = £179.98 → £33.33", () => {
    expect(monthlyFeeOfAmount(invoiceAmountPence(3333, "6-months"), "6-months")).toBe(3333);
    expect(monthlyFeeOfAmount(invoiceAmountPence(1999, "12-months"), "12-months")).toBe(1999);
  });
});
