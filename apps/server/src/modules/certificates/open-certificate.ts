import { isValidCpf } from '@escriba/contract';
import type { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { AppError, fieldError } from '../../platform/errors';
import type { SigningKey } from '../../platform/pdf/cades-signer';
import { localSigningKey } from '../../platform/pdf/local-signing-key';
import { checkIcpBrasil, type IcpBrasilStatus } from './icp-brasil-trust';
import type { Pkcs12Threads } from './pkcs12-threads';
import type { Pkcs12Refusal } from './read-pkcs12';

/**
 * What an A1 certificate says of its holder, read when it is opened with its password, and whether its chain
 * is ICP-Brasil's (icp-brasil-trust.ts).
 */
export type CertificateDetails = {
  holderName: string;
  cpf: string | null;
  issuer: string;
  validFrom: Date;
  validUntil: Date;
} & IcpBrasilStatus;

// ICP-Brasil's otherName for a natural person (DOC-ICP-04): birth date (8 digits), then the CPF (11).
const ICP_BRASIL_PERSON_DATA = '2.16.76.1.3.1';
const UTF8_STRING = 12;
const BMP_STRING = 30;
const dayFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' });

const WRONG_PASSWORD = 'Senha do certificado incorreta';

/** Whether openCertificate refused the password (rather than the file or its validity). */
export function isWrongPassword(error: unknown): boolean {
  return error instanceof AppError && Array.isArray(error.detail) && error.detail[0]?.msg === WRONG_PASSWORD;
}

const REFUSALS: Record<Pkcs12Refusal, () => AppError> = {
  not_a_certificate: () =>
    fieldError(
      ['body', 'file'],
      'O arquivo não é um certificado A1 válido: envie o arquivo .pfx ou .p12 do certificado',
    ),
  wrong_password: () => fieldError(['body', 'password'], WRONG_PASSWORD),
  unsupported_cipher: () =>
    fieldError(
      ['body', 'file'],
      'Este certificado foi protegido com uma cifra que o Escriba não lê: exporte-o de novo (PKCS#12 com AES ou 3DES)',
    ),
  no_private_key: () =>
    fieldError(['body', 'file'], 'O arquivo não traz a chave privada com o seu certificado: exporte-o com a chave'),
};

/**
 * Opens a .pfx/.p12 with its password (the legacy 3DES form and OpenSSL 3's AES form alike), on one of `threads`,
 * reads its holder and checks its chain against `anchors`; 422 for a file that is no certificate, a wrong
 * password, or a certificate not valid `at` (one outside ICP-Brasil is kept, and says so).
 */
export async function openCertificate(
  threads: Pkcs12Threads,
  file: Buffer,
  password: string,
  anchors: readonly X509Certificate[],
  at = new Date(),
): Promise<CertificateDetails> {
  return (await openSigningKey(threads, file, password, anchors, at)).details;
}

/** As openCertificate, with the key and the certificate chain the file holds, to sign with. */
export async function openSigningKey(
  threads: Pkcs12Threads,
  file: Buffer,
  password: string,
  anchors: readonly X509Certificate[],
  at: Date,
): Promise<{ details: CertificateDetails; signingKey: SigningKey }> {
  // A copy of the file's bytes alone moves to the thread (a Buffer may share its memory with others).
  const bytes = Uint8Array.from(file);
  const reading = await threads.run({ file: bytes, password }, [bytes.buffer]);
  if ('refusal' in reading) throw REFUSALS[reading.refusal]();
  const chain = reading.chain.map((der) => Buffer.from(der.buffer, der.byteOffset, der.byteLength));
  const details = describeCertificate(chain, anchors, at);
  assertValidAt(details, at);
  return { details, signingKey: localSigningKey(reading.privateKey, chain) };
}

/** What a chain's first certificate says of its holder, and whether the chain is ICP-Brasil's at `at`. */
export function describeCertificate(
  chain: Buffer[],
  anchors: readonly X509Certificate[],
  at: Date,
): CertificateDetails {
  const certificate = forge.pki.certificateFromAsn1(forge.asn1.fromDer(chain[0]!.toString('binary')));
  return {
    ...checkIcpBrasil(chain, anchors, at),
    holderName: holderName(certificate),
    cpf: holderCpf(certificate),
    issuer: attribute(certificate.issuer, 'CN') ?? attribute(certificate.issuer, 'O') ?? 'Emissor não identificado',
    validFrom: certificate.validity.notBefore,
    validUntil: certificate.validity.notAfter,
  };
}

/** 422 unless the certificate is valid at that instant: an expired or not yet valid one signs nothing. */
export function assertValidAt(
  { validFrom, validUntil }: Pick<CertificateDetails, 'validFrom' | 'validUntil'>,
  at: Date,
) {
  if (at > validUntil) {
    throw new AppError(
      'validation',
      `Certificado vencido em ${dayFormat.format(validUntil)}: envie um certificado válido`,
    );
  }
  if (at < validFrom) {
    throw new AppError('validation', `Certificado válido só a partir de ${dayFormat.format(validFrom)}`);
  }
}

/** ICP-Brasil writes the CN as "NAME:CPF"; the name alone is the holder's. */
function holderName(certificate: forge.pki.Certificate): string {
  const commonName = attribute(certificate.subject, 'CN') ?? attribute(certificate.subject, 'O') ?? '';
  return commonName.replace(/:\d{11,14}$/, '').trim() || 'Titular não identificado';
}

function holderCpf(certificate: forge.pki.Certificate): string | null {
  const fromAltName = icpBrasilPersonData(certificate)?.slice(8, 19);
  const fromCommonName = attribute(certificate.subject, 'CN')?.match(/:(\d{11})$/)?.[1];
  return [fromAltName, fromCommonName].find((cpf): cpf is string => Boolean(cpf && isValidCpf(cpf))) ?? null;
}

function icpBrasilPersonData(certificate: forge.pki.Certificate): string | undefined {
  const extension = certificate.getExtension('subjectAltName') as { altNames?: { type: number; value: unknown }[] };
  for (const altName of extension?.altNames ?? []) {
    const [oid, wrapped] = Array.isArray(altName.value) ? (altName.value as forge.asn1.Asn1[]) : [];
    if (altName.type !== 0 || !oid || typeof oid.value !== 'string') continue;
    if (forge.asn1.derToOid(oid.value) !== ICP_BRASIL_PERSON_DATA) continue;
    const inner = Array.isArray(wrapped?.value) ? wrapped.value[0] : undefined;
    if (typeof inner?.value === 'string') return inner.value;
  }
  return undefined;
}

/** A name attribute as text: forge leaves UTF8String and BMPString values undecoded. */
function attribute(name: forge.pki.Certificate['subject'], shortName: string): string | undefined {
  const field = name.getField(shortName) as { value: string; valueTagClass?: number } | null;
  if (!field) return undefined;
  if (field.valueTagClass === UTF8_STRING) return forge.util.decodeUtf8(field.value);
  if (field.valueTagClass === BMP_STRING) return Buffer.from(field.value, 'binary').swap16().toString('utf16le');
  return field.value;
}
