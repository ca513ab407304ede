import { isValidCpf } from '@escriba/contract';
import forge from 'node-forge';
import { AppError, fieldError } from '../../platform/errors';

/** What an A1 certificate says of its holder, read when it is opened with its password. */
export interface CertificateDetails {
  holderName: string;
  cpf: string | null;
  issuer: string;
  validFrom: Date;
  validUntil: Date;
}

// ICP-Brasil's otherName for a natural person (DOC-ICP-04): birth date (8 digits), then the CPF (11).
const ICP_BRASIL_PERSON_DATA = '2.16.76.1.3.1';
const KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const CERTIFICATE_BAG = '1.2.840.113549.1.12.10.1.3';
const UTF8_STRING = 12;
const BMP_STRING = 30;
const dayFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' });

const WRONG_PASSWORD = 'Senha do certificado incorreta';

/** Whether openCertificate refused the password (rather than the file or its validity). */
export function isWrongPassword(error: unknown): boolean {
  return error instanceof AppError && Array.isArray(error.detail) && error.detail[0]?.msg === WRONG_PASSWORD;
}

const notACertificate = () =>
  fieldError(['body', 'file'], 'O arquivo não é um certificado A1 válido: envie o arquivo .pfx ou .p12 do certificado');

/**
 * Opens a .pfx/.p12 with its password (the legacy 3DES form and OpenSSL 3's AES form alike) and reads its
 * holder; 422 for a file that is no certificate, a wrong password, or a certificate not valid `at`.
 */
export function openCertificate(file: Buffer, password: string, at = new Date()): CertificateDetails {
  const certificate = holderCertificate(file, password);
  const details = {
    holderName: holderName(certificate),
    cpf: holderCpf(certificate),
    issuer: attribute(certificate.issuer, 'CN') ?? attribute(certificate.issuer, 'O') ?? 'Emissor não identificado',
    validFrom: certificate.validity.notBefore,
    validUntil: certificate.validity.notAfter,
  };
  assertValidAt(details, at);
  return details;
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

/** The certificate that belongs to the file's private key: the holder's, not one of its chain. */
function holderCertificate(file: Buffer, password: string): forge.pki.Certificate {
  const p12 = parsePkcs12(file, password);
  const key = bagsOf(p12, KEY_BAG)[0]?.key;
  const own = bagsOf(p12, CERTIFICATE_BAG).find(({ cert }) => {
    const publicKey = cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
    return key && publicKey?.n && publicKey.n.compareTo(key.n) === 0 && publicKey.e.compareTo(key.e) === 0;
  })?.cert;
  if (!key || !own) {
    throw fieldError(
      ['body', 'file'],
      'O arquivo não traz a chave privada com o seu certificado: exporte-o com a chave',
    );
  }
  return own;
}

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, bagType: string): forge.pkcs12.Bag[] {
  return p12.getBags({ bagType })[bagType] ?? [];
}

function parsePkcs12(file: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(file.toString('binary')));
  } catch {
    throw notACertificate();
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/MAC could not be verified|Invalid password/i.test(message)) {
      throw fieldError(['body', 'password'], WRONG_PASSWORD);
    }
    if (/Unsupported|not supported/i.test(message)) {
      throw fieldError(
        ['body', 'file'],
        'Este certificado foi protegido com uma cifra que o Escriba não lê: exporte-o de novo (PKCS#12 com AES ou 3DES)',
      );
    }
    throw notACertificate();
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
