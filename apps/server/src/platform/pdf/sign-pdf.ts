import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
// The class, not the default instance: bundled as ESM, the CommonJS default export is the module object.
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFArray, PDFDict, PDFInvalidObject, PDFName, PDFRef, type PDFDocument, type PDFPage } from 'pdf-lib';
import { CadesSigner, type SigningKey } from './cades-signer';

/** An A1 certificate opened for one signature (with the password the professional just typed). */
export interface SigningCertificate {
  signingKey: SigningKey;
  holderName: string;
  issuer: string;
  /** Whether its chain reaches an ICP-Brasil root: the stamp says so, or that it does not. */
  icpBrasil: boolean;
}

export interface SignatureRequest {
  certificate: SigningCertificate;
  /** Why the document is signed, kept in the signature. */
  reason: string;
  /** Where: the city of issue. */
  location: string;
  signedAt: Date;
}

// The signature's bytes are written into room left for them: the certificates of the chain, then the
// signed digest and its attributes, which this bounds.
const SIGNATURE_OVERHEAD_BYTES = 4096;

function chainBytes(chain: readonly Buffer[]): number {
  return chain.reduce((sum, certificate) => sum + certificate.length, 0);
}

/**
 * Adds to the signature dictionary the DocMDP transform ITI asks (validar.iti.gov.br/orientacoes.html): a
 * signature reference with TransformMethod DocMDP and P 2 (only form filling and signing after it), so the
 * validator does not find the signature "indeterminada". pdflibAddPlaceholder writes the dictionary as raw
 * bytes (signpdf later finds its placeholders by them): the reference goes in before its closing `>>`.
 */
function addDocMdp(doc: PDFDocument, page: PDFPage): void {
  const annotations = page.node.lookup(PDFName.of('Annots'), PDFArray);
  const widget = doc.context.lookup(annotations.get(annotations.size() - 1), PDFDict);
  const signatureRef = widget.get(PDFName.of('V'));
  if (!(signatureRef instanceof PDFRef)) throw new Error('The signature widget has no signature dictionary');
  const raw = doc.context.lookup(signatureRef);
  if (!(raw instanceof PDFInvalidObject)) throw new Error('The signature dictionary is not the placeholder');
  const bytes = new Uint8Array(raw.sizeInBytes());
  raw.copyBytesInto(bytes, 0);
  const reference = doc.context.obj([
    { Type: 'SigRef', TransformMethod: 'DocMDP', TransformParams: { Type: 'TransformParams', P: 2, V: '1.2' } },
  ]);
  const text = Buffer.from(bytes).toString('latin1');
  const end = text.lastIndexOf('>>');
  const withReference = `${text.slice(0, end)}/Reference ${reference.toString()}\n${text.slice(end)}`;
  doc.context.assign(signatureRef, PDFInvalidObject.of(Buffer.from(withReference, 'latin1')));
}

/**
 * Signs the whole document with the A1 certificate, PAdES baseline B-B under ICP-Brasil's AD-RB policy
 * (ETSI.CAdES.detached, see CadesSigner) with DocMDP P 2: the certificate chain embedded, the signing time (`/M`), the reason and the
 * holder's name; `rect` on `page` is the signature's field, over the visible block drawn there.
 */
export async function signPdf(
  doc: PDFDocument,
  page: PDFPage,
  rect: [number, number, number, number],
  { certificate, reason, location, signedAt }: SignatureRequest,
): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    pdfPage: page,
    reason,
    contactInfo: '',
    name: certificate.holderName,
    location,
    signingTime: signedAt,
    signatureLength: Math.max(8192, chainBytes(certificate.signingKey.chain) + SIGNATURE_OVERHEAD_BYTES),
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: rect,
    appName: 'Escriba',
  });
  addDocMdp(doc, page);
  // The placeholder must stay a plain object in the file: signpdf finds it by its bytes.
  const unsigned = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(unsigned, new CadesSigner(certificate.signingKey), signedAt);
}
