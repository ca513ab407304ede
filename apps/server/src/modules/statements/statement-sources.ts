import type { TFieldSources } from '@escriba/contract';
import type { GenerationInputs } from '../generation/read-generation-inputs';
import { prepareSource, type PreparedText, type SourceText } from './prepared-text';

/**
 * The texts a statement's sources point to, read from the generation's inputs: transcript segments by seq, evidence
 * files whole or by page (with the numbers their reading was unsure of), the professional's context and what else she
 * typed (the consultation's title and chief complaint, the patient's notes). The patient's header (age, sex) is always
 * with them: the model sees it, and it is the record's own data. One per generation: each text is prepared for the
 * check the first time a statement cites it, and kept for the next.
 */
export class StatementSources {
  private readonly prepared = new Map<string, PreparedText>();

  private constructor(
    private readonly inputs: GenerationInputs,
    private readonly segments: ReadonlyMap<number, string>,
  ) {}

  static of(inputs: GenerationInputs): StatementSources {
    const segments = new Map<number, string>();
    for (const line of inputs.transcript) {
      if ('segment' in line) segments.set(line.segment.seq, line.segment.text);
    }
    return new StatementSources(inputs, segments);
  }

  textsOf(sources: TFieldSources): PreparedText[] {
    const texts = [this.once('patient', { text: this.inputs.patient })];
    for (const { seq } of sources.transcript) {
      const text = this.segments.get(seq);
      if (text !== undefined) texts.push(this.once(`transcript ${seq}`, { text }));
    }
    for (const { evidence_id, page } of sources.evidence) {
      const evidence = this.inputs.evidence.find((each) => each.evidenceId === evidence_id);
      if (!evidence) continue;
      const text = page === null ? evidence.text : evidence.pages?.find((each) => each.page === page)?.text;
      if (text !== undefined) {
        texts.push(this.once(`evidence ${evidence_id} ${page}`, { text, unsureNumbers: evidence.unsureNumbers ?? [] }));
      }
    }
    if (sources.user_context && this.inputs.userContext) {
      texts.push(this.once('context', { text: this.inputs.userContext }));
    }
    for (const input of sources.typed ?? []) {
      const text = this.inputs.typed[input];
      if (text !== undefined) texts.push(this.once(`typed ${input}`, { text }));
    }
    return texts;
  }

  private once(key: string, source: SourceText): PreparedText {
    let prepared = this.prepared.get(key);
    if (!prepared) {
      prepared = prepareSource(source);
      this.prepared.set(key, prepared);
    }
    return prepared;
  }
}
