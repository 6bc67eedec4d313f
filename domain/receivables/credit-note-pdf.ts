/**
 * A credit note as a PDF: the invoice's letterhead and writer, "Credit note CN-00001",
 * the invoice it reduces, the amount credited, the reason, and what is left to pay on the invoice.
 */
import { rgb } from "pdf-lib";
import type { CreditNote, User } from "#db/schema.ts";
import { DEFAULT_PROFILE, type BusinessProfile } from "../business/business-rules.ts";
import { formatCreditNoteId, formatDate, formatInvoiceId, formatPence } from "../shared/format.ts";
import { startPdf, fit, partyAndDetails, type Column } from "../shared/pdf.ts";
import { header, registrationLine } from "../business/letterhead.ts";

export async function creditNotePdf(
  note: Pick<CreditNote, "id" | "invoiceId" | "issuedOn" | "amountPence" | "reason" | "kind">,
  invoice: { grossPence: number; balancePence: number; periodStart: string; periodEnd: string },
  partner: Pick<User, "name" | "username" | "billingAddress" | "email">,
  options: { business?: BusinessProfile } = {},
): Promise<Uint8Array> {
  const business = options.business ?? DEFAULT_PROFILE;
  const number = formatCreditNoteId(note.id);
  const invoiceNumber = formatInvoiceId(note.invoiceId);
  const w = await startPdf(`Credit note ${number}`, business.tradingName);
  const { doc } = w;
  await header(w, business, `Credit note ${number}`);

  partyAndDetails(
    w,
    {
      heading: "Credit to",
      name: partner.name ?? partner.username,
      address: partner.billingAddress,
      email: partner.email,
    },
    {
      heading: "Credit note details",
      rows: [
        ["Issue date", formatDate(note.issuedOn)],
        ["Against invoice", invoiceNumber],
      ],
      boldLabel: "Against invoice",
    },
  );

  const columns: Column[] = [
    { title: "Description", width: 360, align: "left" },
    { title: "Amount", width: 139, align: "right" },
  ];
  w.row(
    columns,
    columns.map((c) => c.title),
    { bold: true, shade: true },
  );
  const what =
    note.kind === "cancellation"
      ? `Cancellation of invoice ${invoiceNumber}`
      : `Credit against invoice ${invoiceNumber}`;
  w.row(columns, [
    `${what}, ${formatDate(invoice.periodStart)} - ${formatDate(invoice.periodEnd)}`,
    `-${formatPence(note.amountPence)}`,
  ]);
  w.row(columns, [fit(`Reason: ${note.reason}`, w.font, 10, 350), ""], { size: 10 });
  w.rule();
  const totals: Column[] = [
    { title: "", width: 220, align: "left" },
    { title: "", width: 140, align: "right" },
    { title: "", width: 139, align: "right" },
  ];
  w.row(totals, ["", `Invoice ${invoiceNumber} total`, formatPence(invoice.grossPence)], { size: 10 });
  w.row(totals, ["", "Total credited", formatPence(note.amountPence)], { bold: true, size: 11, shade: true });
  w.row(totals, ["", "Left to pay on the invoice", formatPence(invoice.balancePence)], { size: 10 });
  w.y -= 20;
  w.text(
    note.kind === "cancellation"
      ? `Invoice ${invoiceNumber} is cancelled: nothing more is due on it.`
      : `This credit reduces what is due on invoice ${invoiceNumber}; no payment is made to you.`,
    { size: 10 },
  );
  if (business.contactEmail) w.text(`Questions about this credit note: ${business.contactEmail}`, { size: 10 });
  if (note.kind === "cancellation")
    w.page.drawText("CREDIT", { x: 190, y: 380, size: 64, font: w.bold, color: rgb(0.07, 0.55, 0.5), opacity: 0.12 });
  w.footer(`${business.tradingName} · Credit note ${number}`, registrationLine(business));
  return doc.save();
}
