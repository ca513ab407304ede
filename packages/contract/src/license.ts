import { z } from 'zod';
import { ZBrazilianState } from './contact';

export const ZLicenseBody = z.strictObject({
  license_type_id: z.number().int().positive(),
  number: z
    .string()
    .trim()
    .min(1, 'Informe o número do registro')
    .max(20, 'Número longo demais')
    .regex(/^[0-9A-Za-z.\-/]+$/, 'Use apenas letras, números, ponto, hífen e barra'),
  state: ZBrazilianState,
});
export type TLicenseBody = z.input<typeof ZLicenseBody>;

export const ZLicense = z.object({
  id: z.uuid(),
  license_type_id: z.number().int(),
  license_type_code: z.string(),
  number: z.string(),
  state: ZBrazilianState,
  is_primary: z.boolean(),
  created_at: z.iso.datetime(),
});
export type TLicense = z.infer<typeof ZLicense>;
