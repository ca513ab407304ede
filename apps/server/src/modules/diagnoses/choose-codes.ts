import type { TCid10Code, TFieldSources } from '@escriba/contract';
import type { Database } from '../../db/client';
import type { LlmMessage, LlmProvider } from '../../providers/llm/llm-provider';
import { cid10Candidates } from '../cid10/cid10-candidates';

/** A diagnostic hypothesis as the note's answer proposed it, with what it drew on. */
export interface Hypothesis {
  text: string;
  /** How the CID-10 may word it, searched besides its name. */
  terms: string[];
  sources: TFieldSources;
}

/** A code the model chose for a hypothesis, with the hypothesis's sources: what `storeSuggestedDiagnoses` takes. */
export interface SuggestedCode {
  code: string;
  sources: TFieldSources;
}

interface Offer {
  key: string;
  hypothesis: Hypothesis;
  candidates: TCid10Code[];
}

const NONE = '';

// The mechanics the code relies on, whatever the prompt's text says.
const FORMAT_RULES = `Regras de formato:
- Responda só com o objeto JSON pedido: uma propriedade por hipótese (h1, h2…), com o código escolhido exatamente como aparece na lista de candidatos dessa hipótese, ou "" quando nenhum candidato corresponde.
- Nunca responda um código que não esteja entre os candidatos da hipótese.`;

/**
 * Gives each hypothesis a code of the CID-10 table: the server finds candidates in the table by the hypothesis's
 * words, and the model chooses among them only (a code outside its hypothesis's candidates is dropped). A short
 * answer of its own: the hypotheses and their candidates, not the consultation's material. No call when no
 * hypothesis has a candidate.
 */
export async function chooseCodes(
  db: Database,
  llm: LlmProvider,
  prompt: string,
  hypotheses: readonly Hypothesis[],
): Promise<SuggestedCode[]> {
  const offers: Offer[] = [];
  for (const hypothesis of hypotheses) {
    const candidates = await cid10Candidates(db, [hypothesis.text, ...hypothesis.terms]);
    if (candidates.length > 0) offers.push({ key: `h${offers.length + 1}`, hypothesis, candidates });
  }
  if (offers.length === 0) return [];
  const answer = await llm.completeStructured({ messages: messagesFor(prompt, offers), schema: schemaFor(offers) });
  return offers.flatMap(({ key, hypothesis, candidates }) => {
    const chosen = candidates.find((candidate) => candidate.code === answer.value[key]);
    return chosen ? [{ code: chosen.code, sources: hypothesis.sources }] : [];
  });
}

function messagesFor(prompt: string, offers: readonly Offer[]): LlmMessage[] {
  const sections = offers.map(
    ({ key, hypothesis, candidates }) =>
      `### ${key}: ${hypothesis.text}\n` +
      candidates.map((candidate) => `- ${candidate.code} ${candidate.description}`).join('\n'),
  );
  return [
    { role: 'system', content: `${prompt}\n\n${FORMAT_RULES}` },
    { role: 'user', content: `## Hipóteses e seus candidatos na CID-10\n${sections.join('\n\n')}` },
  ];
}

/** One property per hypothesis: one of its candidates' codes, or none. */
function schemaFor(offers: readonly Offer[]): { name: string; jsonSchema: Record<string, unknown> } {
  return {
    name: 'codigos_cid10',
    jsonSchema: {
      type: 'object',
      properties: Object.fromEntries(
        offers.map(({ key, candidates }) => [
          key,
          { type: 'string', enum: [...candidates.map((candidate) => candidate.code), NONE] },
        ]),
      ),
      required: offers.map((offer) => offer.key),
      additionalProperties: false,
    },
  };
}
