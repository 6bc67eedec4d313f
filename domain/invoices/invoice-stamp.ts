/**
 * Stamps an invoice's stored PDF with where it stands now (invoice-stamp-rules.ts): the document as
 * issued is loaded and drawn over, never drawn anew, so its issued text stays exactly as sent.
 */
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { A4, MARGIN, pdfSafe } from "../shared/pdf.ts";
import type { InvoiceStamp } from "./invoice-stamp-rules.ts";

const COLOURS = { PAID: rgb(0.12, 0.55, 0.3), CANCELLED: rgb(0.85, 0.3, 0.3) } as const;
const NOTE = rgb(0.2, 0.25, 0.3);

export async function stampPdf(bytes: Uint8Array, stamp: InvoiceStamp): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.getPage(0);
  const colour = stamp.word ? COLOURS[stamp.word] : NOTE;
  if (stamp.word) {
    // Over the space above the words, faint enough to read the invoice through should it reach that far.
    const size = 64;
    page.drawText(stamp.word, {
      x: (A4[0] - bold.widthOfTextAtSize(stamp.word, size)) / 2,
      y: 150,
      size,
      font: bold,
      color: colour,
      opacity: 0.25,
    });
  }
  // The words in a framed box above the footer, where the issued invoice leaves the page empty.
  const lineHeight = 14;
  const height = stamp.lines.length * lineHeight + 12;
  const bottom = MARGIN + 24;
  page.drawRectangle({
    x: MARGIN,
    y: bottom,
    width: A4[0] - 2 * MARGIN,
    height,
    borderColor: colour,
    borderWidth: 1.5,
    color: rgb(1, 1, 1),
  });
  stamp.lines.forEach((line, i) =>
    page.drawText(pdfSafe(line), {
      x: MARGIN + 10,
      y: bottom + height - 6 - lineHeight * (i + 1) + 3,
      size: 10,
      font: bold,
      color: colour,
      maxWidth: A4[0] - 2 * MARGIN - 20,
    }),
  );
  return doc.save();
}
