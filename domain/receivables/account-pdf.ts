/**
 * The statement of account as a PDF: the business's letterhead, the partner and
 * the period, the balance brought forward, every invoice, credit note and payment with the running
 * balance, the closing balance, the aging of the balance due, and how to pay (the business's bank
 * details, as on an invoice).
 */
import { DEFAULT_PROFILE, hasBankDetails, type BusinessProfile } from "../business/business-rules.ts";
import { formatDate, formatInvoiceId, formatPence } from "../shared/format.ts";
import { startPdf, A4, GREY, MARGIN, Writer, detailsPanel, fit, type Column, type PanelLine } from "../shared/pdf.ts";
import { bankDetailLines, header, registrationLine } from "../business/letterhead.ts";
import { AGING_BUCKETS, AGING_LABELS, type Aging } from "./aging-rules.ts";
import { entryDetail, entryTitle, type Statement } from "./account-rules.ts";

/** A balance as the statement writes it: "£90.00", or "£12.00 CR" when the partner is in credit. */
export function balanceText(pence: number): string {
  return pence < 0 ? `${formatPence(-pence)} CR` : formatPence(pence);
}

export async function statementOfAccountPdf(
  statement: Statement & {
    partner: { name: string; billingAddress: string | null; email: string | null };
    aging: Aging;
  },
  options: { business?: BusinessProfile; today: string },
): Promise<Uint8Array> {
  const business = options.business ?? DEFAULT_PROFILE;
  const { partner, aging } = statement;
  const title = "Statement of account";
  const w = await startPdf(`${title}: ${partner.name}`, business.tradingName, `${title}, ${partner.name}`);
  const { doc } = w;
  await header(w, business, title);

  // The partner on the left; the period, the statement's date and the balance due on the right.
  const top = w.y;
  w.text("Statement for", { size: 9, color: GREY });
  w.text(fit(partner.name, w.bold, 11, 280), { size: 11, bold: true });
  for (const line of (partner.billingAddress ?? "").split(/\r?\n/).filter((l) => l.trim()))
    w.text(fit(line.trim(), w.font, 10, 280), { size: 10 });
  if (partner.email) w.text(fit(partner.email, w.font, 10, 280), { size: 10 });
  const leftBottom = w.y;
  w.y = top;
  const metaX = 360;
  w.text("Statement details", { size: 9, color: GREY, x: metaX });
  for (const [label, value, bold] of [
    ["Period", `${formatDate(statement.from)} - ${formatDate(statement.to)}`, false],
    ["Statement date", formatDate(options.today), false],
    ["Balance due", balanceText(statement.closingPence), true],
  ] as const) {
    w.text(fit(`${label}: ${value}`, bold ? w.bold : w.font, 10, A4[0] - MARGIN - metaX), { size: 10, bold, x: metaX });
  }
  w.y = Math.min(w.y, leftBottom) - 16;

  // Each entry: its title on the row, its detail (period and due date, what it settles) in grey below.
  const columns: Column[] = [
    { title: "Date", width: 62, align: "left" },
    { title: "Entry", width: 257, align: "left" },
    { title: "Debit", width: 60, align: "right" },
    { title: "Credit", width: 60, align: "right" },
    { title: "Balance", width: 60, align: "right" },
  ];
  const headerRow = () =>
    w.row(
      columns,
      columns.map((c) => c.title),
      { bold: true, shade: true, size: 8 },
    );
  headerRow();
  w.row(columns, [formatDate(statement.from), "Balance brought forward", "", "", balanceText(statement.openingPence)], {
    size: 8,
  });
  for (const line of statement.lines) {
    w.ensure(28, headerRow);
    w.row(
      columns,
      [
        formatDate(line.date),
        entryTitle(line),
        line.debitPence ? formatPence(line.debitPence) : "",
        line.creditPence ? formatPence(line.creditPence) : "",
        balanceText(line.balancePence),
      ],
      { size: 8 },
    );
    const detail = entryDetail(line);
    if (detail) {
      w.y += 3;
      w.text(fit(detail, w.font, 7, columns[1].width - 6), { size: 7, color: GREY, x: MARGIN + 4 + columns[0].width });
    }
  }
  w.ensure(40, headerRow);
  w.rule();
  w.row(
    columns,
    ["", "Totals for the period", formatPence(statement.debitPence), formatPence(statement.creditPence), ""],
    { size: 8 },
  );
  w.row(columns, [formatDate(statement.to), "Closing balance", "", "", balanceText(statement.closingPence)], {
    bold: true,
    size: 9,
    shade: true,
  });
  w.y -= 16;

  // The aging of the balance due at the end of the period.
  w.ensure(70);
  w.text(`Aging of the balance due on ${formatDate(aging.asOf)} (days past the due date)`, { size: 10, bold: true });
  w.y -= 2;
  const agingColumns: Column[] = [
    ...AGING_BUCKETS.map((bucket) => ({ title: AGING_LABELS[bucket], width: 80, align: "right" as const })),
    { title: "Balance due", width: 99, align: "right" },
  ];
  w.row(
    agingColumns,
    agingColumns.map((c) => c.title),
    { bold: true, shade: true, size: 8 },
  );
  w.row(
    agingColumns,
    [...AGING_BUCKETS.map((bucket) => balanceText(aging.buckets[bucket])), balanceText(aging.balancePence)],
    { size: 9 },
  );
  w.y -= 14;

  paymentPanel(w, business, aging);
  w.footer(`${business.tradingName} · ${title} · ${formatDate(options.today)}`, registrationLine(business));
  return doc.save();
}

/** How to pay the balance: what is overdue, the bank account and the invoice numbers to quote; or that nothing is due. */
function paymentPanel(w: Writer, business: BusinessProfile, aging: Aging) {
  const lines: PanelLine[] = [];
  const quote = aging.openInvoices.map((i) => formatInvoiceId(i.id)).join(", ");
  if (aging.balancePence <= 0) {
    lines.push({
      value:
        aging.balancePence < 0
          ? `Your account is ${formatPence(-aging.balancePence)} in credit: nothing is due. Thank you.`
          : "Nothing is due. Thank you.",
    });
  } else {
    const overdue =
      aging.overduePence > 0
        ? ` ${formatPence(aging.overduePence)} of it is overdue (the oldest by ${aging.oldestOverdueDays} ${aging.oldestOverdueDays === 1 ? "day" : "days"}).`
        : " Nothing of it is overdue yet.";
    lines.push({ value: `Balance due: ${formatPence(aging.balancePence)}.${overdue}` });
    if (hasBankDetails(business)) {
      lines.push({ value: "Please pay by bank transfer to:" });
      lines.push(...bankDetailLines(business, quote));
    } else {
      lines.push({ value: `Please pay by bank transfer to ${business.tradingName},` });
      lines.push({ value: `quoting ${quote} as the payment reference.` });
    }
  }
  if (business.contactEmail) lines.push({ value: `Questions about this statement: ${business.contactEmail}` });

  detailsPanel(w, "Payment details", lines, { padding: 34, room: 0 });
}
