import type { TFieldSources } from '@escriba/contract';
import type { GenerationInputs } from '../generation/read-generation-inputs';
import type { SourceText } from './check-statement';

/**
 * The texts a statement's sources point to, read from the generation's inputs: transcript segments by seq, evidence
 * files whole or by page (with the numbers their reading was unsure of), the professional's context and what else she
 * typed (the consultation's title and chief complaint, the patient's notes). The patient's header (age, sex) is always
 * with them: the model sees it, and it is the record's own data.
 */
export class StatementSources {
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

  textsOf(sources: TFieldSources): SourceText[] {
    const texts: SourceText[] = [{ text: this.inputs.patient }];
    for (const { seq } of sources.transcript) {
      const text = this.segments.get(seq);
      if (text !== undefined) texts.push({ text });
    }
    for (const { evidence_id, page } of sources.evidence) {
      const evidence = this.inputs.evidence.find((each) => each.evidenceId === evidence_id);
      if (!evidence) continue;
      const text = page === null ? evidence.text : evidence.pages?.find((each) => each.page === page)?.text;
      if (text !== undefined) texts.push({ text, unsureNumbers: evidence.unsureNumbers ?? [] });
    }
    if (sources.user_context && this.inputs.userContext) texts.push({ text: this.inputs.userContext });
    for (const input of sources.typed ?? []) {
      const text = this.inputs.typed[input];
      if (text !== undefined) texts.push({ text });
    }
    return texts;
  }
}
