import { z } from 'zod';
import { ZCertificatePassword } from './certificate';

/** GET …/pdf: `download=1` asks for the file as an attachment rather than shown in the browser. */
export const ZPdfQuery = z.strictObject({ download: z.enum(['1']).optional() });
export type TPdfQuery = z.infer<typeof ZPdfQuery>;

/** POST …/pdf/signed: the certificate's password for this one signature. */
export const ZSignBody = z.strictObject({ password: ZCertificatePassword });
export type TSignBody = z.infer<typeof ZSignBody>;
