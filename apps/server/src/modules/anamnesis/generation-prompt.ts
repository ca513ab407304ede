import { NOT_INFORMED, TEMPLATE_FIELD_KIND_LABELS, type TTemplateField } from '@escriba/contract';
import type { LlmMessage } from '../../providers/llm/llm-provider';
import type { GenerationInputs, TranscriptLine } from './read-generation-inputs';
import { evidenceLabel, transcriptLabel, USER_CONTEXT_LABEL } from './source-labels';

/** What the model is asked to do: the persona's and the prompt's texts and the fields to write. */
export interface GenerationTask {
  persona: string | null;
  prompt: string;
  fields: TTemplateField[];
  /** A rewrite: the field's current text and the professional's instruction. */
  rewrite?: { currentText: string; instruction: string };
}

// The mechanics the code relies on (labels, the JSON shape, "Não informado"), whatever the prompt's text says.
const FORMAT_RULES = `Regras de formato:
- Responda só com o objeto JSON pedido: uma propriedade por campo, cada uma com "text" e "sources".
- "text" é o texto do campo, em português do Brasil, pronto para colar no prontuário. Campos do tipo Lista: um item por linha, começando com "- ". Campos do tipo Resposta curta: uma linha.
- Escreva só o que a transcrição, as evidências e o contexto do profissional sustentam. Quando nada sustenta o campo, escreva exatamente "${NOT_INFORMED}" e deixe "sources" vazio. Nunca invente dados.
- "sources" lista os rótulos do que o campo usou, como aparecem entre colchetes, sem os colchetes, o horário e o nome do arquivo: "T12" (trecho 12 da transcrição), "E2 p.3" (página 3 da evidência 2), "E1" (evidência 1 inteira), "C" (contexto do profissional). Use só rótulos que aparecem no material.`;

export function formatTranscript(lines: readonly TranscriptLine[]): string {
  return lines
    .map((line) => ('segment' in line ? `${transcriptLabel(line.segment)} ${line.segment.text}` : line.text))
    .join('\n');
}

function formatEvidence(inputs: GenerationInputs): string {
  return inputs.evidence
    .map((evidence) =>
      evidence.pages
        ? evidence.pages.map((page) => `${evidenceLabel(evidence, page.page)}\n${page.text}`).join('\n\n')
        : `${evidenceLabel(evidence)}\n${evidence.text}`,
    )
    .join('\n\n');
}

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
  const system = [task.persona, task.prompt, FORMAT_RULES].filter(Boolean).join('\n\n');
  const sections = [
    `## Paciente\n${inputs.patient}`,
    `## Contexto do profissional ${USER_CONTEXT_LABEL}\n${inputs.userContext || '(vazio)'}`,
    `## Transcrição da consulta\n${transcript || '(sem transcrição)'}`,
    `## Evidências\n${formatEvidence(inputs) || '(nenhuma)'}`,
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

/** One property per field, in template order, each `{text, sources}`: every one required, nothing else. */
export function answerSchema(fields: readonly TTemplateField[]): { name: string; jsonSchema: Record<string, unknown> } {
  const field = {
    type: 'object',
    properties: { text: { type: 'string' }, sources: { type: 'array', items: { type: 'string' } } },
    required: ['text', 'sources'],
    additionalProperties: false,
  };
  return {
    name: 'anamnese',
    jsonSchema: {
      type: 'object',
      properties: Object.fromEntries(fields.map((each) => [each.id, field])),
      required: fields.map((each) => each.id),
      additionalProperties: false,
    },
  };
}
