import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
// The class, not the default instance: bundled as ESM, the CommonJS default export is the module object.
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { PDFDocument, PDFPage } from 'pdf-lib';
import { CadesSigner, type SigningKey } from './cades-signer';

/** An A1 certificate opened for one signature (with the password the professional just typed). */
export interface SigningCertificate {
  signingKey: SigningKey;
  holderName: string;
  issuer: string;
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
 * Signs the whole document with the A1 certificate, PAdES baseline B-B (ETSI.CAdES.detached, with the ESS
 * signing-certificate-v2): the certificate chain embedded, the signing time (`/M`), the reason and the
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
  // The placeholder must stay a plain object in the file: signpdf finds it by its bytes.
  const unsigned = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(unsigned, new CadesSigner(certificate.signingKey), signedAt);
}
