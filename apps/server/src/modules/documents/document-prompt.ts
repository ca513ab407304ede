import {
  DOCUMENT_KIND_TITLES,
  isInformed,
  type TAnamnesisField,
  type TDocumentKind,
  type TDocumentRequest,
} from '@escriba/contract';
import type { LlmMessage } from '../../providers/llm/llm-provider';
import { inputSections, SOURCE_LABELS_RULE } from '../generation/prompt-inputs';
import type { GenerationInputs } from '../generation/read-generation-inputs';
import type { SourceCatalog } from '../generation/source-labels';
import { stylePreferencesSection } from '../style/style-prompt';

/** What the model is asked to write: the persona's and the kind's prompt texts, the note, the professional's request. */
export interface DocumentTask {
  kind: TDocumentKind;
  persona: string | null;
  prompt: string;
  /** The consultation's note as it was when the document was asked for, if any. */
  note: TAnamnesisField[];
  request: TDocumentRequest;
  /** Her writing preferences, when she has them on. */
  stylePreferences: string[] | null;
}

// The mechanics the code relies on (the JSON shape, empty rather than invented, labels), whatever the prompt says.
const FORMAT_RULES = `Regras de formato:
- Responda só com o objeto JSON pedido, com todas as propriedades do esquema, em português do Brasil.
- Escreva só o que a transcrição, as evidências, o que o profissional escreveu (contexto, título, queixa principal, observações do paciente) e a anamnese sustentam. O que a consulta não disse fica vazio: texto "" e lista []. Nunca invente dados: nenhuma dose, quantidade, via, data, duração, exame, especialidade ou diagnóstico que ninguém disse.
- Cada item e cada parágrafo tem "sources"; "period_sources" diz onde os dias e a data de início foram ditos. Um texto vazio não tem fontes.
- ${SOURCE_LABELS_RULE}`;

/** The note's fields that say something, each with the labels of its sources, so the document can cite them too. */
function formatNote(note: readonly TAnamnesisField[], catalog: SourceCatalog): string {
  return note
    .filter((field) => isInformed(field.text))
    .map((field) => {
      const labels = catalog.labelsOf(field.sources);
      return `### ${field.title}${labels.length > 0 ? ` (fontes: ${labels.join(', ')})` : ''}\n${field.text}`;
    })
    .join('\n\n');
}

function formatRequest(request: TDocumentRequest): string {
  const lines = [];
  if (request.days !== null) lines.push(`Dias de afastamento definidos pelo profissional: ${request.days}.`);
  if (request.instructions) lines.push(request.instructions);
  return lines.join('\n');
}

/** The conversation for one answer; `transcript` is the transcript as formatted (or condensed). */
export function buildDocumentMessages(
  task: DocumentTask,
  inputs: GenerationInputs,
  catalog: SourceCatalog,
  transcript: string,
): LlmMessage[] {
  const style = stylePreferencesSection(task.stylePreferences);
  const system = [task.persona, task.prompt, style, FORMAT_RULES].filter(Boolean).join('\n\n');
  const sections = [
    ...inputSections(inputs, transcript),
    `## Anamnese da consulta\n${formatNote(task.note, catalog) || '(nenhuma)'}`,
    `## Pedido do profissional\n${formatRequest(task.request) || '(nenhum)'}`,
    `## Documento a redigir\n${DOCUMENT_KIND_TITLES[task.kind]}`,
  ];
  return [
    { role: 'system', content: system },
    { role: 'user', content: sections.join('\n\n') },
  ];
}
