/**
 * A remittance advice as a PDF (GET /api/remittances/{id}): the letterhead, the partner, the payment's
 * reference and date, the amount for the month (both figures for a top-up, the adjustments it
 * includes) and the account paid into: what the remittance email says (remittance-advice.ts).
 */
import { DEFAULT_PROFILE, type BusinessProfile } from "../business/business-rules.ts";
import { formatDate, formatMonth, formatPence, formatRemittanceId } from "../shared/format.ts";
import { startPdf, A4, MARGIN, detailsPanel, fit, partyAndDetails, type Column } from "../shared/pdf.ts";
import { header, registrationLine } from "../business/letterhead.ts";
import type { RemittanceAdvice } from "./remittance-advice.ts";
import { formatRate } from "../shared/commission-rules.ts";
import { OUTPUT_TAX_STATEMENT } from "../agreements/self-billing-rules.ts";

export async function remittancePdf(
  advice: RemittanceAdvice,
  options: { business?: BusinessProfile } = {},
): Promise<Uint8Array> {
  const business = options.business ?? DEFAULT_PROFILE;
  const number = formatRemittanceId(advice.id);
  const title = `Remittance advice ${number}`;
  const w = await startPdf(title, business.tradingName);
  const { doc } = w;
  await header(w, business, "Remittance advice");

  partyAndDetails(
    w,
    { heading: "Paid to", name: advice.partnerName, address: advice.billingAddress, email: advice.email },
    {
      heading: "Remittance details",
      rows: [
        ["Number", number],
        ["Paid on", advice.paidOn ? formatDate(advice.paidOn) : "Not recorded"],
        ["Reference", advice.reference],
      ],
      boldLabel: "Reference",
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
  const sb = advice.selfBilled;
  if (sb && !advice.topUp) {
    // A self-billed month: its invoice's two figures make the amount paid.
    w.row(columns, [
      `Commission for ${formatMonth(advice.month)} (self-billed invoice ${sb.number})`,
      formatPence(sb.exVatPence),
    ]);
    w.row(columns, [`VAT at ${formatRate(sb.vatRateBp)}`, formatPence(sb.vatPence)]);
  } else {
    w.row(columns, [`Commission for ${formatMonth(advice.month)}`, formatPence(advice.amountPence)]);
    if (sb)
      w.row(columns, [
        fit(
          `Including VAT at ${formatRate(sb.vatRateBp)}: ${formatPence(sb.vatPence)} (self-billed invoice ${sb.number})`,
          w.font,
          9,
          350,
        ),
        "",
      ]);
  }
  if (advice.topUp) w.row(columns, [fit(advice.topUp, w.font, 9, 350), ""]);
  for (const adjustment of advice.adjustments) w.row(columns, [fit(`Including: ${adjustment}`, w.font, 9, 350), ""]);
  w.rule();
  w.row(columns, ["Total paid", formatPence(advice.amountPence)], { bold: true, size: 11, shade: true });
  w.y -= 16;
  detailsPanel(w, "Payment", [
    { label: "Amount", value: formatPence(advice.amountPence), bold: true },
    { label: "Payment reference", value: advice.reference, bold: true },
    { label: "Paid on", value: advice.paidOn ? formatDate(advice.paidOn) : "Not recorded" },
    { label: "Paid into", value: advice.paidInto ?? "The account you gave us" },
  ]);
  w.y -= 8;
  if (sb) w.text(`${OUTPUT_TAX_STATEMENT}.`, { size: 10, bold: true });
  w.text(
    fit(
      `The consolidated report for ${formatMonth(advice.month)} is on your dashboard with every machine's figures.`,
      w.font,
      10,
      A4[0] - 2 * MARGIN,
    ),
    { size: 10 },
  );
  if (business.contactEmail) w.text(`Questions about this payment: ${business.contactEmail}`, { size: 10 });
  w.footer(`${business.tradingName} · ${title}`, registrationLine(business));
  return doc.save();
}
