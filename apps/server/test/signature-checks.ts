// What every signed-PDF test checks of a signature, with Poppler's pdfsig.
import { expect } from 'vitest';
import { pdfSignatures } from './pdf-tools';

/** The signed PDF with one byte changed: the version in its first line (`%PDF-1.7`), inside the signed range. */
function tampered(pdf: Buffer): Buffer {
  const copy = Buffer.from(pdf);
  copy[7] = copy[7] === 0x36 ? 0x37 : 0x36;
  return copy;
}

/**
 * pdfsig finds the PDF signed whole (ETSI.CAdES.detached) by `holder`'s certificate, valid, with its signing
 * time; with one byte changed, the digest no longer matches.
 */
export async function expectSignedBy(pdf: Buffer, holder: string): Promise<void> {
  const report = await pdfSignatures(pdf);
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain(`Signer Certificate Common Name: ${holder}:`);
  expect(report).toContain('Signature Type: ETSI.CAdES.detached');
  expect(report).toContain('Total document signed');
  expect(report).toMatch(/Signing Time: \w{3} \d\d \d{4}/);
  const broken = await pdfSignatures(tampered(pdf));
  expect(broken).not.toContain('Signature is Valid');
  expect(broken).toContain('Signature Validation: Digest Mismatch.');
}
