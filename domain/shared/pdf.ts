/** PDF layout with pdf-lib: A4 pages, text, table rows that break onto new pages, page footers. */
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from "pdf-lib";

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

export interface Business {
  name: string;
  address: string;
  email: string;
}

export const DEFAULT_BUSINESS: Business = {
  name: "Vendboard Vending Ltd",
  address: "Unit 4, Aire Street Works, Leeds LS1 4PR",
  email: "accounts@vendboard.example",
};

export interface Column {
  title: string;
  width: number;
  align: "left" | "right";
}

/** Lays out pages top to bottom; starts a new page (with the table header again) when one is full. */
export class Writer {
  pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  constructor(
    private readonly doc: PDFDocument,
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

  text(value: string, options: { x?: number; size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; advance?: boolean } = {}) {
    const size = options.size ?? 10;
    this.page.drawText(pdfSafe(value), { x: options.x ?? MARGIN, y: this.y - size, size, font: options.bold ? this.bold : this.font, color: options.color ?? rgb(0.1, 0.1, 0.12) });
    if (options.advance !== false) this.y -= size + 5;
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4[0] - MARGIN, y: this.y }, thickness: 0.7, color: LINE });
    this.y -= 6;
  }

  row(columns: Column[], cells: string[], options: { bold?: boolean; size?: number; shade?: boolean } = {}) {
    const size = options.size ?? 9;
    const height = size + 8;
    if (options.shade) this.page.drawRectangle({ x: MARGIN, y: this.y - height + 2, width: A4[0] - 2 * MARGIN, height, color: rgb(0.94, 0.97, 0.96) });
    let x = MARGIN + 4;
    columns.forEach((column, i) => {
      const font = options.bold ? this.bold : this.font;
      let value = pdfSafe(cells[i] ?? "");
      while (value.length > 1 && font.widthOfTextAtSize(value, size) > column.width - 6) value = `${value.slice(0, -2)}…`;
      const width = font.widthOfTextAtSize(value, size);
      const cx = column.align === "right" ? x + column.width - 8 - width : x;
      this.page.drawText(value, { x: cx, y: this.y - size - 3, size, font });
      x += column.width;
    });
    this.y -= height;
  }

  footer(generatedOn: string) {
    this.pages.forEach((page, i) => {
      const text = pdfSafe(`${generatedOn}   ·   Page ${i + 1} of ${this.pages.length}`);
      page.drawText(text, { x: A4[0] - MARGIN - this.font.widthOfTextAtSize(text, 8), y: MARGIN / 2, size: 8, font: this.font, color: GREY });
    });
  }
}

/** The seller block and the document title at the top of the first page. */
export function header(w: Writer, business: Business, title: string) {
  w.text(business.name, { size: 16, bold: true, color: ACCENT });
  w.text(business.address, { size: 9, color: GREY });
  w.text(business.email, { size: 9, color: GREY });
  w.y -= 10;
  w.text(title, { size: 18, bold: true });
  w.y -= 4;
}
