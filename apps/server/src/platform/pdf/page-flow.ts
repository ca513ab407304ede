import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { wrapText } from './wrap-text';

/** A4 in points, and the margins every page keeps (about 2 cm at the sides). */
export const PAGE_SIZE: [number, number] = [595.28, 841.89];
export const MARGIN = { top: 48, side: 56, bottom: 64 };
export const CONTENT_WIDTH = PAGE_SIZE[0] - 2 * MARGIN.side;

export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.38, 0.4, 0.44);
export const LINE = rgb(0.75, 0.77, 0.8);

export interface TextStyle {
  font: PDFFont;
  size: number;
  color?: ReturnType<typeof rgb>;
  /** Distance from the left margin. */
  indent?: number;
  /** Width to wrap and align in; the rest of the line after `indent` when not given. */
  width?: number;
  /** Line height as a multiple of the size. */
  leading?: number;
  align?: 'left' | 'center' | 'right';
}

/**
 * Writes down the pages from top to bottom: text wrapped to the width, and a new page (which `startPage`
 * heads, writing from the top margin) whenever the next line would cross the bottom margin.
 */
export class PageFlow {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    private readonly startPage: (flow: PageFlow) => void,
  ) {}

  newPage(): void {
    this.page = this.doc.addPage(PAGE_SIZE);
    this.pages.push(this.page);
    this.y = PAGE_SIZE[1] - MARGIN.top;
    this.startPage(this);
  }

  /** Moves to a new page unless `height` points are left above the bottom margin. */
  ensureRoom(height: number): void {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
  }

  /** The text wrapped to the width left after `indent`, line by line, breaking pages between lines. */
  text(text: string, style: TextStyle): void {
    const indent = style.indent ?? 0;
    const width = style.width ?? CONTENT_WIDTH - indent;
    for (const line of wrapText(text, style.font, style.size, width)) {
      this.line(line, { ...style, indent }, width);
    }
  }

  /** How tall `text` is once wrapped, to keep it together with what follows. */
  height(text: string, style: TextStyle): number {
    const width = style.width ?? CONTENT_WIDTH - (style.indent ?? 0);
    const lines = wrapText(text, style.font, style.size, width).length;
    return lines * lineHeight(style);
  }

  rule(color = LINE): void {
    this.page.drawLine({
      start: { x: MARGIN.side, y: this.y },
      end: { x: MARGIN.side + CONTENT_WIDTH, y: this.y },
      thickness: 0.6,
      color,
    });
  }

  private line(line: string, style: TextStyle & { indent: number }, width: number): void {
    const height = lineHeight(style);
    this.ensureRoom(height);
    this.y -= height;
    const textWidth = style.font.widthOfTextAtSize(line, style.size);
    const offset = style.align === 'center' ? (width - textWidth) / 2 : style.align === 'right' ? width - textWidth : 0;
    // The baseline sits a fifth of the line above its bottom, so descenders stay inside the line.
    this.page.drawText(line, {
      x: MARGIN.side + style.indent + offset,
      y: this.y + height * 0.22,
      size: style.size,
      font: style.font,
      color: style.color ?? INK,
    });
  }
}

export function lineHeight(style: Pick<TextStyle, 'size' | 'leading'>): number {
  return style.size * (style.leading ?? 1.4);
}
