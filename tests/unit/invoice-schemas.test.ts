import { describe, expect, it } from "vitest";
import { invoiceStatusSchema } from "#domain/invoices/invoice-schemas.ts";
import { paidDateProblem, paymentReferenceProblem } from "#domain/receivables/payment-rules.ts";

// Marking an invoice paid records the paid date (a real day, not in the future) and an optional
// payment reference (trimmed, one line, at most 100 characters); both go only with status paid.

const parse = (body: unknown) => {
  const result = invoiceStatusSchema.safeParse(body);
  return result.success
    ? { ok: true as const, data: result.data }
    : { ok: false as const, message: result.error.issues[0].message };
};

describe("Paid date: a real YYYY-MM-DD day, not after today", () => {
  it("accepts today and earlier days", () => {
    expect(paidDateProblem("2027-03-10", "2027-03-10")).toBeNull();
    expect(paidDateProblem("2026-12-31", "2027-03-10")).toBeNull();
    expect(paidDateProblem("2028-02-29", "2028-03-01")).toBeNull();
  });

  it("refuses a later day", () => {
    expect(paidDateProblem("2027-03-11", "2027-03-10")).toBe("Paid date cannot be in the future");
  });

  it.each(["2027-02-29", "2027-13-01", "10/03/2027", "2027-3-1", "", "2027-03-10T00:00:00Z"])("refuses %j", (day) => {
    expect(paidDateProblem(day, "2027-12-31")).toBe("Paid date must be a date (YYYY-MM-DD)");
  });
});

describe("Payment reference: one line of at most 100 characters", () => {
  it("accepts up to 100 characters after trimming", () => {
    expect(paymentReferenceProblem("BACS 0042 HARROGATE")).toBeNull();
    expect(paymentReferenceProblem(`  ${"x".repeat(100)}  `)).toBeNull();
  });

  it("refuses 101 characters and line breaks", () => {
    expect(paymentReferenceProblem("x".repeat(101))).toBe("Payment reference must be at most 100 characters");
    expect(paymentReferenceProblem("two\nlines")).toBe("Payment reference must be one line of text");
  });
});

describe("POST /status body", () => {
  it("takes a status alone, as before", () => {
    expect(parse({ status: "pending" })).toEqual({ ok: true, data: { status: "pending" } });
  });

  it("takes paid with a paid date and a trimmed reference; a blank reference is none", () => {
    expect(parse({ status: "paid", paidDate: "2027-03-01", paymentReference: "  BACS-77  " })).toEqual({
      ok: true,
      data: { status: "paid", paidDate: "2027-03-01", paymentReference: "BACS-77" },
    });
    expect(parse({ status: "paid", paymentReference: "   " })).toEqual({
      ok: true,
      data: { status: "paid", paymentReference: null },
    });
    expect(parse({ status: "paid", paymentReference: null })).toEqual({
      ok: true,
      data: { status: "paid", paymentReference: null },
    });
  });

  it.each([
    [{ status: "paid", paidDate: "01/03/2027" }, "Paid date must be a date (YYYY-MM-DD)"],
    [{ status: "paid", paidDate: 20270301 }, "Paid date must be a date (YYYY-MM-DD)"],
    [{ status: "paid", paymentReference: "x".repeat(101) }, "Payment reference must be at most 100 characters"],
    [{ status: "paid", paymentReference: 42 }, "Payment reference must be text"],
    [
      { status: "pending", paidDate: "2027-03-01" },
      "A paid date and payment reference are recorded only with status paid",
    ],
    [
      { status: "overdue", paymentReference: "BACS-77" },
      "A paid date and payment reference are recorded only with status paid",
    ],
    [{ status: "refunded" }, "Status must be pending, paid, overdue or cancelled"],
  ])("refuses %j: %s", (body, message) => {
    expect(parse(body)).toEqual({ ok: false, message });
  });
});
