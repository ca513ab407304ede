import { X509Certificate } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import forge from 'node-forge';
import { ICP_BRASIL_FOLDER } from '../../platform/pdf/icp-brasil';

/** Whether a certificate is ICP-Brasil's, and when not, why (in words for the professional). */
export type IcpBrasilStatus =
  { icpBrasil: true; icpBrasilProblem: null } | { icpBrasil: false; icpBrasilProblem: string };

// A chain longer than this is no ICP-Brasil chain (root, AC de 1º nível, AC de 2º nível, holder).
const MAX_CHAIN_LENGTH = 8;
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

let shippedRoots: Promise<X509Certificate[]> | undefined;

/** The certificates a file holds: PEM (one or more) or a single DER; none when it is neither. */
function certificatesIn(bytes: Buffer): X509Certificate[] {
  const pems = bytes.toString('latin1').match(PEM_CERTIFICATE);
  try {
    return pems ? pems.map((pem) => new X509Certificate(pem)) : [new X509Certificate(bytes)];
  } catch {
    return [];
  }
}

async function certificatesInFolder(folder: string): Promise<X509Certificate[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = await Promise.all(names.sort().map((name) => readFile(path.join(folder, name)).catch(() => null)));
  return files.flatMap((bytes) => (bytes ? certificatesIn(bytes) : []));
}

/**
 * The trust anchors: the ICP-Brasil roots shipped in reference-data (read once) and the certificates of
 * ICP_BRASIL_EXTRA_ANCHORS_DIR, read at each check so an operator's new root or AC counts without a restart.
 */
export async function trustAnchors(extraAnchorsDir: string | undefined): Promise<X509Certificate[]> {
  shippedRoots ??= certificatesInFolder(path.join(ICP_BRASIL_FOLDER, 'roots'));
  const extra = extraAnchorsDir ? await certificatesInFolder(extraAnchorsDir) : [];
  return [...(await shippedRoots), ...extra];
}

const validAt = (certificate: X509Certificate, at: Date) =>
  new Date(certificate.validFrom) <= at && at <= new Date(certificate.validTo);

const issuedBy = (child: X509Certificate, parent: X509Certificate) =>
  child.checkIssued(parent) && child.verify(parent.publicKey);

const commonName = (certificate: X509Certificate) =>
  /(?:^|\n)CN=([^\n]+)/.exec(certificate.subject)?.[1] ?? certificate.subject.replace(/\n/g, ', ');

/** Whether the holder's certificate lets its key sign with non-repudiation (X.509 keyUsage). */
function hasNonRepudiation(holder: Buffer): boolean {
  const certificate = forge.pki.certificateFromAsn1(forge.asn1.fromDer(holder.toString('binary')));
  const keyUsage = certificate.getExtension('keyUsage') as { nonRepudiation?: boolean } | null;
  return Boolean(keyUsage?.nonRepudiation);
}

/**
 * Checks the certificate chain (the holder's first, then what the file or the provider gives with it)
 * against `anchors` at `at`: each link signed by the next AC, every AC valid then, up to an anchor; and
 * the holder's key usage allows non-repudiation, as ICP-Brasil's signature certificates do (DOC-ICP-04).
 */
export function checkIcpBrasil(
  chain: readonly Buffer[],
  anchors: readonly X509Certificate[],
  at: Date,
): IcpBrasilStatus {
  const outside = (problem: string): IcpBrasilStatus => ({ icpBrasil: false, icpBrasilProblem: problem });
  const certificates = chain.map((der) => new X509Certificate(der));
  const holder = certificates[0];
  if (!holder) return outside('o arquivo não traz o certificado');
  let current = holder;
  for (let links = 0; links < MAX_CHAIN_LENGTH; links++) {
    const anchor = anchors.find((candidate) => issuedBy(current, candidate));
    if (anchor) {
      if (!validAt(anchor, at)) return outside(`a AC raiz ${commonName(anchor)} está fora da validade`);
      if (!hasNonRepudiation(chain[0]!)) return outside('o certificado não é de assinatura (sem o uso "não repúdio")');
      return { icpBrasil: true, icpBrasilProblem: null };
    }
    const issuer = certificates.find(
      (candidate) => candidate !== current && candidate.ca && issuedBy(current, candidate),
    );
    if (!issuer) break;
    if (!validAt(issuer, at)) return outside(`a ${commonName(issuer)} da cadeia está fora da validade`);
    current = issuer;
  }
  return outside(`a cadeia de ${commonName(holder)} não chega a uma AC Raiz da ICP-Brasil`);
}
