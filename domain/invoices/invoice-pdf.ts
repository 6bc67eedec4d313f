/** The fee invoice as a PDF: number, dates, seller and partner, period, fee × months, discount, total, status, payment details. */
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { FeePayment, User } from "#db/schema.ts";
import { formatDate } from "../shared/dates.ts";
import { TERMS, paymentPeriodLabel } from "./invoice-rules.ts";
import { formatGBP } from "../shared/money.ts";
import { DEFAULT_BUSINESS, GREY, Writer, header, type Business, type Column } from "../shared/pdf.ts";

const STATUS_TEXT = { pending: "Awaiting payment", paid: "Paid", overdue: "Overdue", cancelled: "Cancelled" } as const;

export async function invoicePdf(
  invoice: Pick<FeePayment, "id" | "amountPence" | "monthlyFeePence" | "paymentPeriod" | "periodStart" | "periodEnd" | "dueDate" | "paidDate" | "status" | "createdAt"> & {
    displayId: string;
    paymentReference?: string | null;
  },
  partner: Pick<User, "name" | "username" | "billingAddress" | "email" | "monthlyFeePence">,
  options: { business?: Business } = {},
): Promise<Uint8Array> {
  const business = options.business ?? DEFAULT_BUSINESS;
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${invoice.displayId}`);
  doc.setAuthor(business.name);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold), `Invoice ${invoice.displayId}`);
  header(w, business, `Invoice ${invoice.displayId}`);

  const meta: [string, string][] = [
    ["Issue date", formatDate(invoice.createdAt)],
    ["Due date", formatDate(invoice.dueDate)],
    ["Status", `${STATUS_TEXT[invoice.status]}${invoice.status === "paid" && invoice.paidDate ? ` on ${formatDate(invoice.paidDate)}` : ""}`],
  ];
  if (invoice.status === "paid" && invoice.paymentReference) meta.push(["Reference", invoice.paymentReference]);
  for (const [label, value] of meta) w.text(`${label}: ${value}`, { size: 10, bold: label === "Status" });
  w.y -= 8;
  w.text("Bill to", { size: 9, color: GREY });
  w.text(partner.name ?? partner.username, { size: 11, bold: true });
  if (partner.billingAddress) w.text(partner.billingAddress, { size: 10 });
  if (partner.email) w.text(partner.email, { size: 10 });
  w.y -= 12;

  const { months, discountPercent } = TERMS[invoice.paymentPeriod];
  // Invoices keep the fee they were raised at; older rows fall back to the partner's fee.
  const fee = invoice.monthlyFeePence ?? partner.monthlyFeePence ?? Math.round((invoice.amountPence * 100) / (100 - discountPercent) / months);
  const gross = fee * months;
  const columns: Column[] = [
    { title: "Description", width: 290, align: "left" },
    { title: "Quantity", width: 70, align: "right" },
    { title: "Amount", width: 139, align: "right" },
  ];
  w.row(columns, columns.map((c) => c.title), { bold: true, shade: true });
  w.row(columns, [`Machine placement fee, ${formatDate(invoice.periodStart)} - ${formatDate(invoice.periodEnd)} (${formatGBP(fee)} a month)`, `${months} month${months > 1 ? "s" : ""}`, formatGBP(gross)]);
  if (discountPercent) w.row(columns, [`${paymentPeriodLabel(invoice.paymentPeriod)} term discount (${discountPercent}%)`, "", `-${formatGBP(gross - invoice.amountPence)}`]);
  w.rule();
  w.row(columns, ["Total due", "", formatGBP(invoice.amountPence)], { bold: true, size: 11 });
  w.y -= 18;

  w.text("Payment details", { size: 11, bold: true });
  w.text(`Please pay ${formatGBP(invoice.amountPence)} by ${formatDate(invoice.dueDate)} by bank transfer to ${business.name},`, { size: 10 });
  w.text(`quoting ${invoice.displayId} as the reference. Questions: ${business.email}.`, { size: 10 });
  if (invoice.status === "cancelled") {
    w.y -= 10;
    w.page.drawText("CANCELLED", { x: 150, y: 380, size: 64, font: w.bold, color: rgb(0.85, 0.3, 0.3), opacity: 0.25 });
  }
  w.footer(`${business.name} · Invoice ${invoice.displayId}`);
  return doc.save();
}
