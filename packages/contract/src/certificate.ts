import { z } from 'zod';
import { zString } from './text';

/** Largest .pfx/.p12 accepted: an A1 certificate with its chain is a few kilobytes. */
export const CERTIFICATE_MAX_BYTES = 64 * 1024;

/** The password of an A1 certificate: asked at upload and at each signing, never stored. */
export const ZCertificatePassword = zString({ min: 1, max: 200, required: 'Informe a senha do certificado' });

/** What the profile, the sign dialog and the PDF's stamp say of a certificate whose chain is not ICP-Brasil's. */
export const OUTSIDE_ICP_BRASIL =
  'Certificado fora da ICP-Brasil: farmácias e o validador do ITI não aceitam este documento';

/**
 * GET /user/me/certificate: what the professional's A1 certificate says of itself, read at upload, and
 * whether its chain reaches an ICP-Brasil root. The file stays encrypted on the server; null when none was
 * uploaded.
 */
export const ZCertificate = z.object({
  /** The holder as the certificate names her (the CN without the CPF ICP-Brasil appends). */
  holder_name: z.string(),
  /** The holder's CPF (11 digits) when the certificate carries it. */
  cpf: z.string().nullable(),
  /** The certification authority that issued it (its CN). */
  issuer: z.string(),
  valid_from: z.iso.datetime(),
  valid_until: z.iso.datetime(),
  uploaded_at: z.iso.datetime(),
  /**
   * Whether the server holds the key the file was sealed with (SECRETS_KEY): `missing` when it has none (a backup
   * restored without it), `different` when it was sealed with another key. Signing needs `available`.
   */
  key_status: z.enum(['available', 'missing', 'different']),
  /**
   * Whether its chain reaches an ICP-Brasil root, every AC valid, with the key usage to sign (non-repudiation):
   * checked at upload and at each signing.
   */
  icp_brasil: z.boolean(),
  /** Why it is not ICP-Brasil's ("a cadeia de … não chega a uma AC Raiz da ICP-Brasil"); null when it is. */
  icp_brasil_problem: z.string().nullable(),
});
export type TCertificate = z.infer<typeof ZCertificate>;

/** What the professional is told when the server cannot open her certificate (its key_status), and why. */
export const CERTIFICATE_KEY_PROBLEMS: Record<Exclude<TCertificate['key_status'], 'available'>, string> = {
  missing:
    'O servidor está sem a chave que protege os certificados digitais (SECRETS_KEY): peça ao administrador que a configure. Seu certificado continua guardado.',
  different:
    'A chave que protege os certificados neste servidor (SECRETS_KEY) não é a mesma com que seu certificado foi guardado: peça ao administrador a chave original, ou remova o certificado e envie-o de novo.',
};
