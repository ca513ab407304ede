import { PDFDocument, type PDFPage } from 'pdf-lib';
import { documentBody, type BodyRenderer } from './document-body';
import { drawHeader, type Letterhead } from './document-header';
import { embedDocumentFonts, type DocumentFonts } from './fonts';
import { MARGIN, MUTED, PAGE_SIZE, PageFlow } from './page-flow';
import { drawSignatureArea } from './signature-area';
import { signPdf, type SignatureRequest } from './sign-pdf';

export type { BodyRenderer, DocumentBody } from './document-body';
export type { Letterhead } from './document-header';
export type { SigningCertificate } from './sign-pdf';

/** A clinical document to lay out on A4: who issues it for whom, its body, and how it is signed. */
export interface ClinicalDocument {
  title: string;
  /** A line under the title (the template, the consultation's date). */
  subtitle?: string;
  letterhead: Letterhead;
  body: BodyRenderer;
  /**
   * One whole copy per label, each with its pages, header and signature area ("1ª via", "2ª via": the
   * controle especial prescription of Portaria 344/98); a single unlabelled copy when not given.
   */
  copies?: string[];
  /** Signed with an A1 certificate; without it the document ends with a line to sign by hand. */
  signature?: SignatureRequest;
  /** The document's metadata title and author. */
  author: string;
}

/**
 * The document as a PDF: every page headed as CFM Res. 2.299/2021 asks, the body flowing onto new pages,
 * fonts embedded so the text can be searched and copied, pages numbered per copy, and the signature
 * area at the end of each copy; with `signature`, the whole file signed (PAdES) over the last copy's block.
 */
export async function renderClinicalDocument(document: ClinicalDocument): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(document.title);
  doc.setAuthor(document.author);
  doc.setLanguage('pt-BR');
  doc.setCreator('Escriba');
  const fonts = await embedDocumentFonts(doc);
  const { signature } = document;
  let signatureField: { page: PDFPage; rect: [number, number, number, number] } | undefined;
  for (const copy of document.copies ?? [undefined]) {
    const flow = new PageFlow(doc, (pageFlow) => drawHeader(pageFlow, fonts, { ...document, copy }));
    flow.newPage();
    document.body(documentBody(flow, fonts));
    const kind = signature
      ? {
          kind: 'digital' as const,
          holderName: signature.certificate.holderName,
          issuer: signature.certificate.issuer,
          signedAt: signature.signedAt,
        }
      : { kind: 'hand' as const };
    const rect = drawSignatureArea(flow, fonts, document.letterhead.professional, kind);
    signatureField = { page: flow.page, rect };
    numberPages(flow.pages, fonts, copy);
  }
  if (!signature || !signatureField) return Buffer.from(await doc.save());
  return signPdf(doc, signatureField.page, signatureField.rect, signature);
}

/** "Página 1 de 2" at the foot of each page of a copy, after the copy's label. */
function numberPages(pages: PDFPage[], fonts: DocumentFonts, copy: string | undefined): void {
  pages.forEach((page, index) => {
    const text = `${copy ? `${copy} · ` : ''}Página ${index + 1} de ${pages.length}`;
    const size = 8;
    page.drawText(text, {
      x: PAGE_SIZE[0] - MARGIN.side - fonts.regular.widthOfTextAtSize(text, size),
      y: MARGIN.bottom / 2,
      size,
      font: fonts.regular,
      color: MUTED,
    });
  });
}
