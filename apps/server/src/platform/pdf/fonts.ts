import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/** The faces a clinical document is written in. */
export interface DocumentFonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

// DejaVu Sans Condensed (dejavu-fonts-ttf, free licence) covers Portuguese and the signs clinical text uses
// (≥, ≤, µ, °, ±, →): a missing glyph would print nothing where a dose or a threshold was written.
const FONT_FOLDER = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const FILES = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  italic: 'DejaVuSansCondensed-Oblique.ttf',
} as const;

let fontFiles: Record<keyof DocumentFonts, Buffer> | undefined;

/** Embeds the document fonts, subset to the glyphs used, so the text stays searchable and copyable. */
export async function embedDocumentFonts(doc: PDFDocument): Promise<DocumentFonts> {
  fontFiles ??= {
    regular: readFileSync(path.join(FONT_FOLDER, FILES.regular)),
    bold: readFileSync(path.join(FONT_FOLDER, FILES.bold)),
    italic: readFileSync(path.join(FONT_FOLDER, FILES.italic)),
  };
  doc.registerFontkit(fontkit);
  const [regular, bold, italic] = await Promise.all([
    doc.embedFont(fontFiles.regular, { subset: true }),
    doc.embedFont(fontFiles.bold, { subset: true }),
    doc.embedFont(fontFiles.italic, { subset: true }),
  ]);
  return { regular, bold, italic };
}
