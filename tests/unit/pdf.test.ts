import { describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { pdfSafe } from "#domain/shared/pdf.ts";
import { invoicePdf } from "#domain/invoices/invoice-pdf.ts";

describe("PDF text", () => {
  it("keeps what the standard fonts can draw and replaces the rest", () => {
    expect(pdfSafe("Café £12.50 – Müller")).toBe("Café £12.50 – Müller");
    expect(pdfSafe("Łódź Gym")).toBe("Lódz Gym");
    expect(pdfSafe("Kraków Śródmieście")).toBe("Kraków Sródmiescie");
    expect(pdfSafe("York 病院")).toBe("York ??");
  });

  it("an invoice for a partner with a Polish name renders", async () => {
    const bytes = await invoicePdf(
      { id: 7, displayId: "INV-00007", amountPence: 27000, monthlyFeePence: 5000, paymentPeriod: "6-months", periodStart: "2026-01-01", periodEnd: "2026-06-30", dueDate: "2026-01-15", paidDate: null, status: "pending", createdAt: "2026-01-01T09:00:00.000Z" },
      { name: "Łódź Gym 病院", username: "lodz", billingAddress: "ul. Piotrkowska 1, Łódź", email: "lodz@example.com", monthlyFeePence: 5000 },
    );
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});
