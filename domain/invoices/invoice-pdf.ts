/**
 * The fee invoice as a PDF: the business's letterhead, number and dates, the partner billed, the
 * period, fee × months, discount, VAT when the invoice carries it (net, VAT, gross),
 * the total, and how to pay: the bank details to pay into and the invoice number to quote.
 */
import { rgb } from "pdf-lib";
import type { FeePayment, User } from "#db/schema.ts";
import { DEFAULT_PROFILE, hasBankDetails, vatLines, type BusinessProfile } from "../business/business-rules.ts";
import { formatRate } from "../shared/commission-rules.ts";
import { formatCount, formatDate, formatPence } from "../shared/format.ts";
import { TERMS, monthlyFeeOfAmount, paymentPeriodLabel } from "./invoice-rules.ts";
import { startPdf, A4, GREY, MARGIN, Writer, detailsPanel, fit, type Column, type PanelLine } from "../shared/pdf.ts";
import { bankDetailLines, header, registrationLine } from "../business/letterhead.ts";
import { leftToPayPence } from "../receivables/invoice-balance-rules.ts";
import { settledSoFarWords } from "./invoice-stamp-rules.ts";

const STATUS_TEXT = { pending: "Awaiting payment", paid: "Paid", overdue: "Overdue", cancelled: "Cancelled" } as const;

export async function invoicePdf(
  invoice: Pick<
    FeePayment,
    | "id"
    | "amountPence"
    | "monthlyFeePence"
    | "paymentPeriod"
    | "periodStart"
    | "periodEnd"
    | "dueDate"
    | "paidDate"
    | "status"
    | "createdAt"
  > & {
    displayId: string;
    paymentReference?: string | null;
    /** The VAT rate the invoice was raised at (basis points); null or missing: no VAT. */
    vatRateBp?: number | null;
  },
  partner: Pick<User, "name" | "username" | "billingAddress" | "email" | "monthlyFeePence">,
  options: {
    business?: BusinessProfile;
    /** What has been paid and credited on it so far: an unpaid invoice then asks for the rest. */
    settled?: { paidPence: number; creditedPence: number };
  } = {},
): Promise<Uint8Array> {
  const business = options.business ?? DEFAULT_PROFILE;
  const w = await startPdf(`Invoice ${invoice.displayId}`, business.tradingName);
  const { doc } = w;
  await header(w, business, `Invoice ${invoice.displayId}`);

  // Bill to on the left, the invoice's dates and status on the right.
  const top = w.y;
  w.text("Bill to", { size: 9, color: GREY });
  w.text(fit(partner.name ?? partner.username, w.bold, 11, 280), { size: 11, bold: true });
  for (const line of (partner.billingAddress ?? "").split(/\r?\n/).filter((l) => l.trim()))
    w.text(fit(line.trim(), w.font, 10, 280), { size: 10 });
  if (partner.email) w.text(fit(partner.email, w.font, 10, 280), { size: 10 });
  const leftBottom = w.y;
  w.y = top;
  const meta: [string, string][] = [
    ["Issue date", formatDate(invoice.createdAt)],
    ["Due date", formatDate(invoice.dueDate)],
    [
      "Status",
      `${STATUS_TEXT[invoice.status]}${invoice.status === "paid" && invoice.paidDate ? ` on ${formatDate(invoice.paidDate)}` : ""}`,
    ],
  ];
  if (invoice.status === "paid" && invoice.paymentReference) meta.push(["Reference", invoice.paymentReference]);
  const metaX = 360;
  w.text("Invoice details", { size: 9, color: GREY, x: metaX });
  for (const [label, value] of meta)
    w.text(fit(`${label}: ${value}`, w.font, 10, A4[0] - MARGIN - metaX), {
      size: 10,
      bold: label === "Status",
      x: metaX,
    });
  w.y = Math.min(w.y, leftBottom) - 16;

  const { months, discountPercent } = TERMS[invoice.paymentPeriod];
  // Invoices keep the fee they were raised at; older rows fall back to the partner's fee.
  const fee =
    invoice.monthlyFeePence ??
    partner.monthlyFeePence ??
    monthlyFeeOfAmount(invoice.amountPence, invoice.paymentPeriod);
  const beforeDiscount = fee * months;
  const columns: Column[] = [
    { title: "Description", width: 290, align: "left" },
    { title: "Quantity", width: 70, align: "right" },
    { title: "Amount", width: 139, align: "right" },
  ];
  w.row(
    columns,
    columns.map((c) => c.title),
    { bold: true, shade: true },
  );
  w.row(columns, [
    `Machine placement fee, ${formatDate(invoice.periodStart)} - ${formatDate(invoice.periodEnd)} (${formatPence(fee)} a month)`,
    formatCount(months, "month"),
    formatPence(beforeDiscount),
  ]);
  if (discountPercent)
    w.row(columns, [
      `${paymentPeriodLabel(invoice.paymentPeriod)} term discount (${discountPercent}%)`,
      "",
      `-${formatPence(beforeDiscount - invoice.amountPence)}`,
    ]);
  w.rule();

  // The totals, their labels beside the amounts: net, VAT and gross when the invoice carries VAT.
  const vat = vatLines(invoice.amountPence, invoice.vatRateBp ?? null);
  const totals: Column[] = [
    { title: "", width: 220, align: "left" },
    { title: "", width: 140, align: "right" },
    { title: "", width: 139, align: "right" },
  ];
  if (vat.rateBp !== null) {
    w.row(totals, ["", "Subtotal (net)", formatPence(vat.netPence)], { size: 10 });
    w.row(totals, ["", `VAT at ${formatRate(vat.rateBp)}`, formatPence(vat.vatPence)], { size: 10 });
  }
  w.row(totals, ["", "Total due", formatPence(vat.grossPence)], { bold: true, size: 11, shade: true });
  w.y -= 20;

  paymentPanel(w, business, invoice, vat.grossPence, options.settled);

  if (invoice.status === "cancelled") {
    w.page.drawText("CANCELLED", { x: 150, y: 380, size: 64, font: w.bold, color: rgb(0.85, 0.3, 0.3), opacity: 0.25 });
  }
  w.footer(`${business.tradingName} · Invoice ${invoice.displayId}`, registrationLine(business));
  return doc.save();
}

/** How to pay: the amount and date, the bank account, the reference to quote; or that it is paid or cancelled. */
function paymentPanel(
  w: Writer,
  business: BusinessProfile,
  invoice: { displayId: string; dueDate: string; status: FeePayment["status"]; paidDate: string | null },
  grossPence: number,
  settled: { paidPence: number; creditedPence: number } = { paidPence: 0, creditedPence: 0 },
) {
  const lines: PanelLine[] = [];
  const unpaid = invoice.status === "pending" || invoice.status === "overdue";
  const dueNow = leftToPayPence({ grossPence, ...settled });
  const soFar = unpaid ? settledSoFarWords({ grossPence, ...settled }) : null;
  if (soFar) {
    // Part paid or credited: what has come in, and the rest is what to pay.
    lines.push({ value: soFar });
    grossPence = dueNow;
  }
  if (invoice.status === "paid") {
    lines.push({ value: `Paid in full${invoice.paidDate ? ` on ${formatDate(invoice.paidDate)}` : ""}. Thank you.` });
  } else if (invoice.status === "cancelled") {
    lines.push({ value: "This invoice has been cancelled: nothing is due." });
  } else if (hasBankDetails(business)) {
    lines.push({
      value: `Please pay ${formatPence(grossPence)} by ${formatDate(invoice.dueDate)} by bank transfer to:`,
    });
    lines.push(...bankDetailLines(business, invoice.displayId));
  } else {
    lines.push({
      value: `Please pay ${formatPence(grossPence)} by ${formatDate(invoice.dueDate)} by bank transfer to ${business.tradingName},`,
    });
    lines.push({ value: `quoting ${invoice.displayId} as the payment reference.` });
  }
  if (business.contactEmail) lines.push({ value: `Questions about this invoice: ${business.contactEmail}` });

  detailsPanel(w, "Payment details", lines);
}
