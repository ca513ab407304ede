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
 *
 * Each line of the body, or each group drawn `together`, is a place where a page may end. Laid out again
 * with `breakBefore`, the body goes on to a new page at that place: how a signature that found no room
 * takes the last lines of text with it (`carryFrom`).
 */
export class PageFlow {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  private places = 0;
  // Places before which a page must not end: a page's first (nothing would move), and what a heading or a
  // list's label keeps with it.
  private readonly unbreakable = new Set<number>();
  private isAtPageTop = true;
  // Inside a page's header or a group: its lines are not places.
  private depth = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly startPage: (flow: PageFlow) => void,
    private readonly breakBefore?: number,
  ) {}

  newPage(): void {
    this.page = this.doc.addPage(PAGE_SIZE);
    this.pages.push(this.page);
    this.y = PAGE_SIZE[1] - MARGIN.top;
    this.depth++;
    this.startPage(this);
    this.depth--;
    this.isAtPageTop = true;
  }

  /** Draws one place: what `draw` writes stays on one page (a box, a list's label with its text). */
  together(draw: () => void): void {
    this.enterPlace();
    this.depth++;
    draw();
    this.depth--;
  }

  /** The next place stays on the page of the last one (a heading's first line of text). */
  keepWithNext(): void {
    this.unbreakable.add(this.places);
  }

  /**
   * Where to end a page so that at least the last `count` places so far go on to the next one with what
   * follows: the place to give as `breakBefore` when laying out again, or undefined when there is none.
   */
  carryFrom(count: number): number | undefined {
    for (let place = this.places - count; place > 0; place--) {
      if (!this.unbreakable.has(place)) return place;
    }
    return undefined;
  }

  private enterPlace(): void {
    if (this.depth > 0) return;
    const place = this.places++;
    if (place === this.breakBefore && !this.isAtPageTop) this.newPage();
    if (this.isAtPageTop) this.unbreakable.add(place);
    this.isAtPageTop = false;
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
    this.enterPlace();
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
