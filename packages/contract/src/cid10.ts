import { z } from 'zod';
import { zDecimalInteger } from './integer';
import { ZFieldSources } from './sources';
import { zString, zText } from './text';

export const CID10_SEARCH_DEFAULT_LIMIT = 20;
export const CID10_SEARCH_MAX_LIMIT = 50;

/** GET /common/cid10: a code (`I10`, `i1`, `O10.0`, `O100`) or words, case and accents ignored. */
export const ZCid10SearchQuery = z.strictObject({
  q: zText({ max: 100, trim: true, required: 'Digite um código ou palavras para buscar na CID-10' }),
  limit: zDecimalInteger(
    z
      .number()
      .min(1, 'Peça ao menos 1 resultado')
      .max(CID10_SEARCH_MAX_LIMIT, `Peça no máximo ${CID10_SEARCH_MAX_LIMIT} resultados`),
  ).default(CID10_SEARCH_DEFAULT_LIMIT),
});
export type TCid10SearchQuery = z.input<typeof ZCid10SearchQuery>;

/** A code of the table, written as in documents (`A00.0`; `I10` for a category without subcategories). */
export const ZCid10Code = z.object({ code: z.string(), description: z.string() });
export type TCid10Code = z.infer<typeof ZCid10Code>;

/** One diagnostic hypothesis of a consultation's note. */
export const ZDiagnosis = ZCid10Code.extend({
  /** Accepted by the professional; until then a suggestion is shown as "sugerido". */
  confirmed: z.boolean(),
  /** Proposed by the assistant (with its sources) rather than added by the professional. */
  suggested: z.boolean(),
  /** What the suggestion drew on; empty for a code the professional added. */
  sources: ZFieldSources,
});
export type TDiagnosis = z.infer<typeof ZDiagnosis>;

export const MAX_DIAGNOSES = 30;

/** The heading under which a note that leaves the page (printed, copied, PDF) lists its confirmed codes. */
export const CONFIRMED_DIAGNOSES_TITLE = 'Hipóteses diagnósticas (CID-10)';

/**
 * The codes the professional confirmed, one a line as a note prints them ("I10 – Hipertensão essencial
 * (primária)"); empty when there is none. A suggestion not confirmed never leaves the page.
 */
export function confirmedDiagnosesText(diagnoses: Pick<TDiagnosis, 'code' | 'description' | 'confirmed'>[]): string {
  return diagnoses
    .filter((diagnosis) => diagnosis.confirmed)
    .map((diagnosis) => `${diagnosis.code} – ${diagnosis.description}`)
    .join('\n');
}

// Letter, two digits, and a subcategory digit with or without its dot: the forms a professional writes.
const CID10_CODE_FORM = /^[A-Za-z]\d{2}(\.?\d)?$/;

/** PUT /user/consultations/{id}/anamnesis/diagnoses: the whole list, in order. */
export const ZDiagnosesBody = z
  .array(
    z.strictObject({
      code: zString({ min: 1, max: 10 }).regex(CID10_CODE_FORM, 'Use um código da CID-10, como I10 ou A00.0'),
      confirmed: z.boolean(),
    }),
  )
  .max(MAX_DIAGNOSES, `Use no máximo ${MAX_DIAGNOSES} hipóteses`);
export type TDiagnosesBody = z.infer<typeof ZDiagnosesBody>;

export const ZDiagnoses = z.array(ZDiagnosis);
