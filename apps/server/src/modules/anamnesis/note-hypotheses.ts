import { hasSources } from '@escriba/contract';
import { z } from 'zod';
import type { Hypothesis } from '../diagnoses/choose-codes';
import type { SourceCatalog } from '../generation/source-labels';

// The last property of a whole note's answer. A hyphen keeps it apart from every field id (TEMPLATE_FIELD_ID).
export const HYPOTHESES_KEY = 'hipoteses-diagnosticas';
export const MAX_HYPOTHESES = 5;
const MAX_TERMS = 3;

export const HYPOTHESES_RULE = `"${HYPOTHESES_KEY}" é a lista das hipóteses diagnósticas, depois de todos os campos: cada uma com "hipotese" (o nome, sem código), "termos" (até ${MAX_TERMS} termos de busca na CID-10) e "sources" (os rótulos do que a sustenta). Lista vazia quando nada sustenta uma hipótese.`;

export const HYPOTHESES_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      hipotese: { type: 'string' },
      termos: { type: 'array', items: { type: 'string' } },
      sources: { type: 'array', items: { type: 'string' } },
    },
    required: ['hipotese', 'termos', 'sources'],
    additionalProperties: false,
  },
};

const ZAnswerHypothesis = z.object({
  hipotese: z.string().trim().min(1).max(200),
  termos: z.array(z.string().trim().max(100)),
  sources: z.array(z.string()),
});

/**
 * The answer's hypotheses that cite something the inputs carry (an invented label cites nothing), the first
 * MAX_HYPOTHESES; a malformed entry is left out. Undefined when the answer holds no list: nothing was proposed.
 */
export function toHypotheses(value: unknown, catalog: SourceCatalog): Hypothesis[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const hypotheses: Hypothesis[] = [];
  for (const entry of value) {
    const parsed = ZAnswerHypothesis.safeParse(entry);
    if (!parsed.success) continue;
    const sources = catalog.resolve(parsed.data.sources);
    if (!hasSources(sources)) continue;
    const terms = parsed.data.termos.filter(Boolean).slice(0, MAX_TERMS);
    hypotheses.push({ text: parsed.data.hipotese, terms, sources });
  }
  return hypotheses.slice(0, MAX_HYPOTHESES);
}
