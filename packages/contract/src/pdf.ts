import { z } from 'zod';
import { ZCertificatePassword } from './certificate';

/** GET …/pdf: `download=1` asks for the file as an attachment rather than shown in the browser. */
export const ZPdfQuery = z.strictObject({ download: z.enum(['1']).optional() });
export type TPdfQuery = z.infer<typeof ZPdfQuery>;

/**
 * POST …/pdf/signed: `a1` signs with the certificate uploaded to the profile, opened with `password` for this one
 * signature; `cloud` with the cloud certificate connected in the profile, through its provider (no password).
 */
export const ZSignBody = z.strictObject({
  signer: z.enum(['a1', 'cloud'], 'Use a1 ou cloud').default('a1'),
  password: ZCertificatePassword.optional(),
});
export type TSignBody = z.infer<typeof ZSignBody>;
