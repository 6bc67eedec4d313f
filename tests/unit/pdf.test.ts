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
      {
        id: 7,
        displayId: "INV-00007",
        amountPence: 27000,
        monthlyFeePence: 5000,
        paymentPeriod: "6-months",
        periodStart: "2026-01-01",
        periodEnd: "2026-06-30",
        dueDate: "2026-01-15",
        paidDate: null,
        status: "pending",
        createdAt: "2026-01-01T09:00:00.000Z",
      },
      {
        name: "Łódź Gym 病院",
        username: "lodz",
        billingAddress: "ul. Piotrkowska 1, Łódź",
        email: "lodz@example.com",
        monthlyFeePence: 5000,
      },
    );
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});

describe("the letterhead (issue 14)", () => {
  it("an invoice with the business's logo, VAT and bank details still fits one page, with the logo embedded", async () => {
    const { DEFAULT_PROFILE } = await import("#domain/business/business-rules.ts");
    const { demoLogoPng } = await import("#domain/demo/demo-logo.ts");
    const business = {
      ...DEFAULT_PROFILE,
      tradingName: "Vendboard Vending Ltd",
      address: "Unit 4, Aire Street Works\nAire Street\nLeeds LS1 4PR",
      companyNumber: "12345678",
      vatNumber: "GB123456789",
      vatRateBp: 2000,
      bankAccountName: "Vendboard Vending Ltd",
      bankSortCode: "40-11-62",
      bankAccountNumber: "71234568",
      bankIban: "GB29NWBK60161331926819",
      contactEmail: "accounts@vendboard.example",
      logo: { bytes: demoLogoPng(), type: "image/png" as const },
    };
    const bytes = await invoicePdf(
      {
        id: 5,
        displayId: "INV-00005",
        amountPence: 38250,
        monthlyFeePence: 7500,
        paymentPeriod: "6-months",
        periodStart: "2026-01-01",
        periodEnd: "2026-06-30",
        dueDate: "2026-01-15",
        paidDate: null,
        status: "pending",
        createdAt: "2026-01-01T09:00:00.000Z",
        vatRateBp: 2000,
      },
      {
        name: "Harrogate Fitness Club",
        username: "hg",
        billingAddress: "12 Station Parade\nHarrogate HG1 1UE",
        email: "manager@harrogate-gym.example",
        monthlyFeePence: 7500,
      },
      { business },
    );
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getAuthor()).toBe("Vendboard Vending Ltd");
    expect(Buffer.from(bytes).toString("latin1")).toMatch(/\/Subtype \/Image/);
  });
});
