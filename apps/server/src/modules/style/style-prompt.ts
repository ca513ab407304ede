import { STYLE_PREFERENCE_MAX_LENGTH, STYLE_PREFERENCES_MAX_ITEMS, ZStylePreference } from '@escriba/contract';
import type { LlmMessage } from '../../providers/llm/llm-provider';

/** One of her edits as the model reads it: the assistant's text and hers. */
export interface EditPair {
  fieldId: string;
  generatedText: string;
  finalText: string;
}

export const PREFERENCES_KEY = 'preferencias';

// Long fields are cut: the habits show in their first paragraphs, and the request stays small.
const PAIR_TEXT_MAX_CHARS = 1_200;

const INSTRUCTIONS = `Você lê como um profissional de saúde corrigiu textos que o assistente escreveu no prontuário e resume o estilo de redação dele em até ${STYLE_PREFERENCES_MAX_ITEMS} preferências curtas, em português do Brasil, cada uma com até ${STYLE_PREFERENCE_MAX_LENGTH} caracteres.
- Uma preferência diz como ele escreve, valendo para qualquer consulta: formato (listas ou parágrafos), abreviações que usa (por exemplo "usa abreviações: HAS, DM2"), o que corta ou não repete (por exemplo "não repete a queixa na HDA"), ordem, tamanho, tom, tempo verbal.
- Nunca inclua dados de um paciente: nomes, números, datas, achados ou diagnósticos de uma consulta.
- Mantenha as preferências atuais que as edições não contradizem; troque as que elas contradizem.
- Responda só com o objeto JSON pedido: "${PREFERENCES_KEY}" com a lista, da mais marcante para a menos.`;

const cut = (text: string) => (text.length > PAIR_TEXT_MAX_CHARS ? `${text.slice(0, PAIR_TEXT_MAX_CHARS)}…` : text);

/** The conversation that derives her preferences from her current list and her latest edits. */
export function learningMessages(current: readonly string[], pairs: readonly EditPair[]): LlmMessage[] {
  const edits = pairs.map(
    (pair, index) =>
      `### Edição ${index + 1} (campo ${pair.fieldId})\nTexto do assistente:\n${cut(pair.generatedText)}\n\nTexto final do profissional:\n${cut(pair.finalText)}`,
  );
  const list = current.map((item) => `- ${item}`).join('\n');
  return [
    { role: 'system', content: INSTRUCTIONS },
    {
      role: 'user',
      content: `## Preferências atuais\n${list || '(nenhuma)'}\n\n## Edições do profissional, da mais recente para a mais antiga\n${edits.join('\n\n')}`,
    },
  ];
}

export const LEARNING_SCHEMA = {
  name: 'preferencias_de_redacao',
  jsonSchema: {
    type: 'object',
    properties: { [PREFERENCES_KEY]: { type: 'array', items: { type: 'string' } } },
    required: [PREFERENCES_KEY],
    additionalProperties: false,
  },
};

/** The answer's preferences as stored, each one she could have written herself: distinct, at most eight. */
export function toPreferences(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const lines = value.flatMap((item) => {
    const parsed = ZStylePreference.safeParse(
      typeof item === 'string' ? item.replace(/\s+/g, ' ').normalize('NFC') : item,
    );
    return parsed.success ? [parsed.data] : [];
  });
  return [...new Set(lines)].slice(0, STYLE_PREFERENCES_MAX_ITEMS);
}

/** The labelled block a generation's prompt carries when she has preferences on. */
export function stylePreferencesSection(preferences: readonly string[] | null | undefined): string | undefined {
  if (!preferences || preferences.length === 0) return undefined;
  return `## Preferências de redação do profissional\nSiga estas preferências de forma ao escrever; elas nunca mudam o que as fontes sustentam nem permitem escrever o que elas não dizem.\n${preferences.map((item) => `- ${item}`).join('\n')}`;
}
