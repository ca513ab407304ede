import type { TFieldSources, TTypedInput } from '@escriba/contract';
import { formatClock } from '../../../../lib/audio/clock';
import { formatCalendarDay } from '../../../../lib/format';

/**
 * One source of a field as the card lists it: a run of transcript segments, an evidence file (page), what the
 * professional typed (`context`: the Contexto tab, the header, the patient's record), an earlier consultation.
 */
export type SourceLabel =
  | { kind: 'transcript'; label: string; seqs: number[] }
  | { kind: 'evidence'; label: string; evidenceId: string; page: number | null }
  | { kind: 'context'; label: string }
  | { kind: 'consultation'; label: string; consultationId: string };

/** What the professional typed outside the Contexto tab, named as the pages name it. */
export const TYPED_INPUT_NAMES: Record<TTypedInput, string> = {
  title: 'Título da consulta',
  chief_complaint: 'Queixa principal',
  patient_notes: 'Observações do paciente',
};

/**
 * "Transcrição 01:10–01:18" per run of consecutive segments, "exame.pdf, p. 2" per evidence page,
 * "Contexto da consulta" when the professional's notes were used, "Queixa principal" and the like for what else she
 * typed, "consulta de 12/03/2026" per earlier consultation's note; in the order a reader checks them.
 */
export function sourceLabels(sources: TFieldSources): SourceLabel[] {
  const labels: SourceLabel[] = transcriptRuns(sources.transcript).map((run) => ({
    kind: 'transcript',
    label: `Transcrição ${formatClock(run.start)}–${formatClock(run.end)}`,
    seqs: run.seqs,
  }));
  const seen = new Set<string>();
  for (const { evidence_id: evidenceId, file_name: fileName, page } of sources.evidence) {
    const key = `${evidenceId}:${page ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const name = fileName ?? 'Evidência';
    labels.push({ kind: 'evidence', label: page === null ? name : `${name}, p. ${page}`, evidenceId, page });
  }
  if (sources.user_context) labels.push({ kind: 'context', label: 'Contexto da consulta' });
  for (const input of sources.typed ?? []) labels.push({ kind: 'context', label: TYPED_INPUT_NAMES[input] });
  for (const { consultation_id: consultationId, date } of sources.consultations ?? []) {
    labels.push({ kind: 'consultation', label: `consulta de ${formatCalendarDay(date)}`, consultationId });
  }
  return labels;
}

/** What an evidence file says when it is a source of a field: "Fonte de “Conduta”: p. 1 e 3", or the whole file. */
export function evidenceSourceNote(fieldTitle: string, pages: (number | null)[]): string {
  const numbered = [...new Set(pages.filter((page): page is number => page !== null))].sort((a, b) => a - b);
  const where =
    numbered.length === 0 || pages.includes(null)
      ? 'o arquivo todo'
      : `${numbered.length === 1 ? 'p.' : 'pp.'} ${new Intl.ListFormat('pt-BR').format(numbered.map(String))}`;
  return `Fonte de “${fieldTitle}”: ${where}`;
}

interface Run {
  seqs: number[];
  start: number;
  end: number;
}

/** Segments sorted and joined where their seqs follow each other, so a passage reads as one time range. */
function transcriptRuns(segments: TFieldSources['transcript']): Run[] {
  const sorted = [...new Map(segments.map((segment) => [segment.seq, segment])).values()].sort((a, b) => a.seq - b.seq);
  const runs: Run[] = [];
  for (const segment of sorted) {
    const last = runs.at(-1);
    if (last && last.seqs.at(-1) === segment.seq - 1) {
      last.seqs.push(segment.seq);
      last.end = Math.max(last.end, segment.end);
    } else {
      runs.push({ seqs: [segment.seq], start: segment.start, end: segment.end });
    }
  }
  return runs;
}
