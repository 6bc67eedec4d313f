/**
 * A self-billed invoice as a PDF (HMRC VAT Notice 700/62): the business raises it on the partner's
 * behalf, so the supplier is the partner (name, address, VAT number) and the customer the business.
 * It carries what the notice requires: both parties' names and addresses, the partner's VAT number,
 * the invoice's number and date (the tax point), the supply, the amount before VAT, the VAT rate and
 * amount, the total, and the statement "The VAT shown is your output tax due to HMRC". The PDF is kept
 * as first issued (the invoice's row), like invoices' issued documents.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { addressLines, DEFAULT_PROFILE, type BusinessProfile } from "../business/business-rules.ts";
import { getBusinessProfile } from "../business/business-service.ts";
import { formatRate } from "../shared/commission-rules.ts";
import { formatDate, formatMonth, formatPence } from "../shared/format.ts";
import { notFound } from "../shared/errors.ts";
import { startPdf, A4, MARGIN, detailsPanel, fit, partyAndDetails, type Column } from "../shared/pdf.ts";
import { header, registrationLine } from "../business/letterhead.ts";
import { OUTPUT_TAX_STATEMENT, selfBilledSupply } from "../agreements/self-billing-rules.ts";
import { requirePartner } from "../commissions/commission-service.ts";
import type { SelfBilledInvoiceRow } from "./self-billing-service.ts";

export interface SelfBilledDocument extends SelfBilledInvoiceRow {
  partnerName: string;
  partnerAddress: string | null;
}

export async function renderSelfBilledPdf(
  invoice: SelfBilledDocument,
  options: { business?: BusinessProfile } = {},
): Promise<Uint8Array> {
  const business = options.business ?? DEFAULT_PROFILE;
  const title = `Self-billed invoice ${invoice.number}`;
  const w = await startPdf(title, business.tradingName);
  const { doc } = w;
  await header(w, business, "Self-billed invoice");
  partyAndDetails(
    w,
    { heading: "Supplier", name: invoice.partnerName, address: invoice.partnerAddress, email: null },
    {
      heading: "Invoice details",
      rows: [
        ["Invoice number", invoice.number],
        ["Date (tax point)", formatDate(invoice.issuedOn)],
        ["Supplier's VAT number", invoice.vatNumber],
      ],
      boldLabel: "Invoice number",
    },
  );
  const width = A4[0] - 2 * MARGIN;
  w.text("Customer (issues this invoice under a self-billing agreement)", { size: 9 });
  w.text(fit(business.tradingName, w.bold, 11, width), { size: 11, bold: true });
  for (const line of addressLines(business.address ?? "")) w.text(fit(line, w.font, 10, width), { size: 10 });
  if (business.vatNumber) w.text(`VAT number: ${business.vatNumber}`, { size: 10 });
  w.y -= 12;
  const columns: Column[] = [
    { title: "Supply", width: 360, align: "left" },
    { title: "Amount", width: 139, align: "right" },
  ];
  w.row(
    columns,
    columns.map((c) => c.title),
    { bold: true, shade: true },
  );
  w.row(columns, [fit(selfBilledSupply(invoice.month), w.font, 9, 350), formatPence(invoice.exVatPence)]);
  w.rule();
  w.row(columns, ["Amount before VAT", formatPence(invoice.exVatPence)]);
  w.row(columns, [`VAT at ${formatRate(invoice.vatRateBp)}`, formatPence(invoice.vatPence)]);
  w.row(columns, ["Total", formatPence(invoice.totalPence)], { bold: true, size: 11, shade: true });
  w.y -= 16;
  detailsPanel(w, "VAT", [
    { value: `${OUTPUT_TAX_STATEMENT}.`, bold: true },
    { label: "VAT rate", value: formatRate(invoice.vatRateBp) },
    { label: "VAT amount", value: formatPence(invoice.vatPence), bold: true },
  ]);
  w.y -= 8;
  w.text(`Raised by us for your commission for ${formatMonth(invoice.month)} under our self-billing agreement.`, {
    size: 9,
  });
  w.text("We will not raise invoices on your behalf once the agreement ends.", { size: 9 });
  w.footer(`${business.tradingName} · ${title}`, registrationLine(business));
  return doc.save();
}

/**
 * The month's self-billed invoice as a PDF, as first issued: the stored one, else made now and kept.
 * 404 when the month has none (a self-billed month's invoice is issued when it is paid).
 */
export async function selfBilledInvoicePdf(
  db: Kysely<Database>,
  partnerId: number,
  month: string,
): Promise<{ filename: string; bytes: Uint8Array }> {
  const partner = await requirePartner(db, partnerId);
  const row = await db
    .selectFrom("selfBilledInvoices")
    .selectAll()
    .where("partnerId", "=", partnerId)
    .where("month", "=", month)
    .executeTakeFirst();
  if (!row)
    throw notFound(`No self-billed invoice for ${formatMonth(month)}: a self-billed month's is issued when it is paid`);
  const filename = `${row.number}.pdf`;
  if (row.pdf) return { filename, bytes: new Uint8Array(row.pdf) };
  const bytes = await renderSelfBilledPdf(
    {
      ...row,
      vatRateBp: Number(row.vatRateBp),
      exVatPence: Number(row.exVatPence),
      vatPence: Number(row.vatPence),
      totalPence: Number(row.totalPence),
      partnerName: partner.name ?? partner.username,
      partnerAddress: partner.billingAddress,
    },
    { business: await getBusinessProfile(db) },
  );
  // Two first requests at once both render: the first stored wins and both answer it.
  await db
    .updateTable("selfBilledInvoices")
    .set({ pdf: bytes })
    .where("id", "=", row.id)
    .where("pdf", "is", null)
    .execute();
  const stored = await db.selectFrom("selfBilledInvoices").select("pdf").where("id", "=", row.id).executeTakeFirst();
  return { filename, bytes: stored?.pdf ? new Uint8Array(stored.pdf) : bytes };
}
