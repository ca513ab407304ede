import { createPrivateKey, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

const KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const CERTIFICATE_BAG = '1.2.840.113549.1.12.10.1.3';

/** Why a file and password give no key: open-certificate.ts says it to the professional. */
export type Pkcs12Refusal = 'not_a_certificate' | 'wrong_password' | 'unsupported_cipher' | 'no_private_key';

/** What a PKCS#12 holds: its private key, and its certificates (DER), the key's own (the holder's) first. */
export type Pkcs12Reading = { privateKey: KeyObject; chain: Uint8Array[] } | { refusal: Pkcs12Refusal };

/**
 * Opens a .pfx/.p12 with its password (the legacy 3DES form and OpenSSL 3's PBES2/AES form alike): node:crypto reads
 * no PKCS#12, so node-forge decrypts it, in pure JavaScript; it runs on a thread of its own (pkcs12-worker.ts).
 */
export function readPkcs12(file: Uint8Array, password: string): Pkcs12Reading {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(file).toString('binary')));
  } catch {
    return { refusal: 'not_a_certificate' };
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/MAC could not be verified|Invalid password/i.test(message)) return { refusal: 'wrong_password' };
    if (/Unsupported|not supported/i.test(message)) return { refusal: 'unsupported_cipher' };
    return { refusal: 'not_a_certificate' };
  }
  const privateKey = bagsOf(p12, KEY_BAG)[0]?.key;
  const certificates = bagsOf(p12, CERTIFICATE_BAG).flatMap(({ cert }) => (cert ? [cert] : []));
  const own = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey | undefined;
    return (
      privateKey &&
      publicKey?.n &&
      publicKey.n.compareTo(privateKey.n) === 0 &&
      publicKey.e.compareTo(privateKey.e) === 0
    );
  });
  if (!privateKey || !own) return { refusal: 'no_private_key' };
  return {
    privateKey: createPrivateKey(forge.pki.privateKeyToPem(privateKey)),
    chain: [own, ...certificates.filter((cert) => cert !== own)].map((cert) =>
      Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'),
    ),
  };
}

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, bagType: string): forge.pkcs12.Bag[] {
  return p12.getBags({ bagType })[bagType] ?? [];
}
