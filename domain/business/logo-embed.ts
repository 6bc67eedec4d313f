/**
 * The logo as PDFs embed it, prepared once per process and logo: pdf-lib decodes a PNG and deflates
 * its pixels again on every document (about 0.6 s for the largest logo allowed, 2,000 × 2,000 RGBA,
 * on an idle machine here), so the logo is drawn once into a one-page PDF kept here, and each document
 * embeds that page, whose image stream is copied as it is, already compressed (a few milliseconds).
 * It is prepared as the logo is uploaded (updateBusinessProfile) and as the server starts
 * (warmLogo, after it listens), so the first document after either does not pay for it.
 */
import crypto from "node:crypto";
import { PDFDocument, type PDFEmbeddedPage } from "pdf-lib";
import type { BusinessLogo } from "./business-rules.ts";

interface Prepared {
  key: string;
  pdf: Uint8Array;
  width: number;
  height: number;
}

/** The last logo prepared: the business has one at a time. */
let prepared: Promise<Prepared> | null = null;
let preparedKey: string | null = null;

async function prepare(key: string, logo: BusinessLogo): Promise<Prepared> {
  const doc = await PDFDocument.create();
  const image = logo.type === "image/png" ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
  doc.addPage([image.width, image.height]).drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  return { key, pdf: await doc.save(), width: image.width, height: image.height };
}

const keyOf = (logo: BusinessLogo) => `${logo.type}:${crypto.createHash("sha256").update(logo.bytes).digest("hex")}`;

/** The logo's one-page PDF, prepared now unless it is the one kept. */
function preparedFor(logo: BusinessLogo): Promise<Prepared> {
  const key = keyOf(logo);
  if (preparedKey !== key || !prepared) {
    preparedKey = key;
    prepared = prepare(key, logo);
    // A logo that fails is prepared again next time (and fails the document that asked, as before).
    prepared.catch(() => {
      if (preparedKey === key) preparedKey = null;
    });
  }
  return prepared;
}

/** Prepares the logo for the documents to come (on upload, at start); a logo that fails is left for them to report. */
export async function prepareLogo(logo: BusinessLogo): Promise<void> {
  await preparedFor(logo).catch(() => undefined);
}

/** Whether this logo is the one prepared and kept (for tests). */
export function isLogoPrepared(logo: BusinessLogo): boolean {
  return preparedKey === keyOf(logo) && prepared !== null;
}

/** The logo embedded in `doc` as a page to draw (its size in pixels beside it). */
export async function embedLogo(
  doc: PDFDocument,
  logo: BusinessLogo,
): Promise<{ page: PDFEmbeddedPage; width: number; height: number }> {
  const { pdf, width, height } = await preparedFor(logo);
  const [page] = await doc.embedPdf(pdf);
  return { page, width, height };
}
