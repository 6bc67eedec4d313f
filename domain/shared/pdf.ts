/** PDF layout with pdf-lib: A4 pages, the business's letterhead, text, table rows that break onto new pages, page footers. */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

/** Characters beyond Latin-1 that the standard fonts' WinAnsi encoding still has. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const FALLBACKS: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", ı: "i", "−": "-", "‐": "-" };

/**
 * Text the built-in PDF fonts can draw: accents are dropped where the letter has none in WinAnsi
 * (ś → s), a few letters are spelled out (Ł → L), anything else becomes '?', never an error.
 */
export function pdfSafe(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) {
      out += char;
      continue;
    }
    if (FALLBACKS[char]) {
      out += FALLBACKS[char];
      continue;
    }
    const stripped = char.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    out += stripped && [...stripped].every((c) => c.codePointAt(0)! < 0x100) ? stripped : "?";
  }
  return out;
}

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 48;
export const ACCENT = rgb(0.07, 0.55, 0.5);
export const GREY = rgb(0.42, 0.45, 0.48);
export const LINE = rgb(0.85, 0.87, 0.88);

export interface Column {
  title: string;
  width: number;
  align: "left" | "right";
}

/**
 * A new document with its title and author (the business's trading name), and its Writer in
 * Helvetica; `continued` heads the pages after the first (the title by default).
 */
export async function startPdf(title: string, author: string, continued = title): Promise<Writer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(author);
  return new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
    continued,
  );
}

/** Lays out pages top to bottom; starts a new page (with the table header again) when one is full. */
export class Writer {
  pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    private readonly title: string,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN;
    if (this.pages.length > 1) {
      this.text(this.title, { size: 9, color: GREY });
      this.y -= 8;
    }
  }

  ensure(height: number, onBreak?: () => void) {
    if (this.y - height < MARGIN + 24) {
      this.newPage();
      onBreak?.();
    }
  }

  text(
    value: string,
    options: { x?: number; size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; advance?: boolean } = {},
  ) {
    const size = options.size ?? 10;
    this.page.drawText(pdfSafe(value), {
      x: options.x ?? MARGIN,
      y: this.y - size,
      size,
      font: options.bold ? this.bold : this.font,
      color: options.color ?? rgb(0.1, 0.1, 0.12),
    });
    if (options.advance !== false) this.y -= size + 5;
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4[0] - MARGIN, y: this.y },
      thickness: 0.7,
      color: LINE,
    });
    this.y -= 6;
  }

  row(columns: Column[], cells: string[], options: { bold?: boolean; size?: number; shade?: boolean } = {}) {
    const size = options.size ?? 9;
    const height = size + 8;
    if (options.shade)
      this.page.drawRectangle({
        x: MARGIN,
        y: this.y - height + 2,
        width: A4[0] - 2 * MARGIN,
        height,
        color: rgb(0.94, 0.97, 0.96),
      });
    let x = MARGIN + 4;
    columns.forEach((column, i) => {
      const font = options.bold ? this.bold : this.font;
      let value = pdfSafe(cells[i] ?? "");
      while (value.length > 1 && font.widthOfTextAtSize(value, size) > column.width - 6)
        value = `${value.slice(0, -2)}…`;
      const width = font.widthOfTextAtSize(value, size);
      const cx = column.align === "right" ? x + column.width - 8 - width : x;
      this.page.drawText(value, { x: cx, y: this.y - size - 3, size, font });
      x += column.width;
    });
    this.y -= height;
  }

  /** `text` drawn so that it ends at `right`, cut with an ellipsis to `maxWidth`. */
  textRight(
    value: string,
    right: number,
    options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; maxWidth?: number } = {},
  ) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    const shown = fit(value, font, size, options.maxWidth ?? A4[0] - 2 * MARGIN);
    this.page.drawText(shown, {
      x: right - font.widthOfTextAtSize(shown, size),
      y: this.y - size,
      size,
      font,
      color: options.color ?? rgb(0.1, 0.1, 0.12),
    });
    this.y -= size + 5;
  }

  /** Page numbers at the bottom right of every page, and `left` (the business's registration) at the bottom left. */
  footer(generatedOn: string, left = "") {
    this.pages.forEach((page, i) => {
      const text = pdfSafe(`${generatedOn}   ·   Page ${i + 1} of ${this.pages.length}`);
      page.drawText(text, {
        x: A4[0] - MARGIN - this.font.widthOfTextAtSize(text, 8),
        y: MARGIN / 2,
        size: 8,
        font: this.font,
        color: GREY,
      });
      if (left)
        page.drawText(fit(left, this.font, 8, A4[0] - 2 * MARGIN - this.font.widthOfTextAtSize(text, 8) - 16), {
          x: MARGIN,
          y: MARGIN / 2,
          size: 8,
          font: this.font,
          color: GREY,
        });
    });
  }
}

/** Text the standard fonts draw within `width` points, cut with an ellipsis when longer. */
export function fit(text: string, font: PDFFont, size: number, width: number): string {
  let value = pdfSafe(text);
  if (font.widthOfTextAtSize(value, size) <= width) return value;
  while (value.length > 1 && font.widthOfTextAtSize(`${value}…`, size) > width) value = value.slice(0, -1);
  return `${value.trimEnd()}…`;
}

/** A line of a details panel: a label and its value side by side, or a sentence across the panel. */
export interface PanelLine {
  label?: string;
  value: string;
  bold?: boolean;
}

const PANEL = rgb(0.95, 0.97, 0.97);

/**
 * A shaded panel with a title and its lines (the invoice's and the statement's "Payment details").
 * `room` is the space kept below it on the page (the statement's panel fits its first page with none).
 */
export function detailsPanel(w: Writer, title: string, lines: readonly PanelLine[], { padding = 40, room = 10 } = {}) {
  const height = padding + lines.length * 15;
  w.ensure(height + room);
  const panelTop = w.y;
  w.page.drawRectangle({ x: MARGIN, y: panelTop - height, width: A4[0] - 2 * MARGIN, height, color: PANEL });
  w.y -= 10;
  w.text(title, { size: 11, bold: true, x: MARGIN + 12 });
  w.y -= 2;
  for (const line of lines) {
    if (line.label) {
      const y = w.y;
      w.text(line.label, { size: 10, color: GREY, x: MARGIN + 12, advance: false });
      w.y = y;
      w.text(fit(line.value, line.bold ? w.bold : w.font, 10, 300), { size: 10, bold: line.bold, x: MARGIN + 132 });
    } else {
      w.text(fit(line.value, w.font, 10, A4[0] - 2 * MARGIN - 24), { size: 10, x: MARGIN + 12 });
    }
  }
  w.y = panelTop - height - 8;
}

/** Who a document is for (left) and its details (right), side by side under the letterhead. */
export function partyAndDetails(
  w: Writer,
  party: { heading: string; name: string; address: string | null; email: string | null },
  details: { heading: string; rows: readonly (readonly [label: string, value: string])[]; boldLabel?: string },
) {
  const top = w.y;
  w.text(party.heading, { size: 9, color: GREY });
  w.text(fit(party.name, w.bold, 11, 280), { size: 11, bold: true });
  for (const line of (party.address ?? "").split(/\r?\n/).filter((l) => l.trim()))
    w.text(fit(line.trim(), w.font, 10, 280), { size: 10 });
  if (party.email) w.text(fit(party.email, w.font, 10, 280), { size: 10 });
  const leftBottom = w.y;
  w.y = top;
  const metaX = 360;
  w.text(details.heading, { size: 9, color: GREY, x: metaX });
  for (const [label, value] of details.rows)
    w.text(fit(`${label}: ${value}`, w.font, 10, A4[0] - MARGIN - metaX), {
      size: 10,
      bold: label === details.boldLabel,
      x: metaX,
    });
  w.y = Math.min(w.y, leftBottom) - 16;
}
