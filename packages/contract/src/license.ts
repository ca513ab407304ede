import { z } from 'zod';
import { ZBrazilianState } from './contact';

/** A number a council issues, as written on the professional's card. */
const zRegistrationNumber = (required: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(20, 'Número longo demais')
    .regex(/^[0-9A-Za-z.\-/]+$/, 'Use apenas letras, números, ponto, hífen e barra');

export const ZLicenseBody = z.strictObject({
  license_type_id: z.number().int().positive(),
  number: zRegistrationNumber('Informe o número do registro'),
  state: ZBrazilianState,
  /** Registro de Qualificação de Especialista, for a specialist physician; left out or null when there is none. */
  rqe: zRegistrationNumber('Informe o número do RQE').nullable().optional(),
});
export type TLicenseBody = z.input<typeof ZLicenseBody>;

export const ZLicense = z.object({
  id: z.uuid(),
  license_type_id: z.number().int(),
  license_type_code: z.string(),
  number: z.string(),
  state: ZBrazilianState,
  rqe: z.string().nullable(),
  is_primary: z.boolean(),
  created_at: z.iso.datetime(),
});
export type TLicense = z.infer<typeof ZLicense>;
