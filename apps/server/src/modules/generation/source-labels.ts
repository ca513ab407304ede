import type {
  TConsultationSource,
  TEarlierConsultation,
  TEvidenceSource,
  TFieldSources,
  TSpeaker,
  TTranscriptSource,
  TTypedInput,
} from '@escriba/contract';
import { toClock } from '../transcription/chunk-timeline';
import type { GenerationInputs } from './read-generation-inputs';

/** The sources of a part that cites nothing (a part the professional wrote, or left as not informed). */
export const NO_SOURCES: TFieldSources = { transcript: [], evidence: [], user_context: false };

/** A transcript segment as the model sees it: `[T12 01:10–01:18] Paciente: …` (its chunk's seq, its own times). */
export interface TranscriptSegment extends TTranscriptSource {
  text: string;
  speaker: TSpeaker;
}

/** A ready evidence file as the model sees it: `[E2 exame.pdf]`, or page by page `[E2 p.3 exame.pdf]`. */
export interface EvidenceInput {
  /** 1, 2, … in the order the files were added. */
  number: number;
  evidenceId: string;
  fileName: string | null;
  text: string;
  pages: { page: number; text: string }[] | null;
  /** The share of words OCR was unsure of, when that makes its reading low-confidence. */
  unsureShare?: number;
  /** Numbers as written that the reading was unsure of (OCR words of low confidence): the statement check distrusts them. */
  unsureNumbers?: string[];
}

/** An earlier consultation's note as the model sees it: `[A1 12/03/2026]`, A1 the newest. */
export interface EarlierInput extends TEarlierConsultation {
  /** 1, 2, … from the newest, as the provenance lists them. */
  number: number;
}

/** `01:10`, or `1:02:03` past the hour. */
export const transcriptLabel = (segment: TTranscriptSource) =>
  `[T${segment.seq} ${toClock(segment.start)}–${toClock(segment.end)}]`;

export function evidenceLabel(evidence: EvidenceInput, page?: number): string {
  const name = evidence.fileName ? ` ${evidence.fileName}` : '';
  return `[E${evidence.number}${page === undefined ? '' : ` p.${page}`}${name}]`;
}

export const USER_CONTEXT_LABEL = '[C]';

/** What the model cites for each typed input: `[N]` the title, `[Q]` the chief complaint, `[O]` the patient's notes. */
export const TYPED_INPUT_LABELS: Record<TTypedInput, string> = { title: 'N', chief_complaint: 'Q', patient_notes: 'O' };

const TYPED_INPUTS = Object.keys(TYPED_INPUT_LABELS) as TTypedInput[];
const TYPED_BY_LETTER = new Map(TYPED_INPUTS.map((input) => [TYPED_INPUT_LABELS[input], input]));
const TYPED_LETTERS = TYPED_INPUTS.map((input) => TYPED_INPUT_LABELS[input]).join('');

export const earlierLabel = (earlier: EarlierInput) =>
  `[A${earlier.number} ${earlier.date.split('-').reverse().join('/')}]`;

// What the model writes in `sources`: "T12", "E2 p.3", "E2", "C", "Q", possibly still bracketed or followed by
// the times or file name it saw in the label.
const TRANSCRIPT = /^T(\d+)\b/i;
const EVIDENCE = /^E(\d+)(?:\s*p\.?\s*(\d+))?\b/i;
const USER_CONTEXT = /^C\b/i;
const EARLIER = /^A(\d+)\b/i;
const TYPED = new RegExp(`^([${TYPED_LETTERS}])\\b`, 'i');
// What a bracketed label looks like in a field's text, whether or not the inputs carried it: "T12 …", "E2 p.3", "C".
const LABEL_SHAPE = new RegExp(`^(?:[A-Z]\\d+(?:\\s|$)|[C${TYPED_LETTERS}]$)`);

/**
 * Every label the inputs carried, to turn what the model cites into sources. A label the inputs did not carry
 * (an invented segment, a page the file does not have) is dropped, never shown.
 */
export class SourceCatalog {
  private readonly segments = new Map<number, TTranscriptSource>();
  private readonly evidence = new Map<number, EvidenceInput>();
  private readonly earlier = new Map<number, TConsultationSource>();

  constructor(
    segments: readonly TTranscriptSource[],
    evidence: readonly EvidenceInput[],
    private readonly hasUserContext: boolean,
    earlier: readonly EarlierInput[] = [],
    private readonly typed: ReadonlySet<TTypedInput> = new Set(),
  ) {
    // A chunk's segments share its label: citing it cites the span they cover.
    for (const { seq, start, end } of segments) {
      const known = this.segments.get(seq);
      this.segments.set(
        seq,
        known ? { seq, start: Math.min(known.start, start), end: Math.max(known.end, end) } : { seq, start, end },
      );
    }
    for (const each of evidence) this.evidence.set(each.number, each);
    for (const { number, id, date } of earlier) this.earlier.set(number, { consultation_id: id, date });
  }

  /** Every label the inputs of one generation carry. */
  static of(inputs: GenerationInputs): SourceCatalog {
    return new SourceCatalog(
      inputs.transcript.flatMap((line) => ('segment' in line ? [line.segment] : [])),
      inputs.evidence,
      inputs.userContext !== '',
      inputs.earlier,
      new Set(TYPED_INPUTS.filter((input) => inputs.typed[input] !== undefined)),
    );
  }

  /**
   * The labels of stored sources that are among these inputs ("T12", "E2 p.3", "C", "A1"): what the model can cite
   * again.
   */
  labelsOf(sources: TFieldSources): string[] {
    const numbers = new Map([...this.evidence.values()].map((each) => [each.evidenceId, each.number]));
    const transcript = sources.transcript.filter(({ seq }) => this.segments.has(seq)).map(({ seq }) => `T${seq}`);
    const evidence = sources.evidence.flatMap(({ evidence_id, page }) => {
      const number = numbers.get(evidence_id);
      if (number === undefined) return [];
      return [page === null ? `E${number}` : `E${number} p.${page}`];
    });
    const earlier = new Map([...this.earlier].map(([number, source]) => [source.consultation_id, `A${number}`]));
    const consultations = (sources.consultations ?? []).flatMap(({ consultation_id }) => {
      const label = earlier.get(consultation_id);
      return label === undefined ? [] : [label];
    });
    return [
      ...transcript,
      ...evidence,
      ...(sources.user_context && this.hasUserContext ? ['C'] : []),
      ...consultations,
      ...(sources.typed ?? []).filter((input) => this.typed.has(input)).map((input) => TYPED_INPUT_LABELS[input]),
    ];
  }

  /** A bracketed text written as a label ("T12 01:10–01:18", "E2 p.3", "C"), cited rightly or not; "[sic]" is not. */
  isLabel(label: string): boolean {
    return LABEL_SHAPE.test(label.trim());
  }

  resolve(labels: readonly string[]): TFieldSources {
    const transcript = new Map<number, TTranscriptSource>();
    const evidence = new Map<string, TEvidenceSource>();
    const consultations = new Map<string, TConsultationSource>();
    const typed = new Set<TTypedInput>();
    let userContext = false;
    for (const raw of labels) {
      const label = raw.trim().replace(/^\[/, '');
      const seq = TRANSCRIPT.exec(label)?.[1];
      const cited = EVIDENCE.exec(label);
      const typedInput = TYPED_BY_LETTER.get(TYPED.exec(label)?.[1]?.toUpperCase() ?? '');
      if (seq !== undefined) {
        const segment = this.segments.get(Number(seq));
        if (segment) transcript.set(segment.seq, segment);
      } else if (cited) {
        const source = this.evidenceSource(Number(cited[1]), cited[2] === undefined ? null : Number(cited[2]));
        if (source) evidence.set(`${source.evidence_id}:${source.page}`, source);
      } else if (USER_CONTEXT.test(label)) {
        userContext = this.hasUserContext;
      } else if (typedInput) {
        if (this.typed.has(typedInput)) typed.add(typedInput);
      } else {
        const number = EARLIER.exec(label)?.[1];
        const earlier = number === undefined ? undefined : this.earlier.get(Number(number));
        if (earlier) consultations.set(earlier.consultation_id, earlier);
      }
    }
    return {
      transcript: [...transcript.values()].sort((a, b) => a.seq - b.seq),
      evidence: [...evidence.values()],
      user_context: userContext,
      // Absent rather than empty, as in every source stored before earlier consultations were inputs.
      ...(consultations.size > 0 ? { consultations: [...consultations.values()] } : {}),
      ...(typed.size > 0 ? { typed: TYPED_INPUTS.filter((input) => typed.has(input)) } : {}),
    };
  }

  private evidenceSource(number: number, page: number | null): TEvidenceSource | undefined {
    const input = this.evidence.get(number);
    if (!input) return undefined;
    if (page !== null && !input.pages?.some((each) => each.page === page)) return undefined;
    return { evidence_id: input.evidenceId, file_name: input.fileName, page };
  }
}
