import type { DocumentFonts } from './fonts';
import { CONTENT_WIDTH, INK, LINE, lineHeight, MARGIN, MUTED, type PageFlow, type TextStyle } from './page-flow';

/** A box of lines left blank to fill by hand, each after its label ("Nome", "Telefone"). */
export interface BlankBox {
  title: string;
  lines: string[];
}

/**
 * What a document kind writes its content with: the page layout, the header on every page and the
 * signature area are the renderer's, so a kind only says what comes in which order.
 */
export interface DocumentBody {
  /** A section's title, kept on the page with the first lines of what follows. */
  heading(text: string): void;
  /** Running text: wrapped, the writer's line breaks kept, flowing onto new pages. */
  paragraph(text: string): void;
  /** A numbered entry ("1. Losartana 50 mg") with its detail lines indented under it (posologia). */
  item(number: number, title: string, details?: string[]): void;
  /** An entry of a list without numbers: a bullet, and the text hanging beside it. */
  bullet(text: string): void;
  /** Boxes side by side, kept on one page, with lines to fill by hand (a controle especial's buyer and supplier). */
  blankBoxes(boxes: BlankBox[]): void;
  /** A smaller line in italics: a remark on the document rather than its content. */
  note(text: string): void;
  space(points?: number): void;
}

/** Writes a document's body onto `flow`. */
export type BodyRenderer = (body: DocumentBody) => void;

const ITEM_INDENT = 18;
const BOX_GAP = 12;
const BOX_PADDING = 8;
// Room to write a line by hand.
const BLANK_LINE_HEIGHT = 22;

export function documentBody(flow: PageFlow, fonts: DocumentFonts): DocumentBody {
  const text: TextStyle = { font: fonts.regular, size: 10.5 };
  const heading: TextStyle = { font: fonts.bold, size: 11 };
  return {
    heading(title) {
      // A heading alone at a page's foot reads as lost: it moves with two lines of its text.
      flow.ensureRoom(flow.height(title, heading) + 2 * lineHeight(text) + 8);
      flow.space(8);
      flow.together(() => flow.text(title, heading));
      flow.keepWithNext();
    },
    paragraph(paragraph) {
      flow.text(paragraph, text);
    },
    item(number, title, details = []) {
      flow.ensureRoom(lineHeight(text) * Math.min(2, 1 + details.length) + 6);
      flow.space(6);
      const label = `${number}.`;
      flow.together(() => {
        const y = flow.y;
        flow.text(label, { ...text, font: fonts.bold });
        flow.y = y;
        flow.text(title, { ...text, font: fonts.bold, indent: ITEM_INDENT });
      });
      if (details.length > 0) flow.keepWithNext();
      for (const detail of details) flow.text(detail, { ...text, indent: ITEM_INDENT });
    },
    bullet(entry) {
      flow.ensureRoom(lineHeight(text) + 3);
      flow.space(3);
      flow.together(() => {
        const y = flow.y;
        flow.text('•', { ...text, indent: 4 });
        flow.y = y;
        flow.text(entry, { ...text, indent: ITEM_INDENT });
      });
    },
    blankBoxes(boxes) {
      const label: TextStyle = { font: fonts.regular, size: 8.5 };
      const title: TextStyle = { font: fonts.bold, size: 9 };
      const width = (CONTENT_WIDTH - BOX_GAP * (boxes.length - 1)) / boxes.length;
      const lines = Math.max(...boxes.map((box) => box.lines.length));
      const height = 2 * BOX_PADDING + lineHeight(title) + lines * BLANK_LINE_HEIGHT;
      flow.ensureRoom(height + 12);
      // One place: the boxes are drawn before their lines, so a page never ends between them.
      flow.together(() => {
        flow.space(12);
        const top = flow.y;
        boxes.forEach((box, index) => {
          const left = MARGIN.side + index * (width + BOX_GAP);
          const inside = { indent: left - MARGIN.side + BOX_PADDING, width: width - 2 * BOX_PADDING };
          flow.page.drawRectangle({ x: left, y: top - height, width, height, borderColor: LINE, borderWidth: 0.8 });
          flow.y = top - BOX_PADDING;
          flow.text(box.title, { ...title, ...inside });
          for (const line of box.lines) {
            flow.space(BLANK_LINE_HEIGHT - lineHeight(label));
            flow.text(`${line}:`, { ...label, ...inside });
            const start = left + BOX_PADDING + fonts.regular.widthOfTextAtSize(`${line}: `, label.size);
            const baseline = flow.y + lineHeight(label) * 0.18;
            flow.page.drawLine({
              start: { x: start, y: baseline },
              end: { x: left + width - BOX_PADDING, y: baseline },
              thickness: 0.5,
              color: INK,
            });
          }
        });
        flow.y = top - height;
      });
    },
    note(remark) {
      flow.together(() => flow.text(remark, { font: fonts.italic, size: 9, color: MUTED }));
    },
    space(points = 8) {
      flow.space(points);
    },
  };
}
