import { z } from 'zod';
import { zString } from './text';

/** Largest .pfx/.p12 accepted: an A1 certificate with its chain is a few kilobytes. */
export const CERTIFICATE_MAX_BYTES = 64 * 1024;

/** The password of an A1 certificate: asked at upload and at each signing, never stored. */
export const ZCertificatePassword = zString({ min: 1, max: 200, required: 'Informe a senha do certificado' });

/**
 * GET /user/me/certificate: what the professional's A1 certificate (ICP-Brasil) says of itself, read once
 * at upload. The file stays encrypted on the server; null when none was uploaded.
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
});
export type TCertificate = z.infer<typeof ZCertificate>;
