/**
 * The business on its documents: the letterhead at the top of every PDF, the registration line in
 * their footers and the bank details panel (business/ builds on shared/pdf.ts, never the other way).
 */
import { ACCENT, A4, GREY, MARGIN, fit, type PanelLine, type Writer } from "../shared/pdf.ts";
import { formatIban } from "../shared/format.ts";
import { addressLines, logoForDocuments, type BusinessProfile } from "./business-rules.ts";
import { embedLogo } from "./logo-embed.ts";

/** "Company no. 01234567 · VAT no. GB123456789": the business's registration, for footers; "" when it has none. */
export function registrationLine(business: BusinessProfile): string {
  return [
    business.companyNumber ? `Company no. ${business.companyNumber}` : "",
    business.vatNumber ? `VAT no. ${business.vatNumber}` : "",
  ]
    .filter(Boolean)
    .join("   ·   ");
}

const LOGO_MAX = { width: 170, height: 52 };

/**
 * The letterhead at the top of the first page: the logo (or the trading name) on the left; the
 * trading name, address, contact email, website, company and VAT numbers on the right; a rule; then
 * the document's title.
 */
export async function header(w: Writer, business: BusinessProfile, title: string) {
  const top = w.y;
  const right = A4[0] - MARGIN;
  const rightWidth = 200;
  let leftBottom = top;
  // The trading name is on the left (alone, or beside a mark), or on the right under a wide wordmark.
  let nameOnLeft = true;
  // A stored logo past the pixel bounds is never decoded: the trading name stands in for it.
  const logo = logoForDocuments(business.logo);
  if (logo) {
    const image = await embedLogo(w.doc, logo);
    const scale = Math.min(LOGO_MAX.width / image.width, LOGO_MAX.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    w.page.drawPage(image.page, { x: MARGIN, y: top - height, width, height });
    leftBottom = top - height;
    // A mark (not a wide wordmark) has the trading name set beside it.
    nameOnLeft = width / height < 2.2;
    if (nameOnLeft) {
      const size = 16;
      const name = fit(business.tradingName, w.bold, size, A4[0] - 2 * MARGIN - rightWidth - width - 28);
      w.page.drawText(name, {
        x: MARGIN + width + 12,
        y: top - height / 2 - size * 0.35,
        size,
        font: w.bold,
        color: ACCENT,
      });
    }
  } else {
    w.text(fit(business.tradingName, w.bold, 18, A4[0] - 2 * MARGIN - rightWidth - 16), {
      size: 18,
      bold: true,
      color: ACCENT,
    });
    leftBottom = w.y;
  }
  w.y = top;
  if (!nameOnLeft) w.textRight(business.tradingName, right, { size: 11, bold: true, maxWidth: rightWidth });
  for (const line of addressLines(business.address))
    w.textRight(line, right, { size: 9, color: GREY, maxWidth: rightWidth });
  for (const line of [business.contactEmail, business.website?.replace(/^https:\/\//, "").replace(/\/$/, "")]) {
    if (line) w.textRight(line, right, { size: 9, color: GREY, maxWidth: rightWidth });
  }
  if (business.companyNumber)
    w.textRight(`Company no. ${business.companyNumber}`, right, { size: 9, color: GREY, maxWidth: rightWidth });
  if (business.vatNumber)
    w.textRight(`VAT no. ${business.vatNumber}`, right, { size: 9, color: GREY, maxWidth: rightWidth });
  w.y = Math.min(w.y, leftBottom) - 10;
  w.page.drawLine({ start: { x: MARGIN, y: w.y }, end: { x: right, y: w.y }, thickness: 1.2, color: ACCENT });
  w.y -= 22;
  w.text(title, { size: 18, bold: true });
  w.y -= 6;
}

/** The business's bank account as panel lines, with the reference to quote (invoices, statements). */
export function bankDetailLines(business: BusinessProfile, reference: string): PanelLine[] {
  return [
    { label: "Account name", value: business.bankAccountName ?? "" },
    { label: "Sort code", value: business.bankSortCode ?? "" },
    { label: "Account number", value: business.bankAccountNumber ?? "" },
    ...(business.bankIban ? [{ label: "IBAN", value: formatIban(business.bankIban) }] : []),
    { label: "Payment reference", value: reference, bold: true },
  ];
}
