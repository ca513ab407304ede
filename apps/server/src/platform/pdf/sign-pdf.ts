import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
// The class, not the default instance: bundled as ESM, the CommonJS default export is the module object.
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { PDFDocument, PDFPage } from 'pdf-lib';

/** An A1 certificate opened for one signature (the password the professional just typed). */
export interface SigningCertificate {
  /** The .pfx/.p12 with the holder's key and certificate chain. */
  file: Buffer;
  password: string;
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

// The signature's bytes are written into room left for them: the certificates of the chain, the signed
// digest and its attributes. The chain travels inside the .pfx, so its size bounds theirs.
const SIGNATURE_OVERHEAD_BYTES = 4096;

/**
 * Signs the whole document with the A1 certificate, PAdES style (CAdES detached, ETSI.CAdES.detached):
 * the certificate chain embedded, the signing time, the reason and the holder's name; `rect` on `page` is
 * the signature's field, over the visible block drawn there.
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
    signatureLength: Math.max(8192, certificate.file.length + SIGNATURE_OVERHEAD_BYTES),
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: rect,
    appName: 'Escriba',
  });
  // The placeholder must stay a plain object in the file: signpdf finds it by its bytes.
  const unsigned = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new P12Signer(certificate.file, { passphrase: certificate.password });
  return new SignPdf().sign(unsigned, signer, signedAt);
}
