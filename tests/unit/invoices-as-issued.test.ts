/**
 * Invoices a bookkeeper accepts (docs/decisions/067-*): the due date (14 days after the period
 * starts, or after the invoice is issued when later), a chosen start overlapping another invoice,
 * why an invoice cannot be deleted (paid; sent, naming when; money applied), and the stamp over a
 * stored PDF once it is paid, cancelled or part settled. Exact dates throughout.
 */
import { describe, expect, it } from "vitest";
import {
  deleteRefusal,
  invoiceDueDate,
  invoicePeriod,
  notDeletableBecause,
  overlappingInvoice,
  sentWords,
  type InvoiceStatus,
} from "#domain/invoices/invoice-rules.ts";
import { invoiceStamp, settledSoFarWords } from "#domain/invoices/invoice-stamp-rules.ts";

describe("the due date: 14 days after the period starts, or after the invoice is issued if later", () => {
  it("issued on the first day, or before it: 14 days after the start", () => {
    expect(invoiceDueDate("2027-03-01", "2027-03-01")).toBe("2027-03-15");
    expect(invoiceDueDate("2027-04-01", "2027-03-20")).toBe("2027-04-15");
  });

  it("backdated (issued after the start): 14 days after the issue, so not overdue the day it is raised", () => {
    expect(invoiceDueDate("2026-11-01", "2026-11-27")).toBe("2026-12-11");
    expect(invoiceDueDate("2027-03-18", "2027-03-19")).toBe("2027-04-02");
    // Across a month end and a leap day.
    expect(invoiceDueDate("2028-01-01", "2028-02-20")).toBe("2028-03-05");
    expect(invoiceDueDate("2027-12-01", "2027-12-25")).toBe("2028-01-08");
  });

  it("the period carries it; issued on the start when no issue day is given", () => {
    expect(invoicePeriod("2025-03-01", "monthly", "2026-11-27")).toEqual({
      periodStart: "2025-03-01",
      periodEnd: "2025-03-31",
      dueDate: "2026-12-11",
      nextPaymentDue: "2025-04-01",
    });
    expect(invoicePeriod("2027-01-31", "6-months", "2027-01-01")).toEqual({
      periodStart: "2027-01-31",
      periodEnd: "2027-07-30",
      dueDate: "2027-02-14",
      nextPaymentDue: "2027-07-31",
    });
    expect(invoicePeriod("2027-01-31", "monthly").dueDate).toBe("2027-02-14");
  });
});

describe("a chosen first day may not share a day with a non-cancelled invoice", () => {
  const invoices = [
    { id: 1, periodStart: "2027-01-01", periodEnd: "2027-01-31", status: "paid" as InvoiceStatus },
    { id: 2, periodStart: "2027-02-01", periodEnd: "2027-02-28", status: "cancelled" as InvoiceStatus },
    { id: 3, periodStart: "2027-03-01", periodEnd: "2027-08-31", status: "pending" as InvoiceStatus },
  ];

  it("the invoice overlapped, first day or last day shared", () => {
    expect(overlappingInvoice("2026-12-15", "2027-01-01", invoices)?.id).toBe(1);
    expect(overlappingInvoice("2027-01-31", "2027-02-27", invoices)?.id).toBe(1);
    expect(overlappingInvoice("2027-08-31", "2027-09-30", invoices)?.id).toBe(3);
    expect(overlappingInvoice("2027-04-01", "2027-04-30", invoices)?.id).toBe(3);
    // Wholly around one.
    expect(overlappingInvoice("2026-12-01", "2027-12-31", invoices)?.id).toBe(1);
  });

  it("none: the days just before or after, or a cancelled invoice's period", () => {
    expect(overlappingInvoice("2026-12-01", "2026-12-31", invoices)).toBeUndefined();
    expect(overlappingInvoice("2027-02-01", "2027-02-28", invoices)).toBeUndefined();
    expect(overlappingInvoice("2027-09-01", "2027-09-30", invoices)).toBeUndefined();
    expect(overlappingInvoice("2027-01-01", "2027-01-31", [])).toBeUndefined();
  });

  it("overdue invoices count as much as pending and paid ones", () => {
    const overdue = [{ id: 9, periodStart: "2027-05-10", periodEnd: "2027-06-09", status: "overdue" as const }];
    expect(overlappingInvoice("2027-06-09", "2027-07-08", overdue)?.id).toBe(9);
  });
});

describe("why an invoice cannot be deleted", () => {
  const never = { sentAt: null, sentVia: null };

  it("sent: how and when, in words (dd/MM/yyyy); never sent: null", () => {
    expect(sentWords({ sentAt: "2026-11-27T10:15:00.000Z", sentVia: "email" })).toBe("emailed on 27/11/2026");
    expect(sentWords({ sentAt: "2027-01-03T23:00:00.000Z", sentVia: "download" })).toBe("downloaded on 03/01/2027");
    expect(sentWords({ sentAt: "2027-02-28T08:00:00.000Z", sentVia: "marked" })).toBe("marked sent on 28/02/2027");
    expect(sentWords(never)).toBeNull();
  });

  it("paid first (the spec's rule), then sent, then money applied; never sent and nothing applied: deletable", () => {
    const emailed = { sentAt: "2026-11-27T10:15:00.000Z", sentVia: "email" as const };
    expect(notDeletableBecause("paid", true, emailed)).toBe("Paid invoices cannot be deleted");
    expect(notDeletableBecause("pending", true, emailed)).toBe(
      "Sent (emailed on 27/11/2026): cancel it instead, which issues a credit note",
    );
    // Cancelled or not, a sent invoice stays.
    expect(notDeletableBecause("cancelled", false, { sentAt: "2027-01-03T09:00:00Z", sentVia: "download" })).toBe(
      "Sent (downloaded on 03/01/2027): cancel it instead, which issues a credit note",
    );
    expect(notDeletableBecause("overdue", false, { sentAt: "2027-01-04T09:00:00Z", sentVia: "marked" })).toBe(
      "Sent (marked sent on 04/01/2027): cancel it instead, which issues a credit note",
    );
    expect(notDeletableBecause("pending", true, never)).toBe("A payment or credit is applied to it: cancel it instead");
    expect(notDeletableBecause("pending", false, never)).toBeNull();
    expect(notDeletableBecause("cancelled", false)).toBeNull();
  });

  it("the 409's text: the spec's message for a paid invoice only, else the number and the reason", () => {
    expect(deleteRefusal("INV-00004", "paid", "Paid invoices cannot be deleted")).toBe(
      "Failed to delete invoice. Paid invoices cannot be deleted.",
    );
    expect(
      deleteRefusal(
        "INV-00012",
        "pending",
        "Sent (emailed on 27/11/2026): cancel it instead, which issues a credit note",
      ),
    ).toBe("INV-00012 cannot be deleted. Sent (emailed on 27/11/2026): cancel it instead, which issues a credit note.");
  });
});

describe("the stamp over a stored invoice PDF", () => {
  const base = { paidDate: null, paymentReference: null, grossPence: 9_000, paidPence: 0, creditedPence: 0 };

  it("paid: PAID, the day and the reference", () => {
    expect(
      invoiceStamp({
        ...base,
        status: "paid",
        paidDate: "2026-02-03",
        paymentReference: "BACS HARROGATE 0042",
        paidPence: 9_000,
      }),
    ).toEqual({ word: "PAID", lines: ["Paid on 03/02/2026. Thank you.", "Reference: BACS HARROGATE 0042"] });
    expect(invoiceStamp({ ...base, status: "paid" })).toEqual({ word: "PAID", lines: ["Paid. Thank you."] });
  });

  it("cancelled: CANCELLED, by which credit note when known", () => {
    expect(invoiceStamp({ ...base, status: "cancelled" }, { displayId: "CN-00003", issuedOn: "2026-12-01" })).toEqual({
      word: "CANCELLED",
      lines: ["Cancelled by credit note CN-00003 of 01/12/2026: nothing is due."],
    });
    expect(invoiceStamp({ ...base, status: "cancelled" })).toEqual({
      word: "CANCELLED",
      lines: ["Cancelled: nothing is due."],
    });
  });

  it("part paid or credited, pending or overdue: what is left, no big word; untouched: no stamp", () => {
    expect(invoiceStamp({ ...base, status: "overdue", paidPence: 2_500, creditedPence: 1_500 })).toEqual({
      word: null,
      lines: ["Of the £90.00 total, £25.00 paid and £15.00 credited so far: £50.00 is left to pay."],
    });
    expect(invoiceStamp({ ...base, status: "pending" })).toBeNull();
    expect(invoiceStamp({ ...base, status: "overdue" })).toBeNull();
  });

  it("the words: paid only, credited only, 1p left; nothing or everything in: none", () => {
    expect(settledSoFarWords({ grossPence: 9_000, paidPence: 4_000, creditedPence: 0 })).toBe(
      "Of the £90.00 total, £40.00 paid so far: £50.00 is left to pay.",
    );
    expect(settledSoFarWords({ grossPence: 9_000, paidPence: 0, creditedPence: 8_999 })).toBe(
      "Of the £90.00 total, £89.99 credited so far: £0.01 is left to pay.",
    );
    expect(settledSoFarWords({ grossPence: 9_000, paidPence: 0, creditedPence: 0 })).toBeNull();
    expect(settledSoFarWords({ grossPence: 9_000, paidPence: 9_000, creditedPence: 0 })).toBeNull();
    expect(settledSoFarWords({ grossPence: 9_000, paidPence: 5_000, creditedPence: 5_000 })).toBeNull();
  });
});
