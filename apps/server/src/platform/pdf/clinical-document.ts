import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, type PDFPage } from 'pdf-lib';
import { documentBody, type BodyRenderer } from './document-body';
import { drawHeader, type Letterhead } from './document-header';
import { embedDocumentFonts, type DocumentFonts } from './fonts';
import { MARGIN, MUTED, PAGE_SIZE, PageFlow } from './page-flow';
import { drawSignatureArea } from './signature-area';
import { signPdf, type SignatureRequest } from './sign-pdf';
import { drawVerificationMark, type Verification } from './verification-mark';

export type { BlankBox, BodyRenderer, DocumentBody } from './document-body';
export type { Letterhead } from './document-header';
export type { SigningCertificate } from './sign-pdf';

/** A clinical document to lay out on A4: who issues it for whom, its body, and how it is signed. */
export interface ClinicalDocument {
  title: string;
  /** A line under the title (the template, the consultation's date). */
  subtitle?: string;
  letterhead: Letterhead;
  body: BodyRenderer;
  /** What follows the signature area in each copy (a controle especial's buyer and supplier boxes). */
  closing?: BodyRenderer;
  /**
   * One whole copy per label, each with its pages, header and signature area ("1ª via", "2ª via": the
   * controle especial prescription of Portaria 344/98); a single unlabelled copy when not given.
   */
  copies?: string[];
  /** Signed with an A1 certificate; without it the document ends with a line to sign by hand. */
  signature?: SignatureRequest;
  /** An issued document's address and code, with its QR code, at the foot of every page. */
  verification?: Verification;
  /** The document's metadata title and author. */
  author: string;
  /** Further entries of the document information dictionary, by key (ITI's validator reads OIDs there). */
  metadata?: Record<string, string>;
}

// A signature with no room left on the page takes this many lines (or groups) of the text with it.
const LINES_WITH_SIGNATURE = 3;

/**
 * The document as a PDF: every page headed as CFM Res. 2.299/2021 asks, the body flowing onto new pages,
 * fonts embedded so the text can be searched and copied, pages numbered per copy, and the signature
 * area at the end of each copy, never alone on its page; with `signature`, the whole file signed (PAdES)
 * over the last copy's block.
 */
export async function renderClinicalDocument(document: ClinicalDocument): Promise<Buffer> {
  let layout = await layOut(document, []);
  // pdf-lib cannot take back what it drew: a copy whose signature went alone onto a page is laid out again.
  if (layout.breaks.some((place) => place !== undefined)) layout = await layOut(document, layout.breaks);
  const { doc, signatureField } = layout;
  const { signature } = document;
  if (!signature || !signatureField) return Buffer.from(await doc.save());
  return signPdf(doc, signatureField.page, signatureField.rect, signature);
}

/**
 * Lays the copies out, each going on to a new page before its place in `breaks`; answers, per copy whose
 * signature area found no room after the text, the place to break at so that the text's last lines go with it.
 */
async function layOut(document: ClinicalDocument, breaks: (number | undefined)[]) {
  const doc = await PDFDocument.create();
  doc.setTitle(document.title);
  doc.setAuthor(document.author);
  doc.setLanguage('pt-BR');
  doc.setCreator('Escriba');
  setInfoEntries(doc, document.metadata ?? {});
  const fonts = await embedDocumentFonts(doc);
  const { signature } = document;
  const kind = signature
    ? {
        kind: 'digital' as const,
        holderName: signature.certificate.holderName,
        issuer: signature.certificate.issuer,
        icpBrasil: signature.certificate.icpBrasil,
        signedAt: signature.signedAt,
      }
    : { kind: 'hand' as const };
  let signatureField: { page: PDFPage; rect: [number, number, number, number] } | undefined;
  const carries: (number | undefined)[] = [];
  for (const [index, copy] of (document.copies ?? [undefined]).entries()) {
    const header = (pageFlow: PageFlow) => drawHeader(pageFlow, fonts, { ...document, copy });
    const flow = new PageFlow(doc, header, breaks[index]);
    flow.newPage();
    const body = documentBody(flow, fonts);
    document.body(body);
    const carry = flow.carryFrom(LINES_WITH_SIGNATURE);
    const pages = flow.pages.length;
    const rect = drawSignatureArea(flow, fonts, document.letterhead.professional, kind);
    carries.push(flow.pages.length > pages ? carry : undefined);
    signatureField = { page: flow.page, rect };
    document.closing?.(body);
    numberPages(flow.pages, fonts, copy);
    const { verification } = document;
    if (verification) for (const page of flow.pages) drawVerificationMark(page, fonts, verification);
  }
  return { doc, signatureField, breaks: carries };
}

/** Sets entries of the information dictionary (which setTitle has made): plain strings when ASCII, else UTF-16. */
function setInfoEntries(doc: PDFDocument, entries: Record<string, string>): void {
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  for (const [key, value] of Object.entries(entries)) {
    const text = /^[\x20-\x7e]*$/.test(value) ? PDFString.of(value) : PDFHexString.fromText(value);
    info.set(PDFName.of(key), text);
  }
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
