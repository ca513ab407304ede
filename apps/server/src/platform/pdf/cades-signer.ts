import { createHash } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import forge from 'node-forge';
import { PADES_AD_RB, type SignaturePolicy } from './icp-brasil';

const { asn1 } = forge;
const { Class, Type } = asn1;

// RFC 5035's ESS signing-certificate-v2 (id-aa-signingCertificateV2): PAdES baseline B-B requires it.
export const SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';
// RFC 5126 §5.8.1 (CAdES): id-aa-ets-sigPolicyId, and its qualifier id-spq-ets-uri naming where the policy is.
export const SIGNATURE_POLICY_IDENTIFIER = '1.2.840.113549.1.9.16.2.15';
export const SPURI_QUALIFIER = '1.2.840.113549.1.9.16.5.1';
const { oids } = forge.pki;

/**
 * What signs for the holder: her certificate chain, and the one step that uses her key, which an A1 file's key
 * does here (local-signing-key.ts) and a cloud signer could do elsewhere.
 */
export interface SigningKey {
  /** The certificates (DER), the holder's first. */
  chain: Buffer[];
  /** The RSASSA-PKCS1-v1_5 signature, with SHA-256, of `data`. */
  sign(data: Buffer): Promise<Buffer>;
}

const sequence = (...values: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, values);
const set = (...values: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SET, true, values);
const oid = (id: string) => asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(id).getBytes());
const octets = (bytes: string) => asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, bytes);
const ia5 = (text: string) => asn1.create(Class.UNIVERSAL, Type.IA5STRING, false, text);
const smallInteger = (value: number) =>
  asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const explicit = (tag: number, value: forge.asn1.Asn1) => asn1.create(Class.CONTEXT_SPECIFIC, tag, true, [value]);
const der = (value: forge.asn1.Asn1) => asn1.toDer(value).getBytes();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest().toString('binary');
// RFC 5754: SHA-2 identifiers without parameters; RFC 3279: rsaEncryption with NULL.
const SHA256 = sequence(oid(oids.sha256!));
const RSA = sequence(oid(oids.rsaEncryption!), asn1.create(Class.UNIVERSAL, Type.NULL, false, ''));

function attribute(type: string, value: forge.asn1.Asn1): forge.asn1.Asn1 {
  return sequence(oid(type), set(value));
}

/** The certificate's issuer Name and serialNumber, as its own DER writes them. */
function issuerAndSerial(certificate: forge.asn1.Asn1): { issuer: forge.asn1.Asn1; serial: forge.asn1.Asn1 } {
  const fields = (certificate.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
  // TBSCertificate: [0] version (absent for v1), serialNumber, signature, issuer…
  const start = fields[0]!.tagClass === Class.CONTEXT_SPECIFIC ? 1 : 0;
  return { serial: fields[start]!, issuer: fields[start + 2]! };
}

/** SigningCertificateV2 (RFC 5035) naming the signer's certificate by its SHA-256 hash, issuer and serial. */
function signingCertificateV2(certificateDer: Buffer, certificate: forge.asn1.Asn1): forge.asn1.Asn1 {
  const { issuer, serial } = issuerAndSerial(certificate);
  // hashAlgorithm is left out: its DEFAULT is SHA-256. GeneralNames holds the issuer as a directoryName ([4]).
  const essCertIdV2 = sequence(octets(sha256(certificateDer)), sequence(sequence(explicit(4, issuer)), serial));
  return sequence(sequence(essCertIdV2));
}

/**
 * SignaturePolicyIdentifier (RFC 5126 §5.8.1) naming `policy`: its OID, the hash the policy records of itself
 * (OtherHashAlgAndValue, the algorithm identifier without parameters as ICP-Brasil's signers write it) and
 * its URI as the SPuri qualifier.
 */
function signaturePolicyIdentifier(policy: SignaturePolicy): forge.asn1.Asn1 {
  const hash = Buffer.from(policy.signPolicyHash, 'hex').toString('binary');
  return sequence(
    oid(policy.oid),
    sequence(sequence(oid(policy.hashAlgorithm)), octets(hash)),
    sequence(sequence(oid(SPURI_QUALIFIER), ia5(policy.uri))),
  );
}

/**
 * A CAdES detached signature (CMS SignedData, RFC 5652) as ICP-Brasil's PAdES AD-RB policy (DOC-ICP-15.03)
 * and PAdES baseline B-B ask it: SHA-256 with RSA, the certificate chain, and the signed attributes
 * content-type, message-digest, ESS signing-certificate-v2 and signature-policy-identifier. The signing time
 * travels in the signature dictionary (`/M`), where PAdES keeps it.
 */
export class CadesSigner extends Signer {
  constructor(
    private readonly key: SigningKey,
    private readonly policy: SignaturePolicy = PADES_AD_RB,
  ) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const [holderDer] = this.key.chain;
    if (!holderDer) throw new Error('The signing key has no certificate');
    const certificates = this.key.chain.map((certificate) => asn1.fromDer(certificate.toString('binary')));
    const holder = certificates[0]!;
    const signedAttributes = [
      attribute(oids.contentType!, oid(oids.data!)),
      attribute(oids.messageDigest!, octets(sha256(content))),
      attribute(SIGNING_CERTIFICATE_V2, signingCertificateV2(holderDer, holder)),
      attribute(SIGNATURE_POLICY_IDENTIFIER, signaturePolicyIdentifier(this.policy)),
    ]
      // DER orders a SET OF by its members' encodings.
      .map((value) => ({ value, encoded: der(value) }))
      .sort((a, b) => (a.encoded < b.encoded ? -1 : a.encoded > b.encoded ? 1 : 0))
      .map(({ value }) => value);
    // The signature covers the attributes encoded as a SET (RFC 5652 §5.4); the SignerInfo carries them as [0].
    const signature = await this.key.sign(Buffer.from(der(set(...signedAttributes)), 'binary'));
    const { issuer, serial } = issuerAndSerial(holder);
    const signerInfo = sequence(
      smallInteger(1),
      sequence(issuer, serial),
      SHA256,
      asn1.create(Class.CONTEXT_SPECIFIC, 0, true, signedAttributes),
      RSA,
      octets(signature.toString('binary')),
    );
    const signedData = sequence(
      smallInteger(1),
      set(SHA256),
      sequence(oid(oids.data!)),
      asn1.create(Class.CONTEXT_SPECIFIC, 0, true, certificates),
      set(signerInfo),
    );
    return Buffer.from(der(sequence(oid(oids.signedData!), explicit(0, signedData))), 'binary');
  }
}
