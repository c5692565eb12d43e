/**
 * A small flowing-text writer on top of pdf-lib: A4 pages, a cursor that moves down, word wrap,
 * label/value rows and a footer on every page. The standard fonts (Helvetica, Courier) use WinAnsi
 * encoding: ä ö ü ß € § – are in it; anything else (emoji, CJK in token names) would make pdf-lib
 * throw, so every string goes through `winAnsiSafe` first.
 */
import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

export const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const FOOTER_HEIGHT = 28;

export const COLORS = {
  text: rgb(0.1, 0.1, 0.12),
  muted: rgb(0.42, 0.42, 0.46),
  rule: rgb(0.82, 0.82, 0.85),
  accent: rgb(0.42, 0.16, 0.62),
  warning: rgb(0.62, 0.25, 0.0),
} as const;

/** Replaces what the font cannot encode with "?"; every kind of space or line break becomes " ". */
export function winAnsiSafe(text: string, charset: ReadonlySet<number>): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0) ?? 0;
    if (/\s/u.test(ch)) out += " ";
    else if (/[\p{M}\p{Cf}]/u.test(ch))
      continue; // variation selectors, joiners, combining marks left over by NFC
    else out += charset.has(cp) ? ch : "?";
  }
  return out;
}

const NO_COLUMNS: ReadonlySet<number> = new Set();

interface TextStyle {
  font?: "regular" | "bold" | "mono";
  size?: number;
  color?: Color;
}

export class PdfWriter {
  private page: PDFPage;
  private y: number;
  private readonly charsets = new Map<PDFFont, Set<number>>();

  private constructor(
    readonly doc: PDFDocument,
    private readonly fonts: Record<"regular" | "bold" | "mono", PDFFont>,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  static async create(): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    const [regular, bold, mono] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
      doc.embedFont(StandardFonts.Courier),
    ]);
    return new PdfWriter(doc, { regular, bold, mono });
  }

  get contentWidth(): number {
    return A4[0] - 2 * MARGIN;
  }

  private font(style: TextStyle): PDFFont {
    return this.fonts[style.font ?? "regular"];
  }

  safe(text: string, font: PDFFont): string {
    let charset = this.charsets.get(font);
    if (!charset) {
      charset = new Set(font.getCharacterSet());
      this.charsets.set(font, charset);
    }
    return winAnsiSafe(text, charset);
  }

  /** Starts a new page when fewer than `height` points are left above the footer. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + FOOTER_HEIGHT) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }

  /** Starts the next content at the top of a new page (unless nothing was written on this one yet). */
  newPage(): void {
    if (this.y >= A4[1] - MARGIN) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Splits text into lines no wider than `width` (long words are broken by character). */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of this.safe(text, font).split(" ").filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line) lines.push(line);
    return lines.length > 0 ? lines : [""];
  }

  /** A wrapped paragraph at the left margin (plus `indent`). */
  paragraph(text: string, style: TextStyle = {}, indent = 0): void {
    const font = this.font(style);
    const size = style.size ?? 10;
    const lineHeight = size * 1.35;
    for (const line of this.wrap(text, font, size, this.contentWidth - indent)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y + size * 0.25,
        size,
        font,
        color: style.color ?? COLORS.text,
      });
    }
  }

  /** A section heading, moved to the next page unless it fits with the first `keepRows` rows after it. */
  heading(text: string, keepRows = 2, size = 12.5): void {
    this.ensure(size * 2.4 + 6 + keepRows * 14.5);
    this.space(size * 0.9);
    this.paragraph(text, { font: "bold", size, color: COLORS.accent });
    this.rule(COLORS.rule);
    this.space(3);
  }

  rule(color: Color = COLORS.rule): void {
    this.y -= 3;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4[0] - MARGIN, y: this.y },
      thickness: 0.6,
      color,
    });
  }

  /** A label on the left (wrapped) and its value right-aligned. */
  row(label: string, value: string, style: TextStyle = {}, valueStyle: TextStyle = {}): void {
    const size = style.size ?? 10;
    const lineHeight = size * 1.45;
    const labelFont = this.font(style);
    const valueFont = this.font({ font: valueStyle.font ?? style.font });
    const safeValue = this.safe(value, valueFont);
    const valueWidth = Math.min(valueFont.widthOfTextAtSize(safeValue, size), this.contentWidth * 0.55);
    const labelLines = this.wrap(label, labelFont, size, this.contentWidth - valueWidth - 16);
    const valueLines = this.wrap(value, valueFont, size, this.contentWidth * 0.55);
    const lines = Math.max(labelLines.length, valueLines.length);
    this.ensure(lineHeight * lines);
    for (let i = 0; i < lines; i++) {
      this.y -= lineHeight;
      const baseline = this.y + size * 0.3;
      const l = labelLines[i];
      if (l)
        this.page.drawText(l, { x: MARGIN, y: baseline, size, font: labelFont, color: style.color ?? COLORS.text });
      const v = valueLines[i];
      if (v) {
        const x = A4[0] - MARGIN - valueFont.widthOfTextAtSize(v, size);
        this.page.drawText(v, { x, y: baseline, size, font: valueFont, color: valueStyle.color ?? COLORS.text });
      }
    }
  }

  /**
   * Columns at fixed x offsets (fractions of the content width), one line, cut to fit; the columns whose
   * index is in `rightAligned` (amounts) end at their right edge.
   */
  columns(
    cells: readonly string[],
    starts: readonly number[],
    style: TextStyle = {},
    rightAligned: ReadonlySet<number> = NO_COLUMNS,
  ): void {
    const font = this.font(style);
    const size = style.size ?? 9;
    const lineHeight = size * 1.45;
    this.ensure(lineHeight);
    this.y -= lineHeight;
    cells.forEach((cell, i) => {
      const from = MARGIN + (starts[i] ?? 0) * this.contentWidth;
      // A gap before the next column; the last one ends at the margin, like the values of row().
      const to = MARGIN + (starts[i + 1] ?? 1) * this.contentWidth - (i === cells.length - 1 ? 0 : 6);
      let text = this.safe(cell, font);
      while (text.length > 1 && font.widthOfTextAtSize(text, size) > to - from) text = `${text.slice(0, -2)}…`;
      const x = rightAligned.has(i) ? to - font.widthOfTextAtSize(text, size) : from;
      this.page.drawText(text, { x, y: this.y + size * 0.3, size, font, color: style.color ?? COLORS.text });
    });
  }

  /** Draws "left … page n of m" under every page; call once at the end. */
  footers(left: string, pageLabel: (n: number, total: number) => string): void {
    const pages = this.doc.getPages();
    const font = this.fonts.regular;
    const size = 8;
    pages.forEach((page, i) => {
      const y = MARGIN - 20;
      page.drawLine({
        start: { x: MARGIN, y: y + 12 },
        end: { x: A4[0] - MARGIN, y: y + 12 },
        thickness: 0.4,
        color: COLORS.rule,
      });
      page.drawText(this.safe(left, font), { x: MARGIN, y, size, font, color: COLORS.muted });
      const right = this.safe(pageLabel(i + 1, pages.length), font);
      page.drawText(right, {
        x: A4[0] - MARGIN - font.widthOfTextAtSize(right, size),
        y,
        size,
        font,
        color: COLORS.muted,
      });
    });
  }
}
