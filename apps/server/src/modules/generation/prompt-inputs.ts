import { earlierNotesSection } from './earlier-notes-text';
import { SPEAKER_LABELS } from '@escriba/contract';
import type { GenerationInputs, TranscriptLine } from './read-generation-inputs';
import {
  evidenceLabel,
  transcriptLabel,
  TYPED_INPUT_LABELS,
  USER_CONTEXT_LABEL,
  type EvidenceInput,
} from './source-labels';

/** How the model cites what it used: the labels `SourceCatalog` maps back, whatever the prompt's text says. */
export const SOURCE_LABELS_RULE = `"sources" lista os rótulos do que o campo usou, como aparecem entre colchetes, sem os colchetes, o horário e o nome do arquivo: "T12" (trecho 12 da transcrição), "E2 p.3" (página 3 da evidência 2), "E1" (evidência 1 inteira), "C" (contexto do profissional), "N" (título da consulta), "Q" (queixa principal), "O" (observações do prontuário do paciente). Use só rótulos que aparecem no material.`;

/** One line per segment: `[T12 01:10–01:18] Paciente: …`, without a name when who said it is not known. */
export function formatTranscript(lines: readonly TranscriptLine[]): string {
  return lines
    .map((line) => {
      if (!('segment' in line)) return line.text;
      const { speaker, text } = line.segment;
      return `${transcriptLabel(line.segment)} ${speaker === 'desconhecido' ? '' : `${SPEAKER_LABELS[speaker]}: `}${text}`;
    })
    .join('\n');
}

function formatEvidence(inputs: GenerationInputs): string {
  return inputs.evidence
    .map((evidence) => {
      const marker = unsureMarker(evidence);
      return evidence.pages
        ? evidence.pages.map((page) => `${evidenceLabel(evidence, page.page)}${marker}\n${page.text}`).join('\n\n')
        : `${evidenceLabel(evidence)}${marker}\n${evidence.text}`;
    })
    .join('\n\n');
}

/** After the label of an evidence OCR read with low confidence: " (leitura incerta: 18% das palavras)". */
function unsureMarker(evidence: EvidenceInput): string {
  return evidence.unsureShare === undefined
    ? ''
    : ` (leitura incerta: ${Math.round(evidence.unsureShare * 100)}% das palavras)`;
}

/** Each typed input that was filled, under its label: `## Queixa principal [Q]`. */
function typedSections({ typed }: GenerationInputs): string[] {
  const titled = [
    ['patient_notes', 'Observações do prontuário do paciente'],
    ['title', 'Título da consulta'],
    ['chief_complaint', 'Queixa principal'],
  ] as const;
  return titled.flatMap(([input, title]) =>
    typed[input] === undefined ? [] : [`## ${title} [${TYPED_INPUT_LABELS[input]}]\n${typed[input]}`],
  );
}

/** The consultation's material, each part labelled; `transcript` is the transcript as formatted (or condensed). */
export function inputSections(inputs: GenerationInputs, transcript: string): string[] {
  return [
    `## Paciente\n${inputs.patient}`,
    ...typedSections(inputs),
    `## Contexto do profissional ${USER_CONTEXT_LABEL}\n${inputs.userContext || '(vazio)'}`,
    `## Transcrição da consulta\n${transcript || '(sem transcrição)'}`,
    `## Evidências\n${formatEvidence(inputs) || '(nenhuma)'}`,
    ...earlierNotesSection(inputs.earlier),
  ];
}
