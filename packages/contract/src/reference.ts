import { z } from 'zod';
import { MAX_INT4, zDecimalInteger } from './integer';

/** A professional council (CRM, CRO, COREN…). */
export const ZLicenseType = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  profession: z.string(),
});
export type TLicenseType = z.infer<typeof ZLicenseType>;

export const ZSpecialization = z.object({
  id: z.number().int(),
  name: z.string(),
  license_type_id: z.number().int(),
});
export type TSpecialization = z.infer<typeof ZSpecialization>;

export const ZIdParam = z.strictObject({ id: zDecimalInteger(z.number().positive().max(MAX_INT4)) });
export const ZUuidParam = z.strictObject({ id: z.uuid('Identificador inválido') });

/** POST /user/me/specialization/?specialization= (spec §7). */
export const ZAddSpecializationQuery = z.strictObject({
  specialization: zDecimalInteger(z.number().positive().max(MAX_INT4)),
});

/** GET /common/client-config: settings the web app reads at run time. */
export const ZClientConfig = z.object({
  /** Host of the postal-code lookup service: GET {cep_lookup_url}/ws/{cep}/json (spec §7). */
  cep_lookup_url: z.string(),
  /** Credits one anamnesis generation spends (GENERATION_CREDIT_COST): the price the app shows and checks. */
  generation_credit_cost: z.number().int(),
  /** Credits one document generation spends (DOCUMENT_CREDIT_COST). */
  document_credit_cost: z.number().int(),
  /** Largest evidence file the server accepts (MAX_UPLOAD_MB): the app refuses a larger one before sending it. */
  max_upload_bytes: z.number().int(),
});
export type TClientConfig = z.infer<typeof ZClientConfig>;
