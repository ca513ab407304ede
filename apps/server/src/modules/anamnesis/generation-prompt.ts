import { NOT_INFORMED, TEMPLATE_FIELD_KIND_LABELS, ZSourcedText, type TTemplateField } from '@escriba/contract';
import type { LlmMessage } from '../../providers/llm/llm-provider';
import { answerSchemaOf } from '../generation/answer-schema';
import { inputSections, SOURCE_LABELS_RULE } from '../generation/prompt-inputs';
import type { GenerationInputs } from '../generation/read-generation-inputs';
import { stylePreferencesSection } from '../style/style-prompt';
import { HYPOTHESES_KEY, HYPOTHESES_RULE, HYPOTHESES_SCHEMA } from './note-hypotheses';

/** What the model is asked to do: the persona's and the prompt's texts and the fields to write. */
export interface GenerationTask {
  persona: string | null;
  prompt: string;
  fields: TTemplateField[];
  /** A rewrite: the field's current text and the professional's instruction. */
  rewrite?: { currentText: string; instruction: string };
  /** The whole note also proposes diagnostic hypotheses, with this prompt's text. */
  hypothesesPrompt?: string;
  /** The professional's writing preferences, as the provenance recorded them (null: none, or turned off). */
  stylePreferences: string[] | null;
}

// The mechanics the code relies on (labels, the JSON shape, "Não informado"), whatever the prompt's text says.
const FORMAT_RULES = `Regras de formato:
- Responda só com o objeto JSON pedido: uma propriedade por campo, cada uma com "text" e "sources".
- "text" é o texto do campo, em português do Brasil, pronto para colar no prontuário. Campos do tipo Lista: um item por linha, começando com "- ". Campos do tipo Resposta curta: uma linha.
- Escreva só o que a transcrição, as evidências e o que o profissional escreveu (contexto, título, queixa principal, observações do paciente) sustentam. Quando nada sustenta o campo, escreva exatamente "${NOT_INFORMED}" e deixe "sources" vazio. Nunca invente dados.
- ${SOURCE_LABELS_RULE}
- Cite as fontes de cada frase (e de cada item de lista) logo depois dela, com os mesmos rótulos entre colchetes: "Cefaleia há 3 semanas [T2]. Nega febre [T12]." ou "- Losartana 50 mg pela manhã [T16]". Cada número, dose, lado do corpo, tempo e negação de uma frase deve estar nas fontes que ela cita. "${NOT_INFORMED}" não leva rótulos.`;

function formatFields(fields: readonly TTemplateField[]): string {
  return fields
    .map(
      (field) =>
        `- ${field.id}: "${field.title}" (${TEMPLATE_FIELD_KIND_LABELS[field.kind]})` +
        (field.instructions ? `. ${field.instructions}` : ''),
    )
    .join('\n');
}

/** The conversation for one answer; `transcript` is the transcript as formatted (or condensed). */
export function buildMessages(task: GenerationTask, inputs: GenerationInputs, transcript: string): LlmMessage[] {
  const rules = task.hypothesesPrompt ? `${FORMAT_RULES}\n- ${HYPOTHESES_RULE}` : FORMAT_RULES;
  const style = stylePreferencesSection(task.stylePreferences);
  const system = [task.persona, task.prompt, task.hypothesesPrompt, style, rules].filter(Boolean).join('\n\n');
  const sections = [
    ...inputSections(inputs, transcript),
    `## Campos a preencher, nesta ordem\n${formatFields(task.fields)}`,
  ];
  if (task.rewrite) {
    sections.push(
      `## Texto atual do campo\n${task.rewrite.currentText}`,
      `## Instrução do profissional para reescrever o campo\n${task.rewrite.instruction}`,
    );
  }
  return [
    { role: 'system', content: system },
    { role: 'user', content: sections.join('\n\n') },
  ];
}

const FIELD_ANSWER = answerSchemaOf(ZSourcedText);

/**
 * One property per field, in template order, each `{text, sources}`, then the hypotheses when asked for: every one
 * required, nothing else.
 */
export function answerSchema(
  fields: readonly TTemplateField[],
  withHypotheses = false,
): { name: string; jsonSchema: Record<string, unknown> } {
  return {
    name: 'anamnese',
    jsonSchema: {
      type: 'object',
      properties: {
        ...Object.fromEntries(fields.map((each) => [each.id, FIELD_ANSWER])),
        ...(withHypotheses ? { [HYPOTHESES_KEY]: HYPOTHESES_SCHEMA } : {}),
      },
      required: [...fields.map((each) => each.id), ...(withHypotheses ? [HYPOTHESES_KEY] : [])],
      additionalProperties: false,
    },
  };
}
