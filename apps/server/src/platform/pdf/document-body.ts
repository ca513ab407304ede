import type { DocumentFonts } from './fonts';
import { lineHeight, MUTED, type PageFlow, type TextStyle } from './page-flow';

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
  /** A smaller line in italics: a remark on the document rather than its content. */
  note(text: string): void;
  space(points?: number): void;
}

/** Writes a document's body onto `flow`. */
export type BodyRenderer = (body: DocumentBody) => void;

const ITEM_INDENT = 18;

export function documentBody(flow: PageFlow, fonts: DocumentFonts): DocumentBody {
  const text: TextStyle = { font: fonts.regular, size: 10.5 };
  const heading: TextStyle = { font: fonts.bold, size: 11 };
  return {
    heading(title) {
      // A heading alone at a page's foot reads as lost: it moves with two lines of its text.
      flow.ensureRoom(flow.height(title, heading) + 2 * lineHeight(text) + 8);
      flow.space(8);
      flow.text(title, heading);
    },
    paragraph(paragraph) {
      flow.text(paragraph, text);
    },
    item(number, title, details = []) {
      flow.ensureRoom(lineHeight(text) * Math.min(2, 1 + details.length) + 6);
      flow.space(6);
      const label = `${number}.`;
      const y = flow.y;
      flow.text(label, { ...text, font: fonts.bold });
      flow.y = y;
      flow.text(title, { ...text, font: fonts.bold, indent: ITEM_INDENT });
      for (const detail of details) flow.text(detail, { ...text, indent: ITEM_INDENT });
    },
    note(remark) {
      flow.text(remark, { font: fonts.italic, size: 9, color: MUTED });
    },
    space(points = 8) {
      flow.space(points);
    },
  };
}
