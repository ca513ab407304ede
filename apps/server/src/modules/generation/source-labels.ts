import type { TEvidenceSource, TFieldSources, TSpeaker, TTranscriptSource } from '@escriba/contract';
import { toClock } from '../transcription/chunk-timeline';
import type { GenerationInputs } from './read-generation-inputs';

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
}

/** `01:10`, or `1:02:03` past the hour. */
export const transcriptLabel = (segment: TTranscriptSource) =>
  `[T${segment.seq} ${toClock(segment.start)}–${toClock(segment.end)}]`;

export function evidenceLabel(evidence: EvidenceInput, page?: number): string {
  const name = evidence.fileName ? ` ${evidence.fileName}` : '';
  return `[E${evidence.number}${page === undefined ? '' : ` p.${page}`}${name}]`;
}

export const USER_CONTEXT_LABEL = '[C]';

// What the model writes in `sources`: "T12", "E2 p.3", "E2", "C", possibly still bracketed or followed by
// the times or file name it saw in the label.
const TRANSCRIPT = /^T(\d+)\b/i;
const EVIDENCE = /^E(\d+)(?:\s*p\.?\s*(\d+))?\b/i;
const USER_CONTEXT = /^C\b/i;

/**
 * Every label the inputs carried, to turn what the model cites into sources. A label the inputs did not carry
 * (an invented segment, a page the file does not have) is dropped, never shown.
 */
export class SourceCatalog {
  private readonly segments = new Map<number, TTranscriptSource>();
  private readonly evidence = new Map<number, EvidenceInput>();

  constructor(
    segments: readonly TTranscriptSource[],
    evidence: readonly EvidenceInput[],
    private readonly hasUserContext: boolean,
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
  }

  /** Every label the inputs of one generation carry. */
  static of(inputs: GenerationInputs): SourceCatalog {
    return new SourceCatalog(
      inputs.transcript.flatMap((line) => ('segment' in line ? [line.segment] : [])),
      inputs.evidence,
      inputs.userContext !== '',
    );
  }

  /** The labels of stored sources that are among these inputs ("T12", "E2 p.3", "C"): what the model can cite again. */
  labelsOf(sources: TFieldSources): string[] {
    const numbers = new Map([...this.evidence.values()].map((each) => [each.evidenceId, each.number]));
    const transcript = sources.transcript.filter(({ seq }) => this.segments.has(seq)).map(({ seq }) => `T${seq}`);
    const evidence = sources.evidence.flatMap(({ evidence_id, page }) => {
      const number = numbers.get(evidence_id);
      if (number === undefined) return [];
      return [page === null ? `E${number}` : `E${number} p.${page}`];
    });
    return [...transcript, ...evidence, ...(sources.user_context && this.hasUserContext ? ['C'] : [])];
  }

  resolve(labels: readonly string[]): TFieldSources {
    const transcript = new Map<number, TTranscriptSource>();
    const evidence = new Map<string, TEvidenceSource>();
    let userContext = false;
    for (const raw of labels) {
      const label = raw.trim().replace(/^\[/, '');
      const seq = TRANSCRIPT.exec(label)?.[1];
      const cited = EVIDENCE.exec(label);
      if (seq !== undefined) {
        const segment = this.segments.get(Number(seq));
        if (segment) transcript.set(segment.seq, segment);
      } else if (cited) {
        const source = this.evidenceSource(Number(cited[1]), cited[2] === undefined ? null : Number(cited[2]));
        if (source) evidence.set(`${source.evidence_id}:${source.page}`, source);
      } else if (USER_CONTEXT.test(label)) {
        userContext = this.hasUserContext;
      }
    }
    return {
      transcript: [...transcript.values()].sort((a, b) => a.seq - b.seq),
      evidence: [...evidence.values()],
      user_context: userContext,
    };
  }

  private evidenceSource(number: number, page: number | null): TEvidenceSource | undefined {
    const input = this.evidence.get(number);
    if (!input) return undefined;
    if (page !== null && !input.pages?.some((each) => each.page === page)) return undefined;
    return { evidence_id: input.evidenceId, file_name: input.fileName, page };
  }
}
