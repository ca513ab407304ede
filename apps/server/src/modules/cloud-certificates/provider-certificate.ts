import { X509Certificate } from 'node:crypto';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * The chain (DER, the holder's first) a certificate discovery gave: PSCs answer base64 DER or PEM, one certificate
 * or the chain's PEM blocks one after another. Undefined when it is no certificate.
 */
export function readProviderCertificate(certificate: string): Buffer[] | undefined {
  const blocks = certificate.match(PEM_BLOCK);
  const ders = blocks
    ? blocks.map((block) => Buffer.from(block.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64'))
    : [Buffer.from(certificate.replace(/\s/g, ''), 'base64')];
  try {
    for (const der of ders) new X509Certificate(der);
  } catch {
    return undefined;
  }
  return ders;
}
