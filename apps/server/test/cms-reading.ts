// A CMS signature read back with PKI.js and asn1js (maintained ASN.1/CMS libraries), so tests check its
// structure field by field rather than by what the server itself wrote.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const hex = (buffer: ArrayBuffer) => Buffer.from(buffer).toString('hex');
const children = (block: asn1js.AsnType) => (block as asn1js.Constructed).valueBlock.value;
const oidOf = (block: asn1js.AsnType | undefined) => (block as asn1js.ObjectIdentifier).getValue();
const octetsOf = (block: asn1js.AsnType | undefined) => hex((block as asn1js.OctetString).getValue());

export interface CmsReading {
  /** The signed attributes' types, in their order. */
  attributeTypes: string[];
  contentType: string;
  messageDigest: string;
  /** ESS signing-certificate-v2: the first ESSCertIDv2's hash, and whether a hashAlgorithm is written. */
  signingCertificate: { certHash: string; hashAlgorithmWritten: boolean };
  signaturePolicy?: {
    oid: string;
    hashAlgorithm: string;
    /** The AlgorithmIdentifier's own members: `[oid]` when it carries no parameters. */
    hashAlgorithmMembers: number;
    hash: string;
    qualifiers: { oid: string; uri: string }[];
  };
  digestAlgorithm: string;
  signatureAlgorithm: string;
  /** The subjects' common names of the certificates it carries. */
  certificates: string[];
}

function attributeValue(attributes: pkijs.Attribute[], type: string): asn1js.AsnType | undefined {
  return attributes.find((attribute) => attribute.type === type)?.values[0] as asn1js.AsnType | undefined;
}

/** The CMS SignedData (DER) decoded: its signer's signed attributes and algorithms, its certificates. */
export function readCms(cms: Buffer): CmsReading {
  const contentInfo = pkijs.ContentInfo.fromBER(new Uint8Array(cms));
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const signer = signedData.signerInfos[0]!;
  const attributes = signer.signedAttrs?.attributes ?? [];
  const essCertId = children(children(children(attributeValue(attributes, '1.2.840.113549.1.9.16.2.47')!)[0]!)[0]!);
  const policy = attributeValue(attributes, '1.2.840.113549.1.9.16.2.15');
  return {
    attributeTypes: attributes.map((attribute) => attribute.type),
    contentType: oidOf(attributeValue(attributes, '1.2.840.113549.1.9.3')),
    messageDigest: octetsOf(attributeValue(attributes, '1.2.840.113549.1.9.4')),
    signingCertificate: {
      certHash: octetsOf(essCertId.find((block) => block instanceof asn1js.OctetString)),
      hashAlgorithmWritten: essCertId[0] instanceof asn1js.Sequence,
    },
    signaturePolicy: policy && readPolicy(policy),
    digestAlgorithm: signer.digestAlgorithm.algorithmId,
    signatureAlgorithm: signer.signatureAlgorithm.algorithmId,
    certificates: (signedData.certificates ?? []).map((certificate) => {
      const subject = (certificate as pkijs.Certificate).subject.typesAndValues;
      return String(subject.find((entry) => entry.type === '2.5.4.3')?.value.valueBlock.value);
    }),
  };
}

/** SignaturePolicyId ::= SEQUENCE { sigPolicyId, sigPolicyHash OtherHashAlgAndValue, sigPolicyQualifiers OPTIONAL } */
function readPolicy(block: asn1js.AsnType): NonNullable<CmsReading['signaturePolicy']> {
  const [id, hashAndValue, qualifiers] = children(block);
  const [algorithm, value] = children(hashAndValue!);
  return {
    oid: oidOf(id),
    hashAlgorithm: oidOf(children(algorithm!)[0]),
    hashAlgorithmMembers: children(algorithm!).length,
    hash: octetsOf(value),
    qualifiers: (qualifiers ? children(qualifiers) : []).map((qualifier) => {
      const [qualifierId, uri] = children(qualifier);
      return { oid: oidOf(qualifierId), uri: (uri as asn1js.IA5String).getValue() };
    }),
  };
}
