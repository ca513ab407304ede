// What the chat-completions fixture answers in the evaluation's own test: the note a perfect model would write from a
// case (its reference facts, citing every labelled part of the material), or that note with one planted error.
import { NOT_INFORMED } from '@escriba/contract';
import { answerWith, promptOf } from '../apps/server/test/anamnesis-test-setup';
import type { ChatRequestBody, LlmFixtureAnswer } from '../apps/server/test/llm-fixture';
import type { EvalCase } from './case-file';

/** `number`: a number changed; `negation`: a denied symptom asserted; `side`: left for right; `empty`: a field left out. */
export type PlantedError = 'number' | 'negation' | 'side' | 'empty';

type NoteTexts = Map<string, string>;

const sentence = (fact: string) => `${fact[0]!.toUpperCase()}${fact.slice(1)}.`;

function referenceNote(evalCase: EvalCase): NoteTexts {
  return new Map([...evalCase.reference].map(([id, facts]) => [id, facts.map(sentence).join(' ')]));
}

/** The first field whose text `change` alters, altered; the note as it was when none does. */
function changeFirst(note: NoteTexts, change: (text: string) => string): NoteTexts {
  const id = [...note.keys()].find((key) => change(note.get(key)!) !== note.get(key));
  if (!id) throw new Error('this case has nothing to plant that error in');
  return new Map(note).set(id, change(note.get(id)!));
}

const PLANTS: Record<PlantedError, (note: NoteTexts) => NoteTexts> = {
  number: (note) => changeFirst(note, (text) => text.replace(/\d+/, (digits) => String(Number(digits) + 7))),
  negation: (note) => changeFirst(note, (text) => text.replace(/\b[Nn]ega /, '')),
  side: (note) => changeFirst(note, (text) => text.replace('esquerdo', 'direito')),
  empty: (note) => new Map(note).set([...note.keys()][0]!, NOT_INFORMED),
};

/** Every label of the request's material, as the model cites them ("T3", "E1 p.1", "C"). */
function labelsIn(body: ChatRequestBody): string[] {
  const found = promptOf(body).match(/\[(T\d+|E\d+(?: p\.\d+)?)\b/g) ?? [];
  return [...new Set(found.map((label) => label.slice(1)))];
}

export function referenceAnswer(
  evalCase: EvalCase,
  planted?: PlantedError,
): (body: ChatRequestBody) => LlmFixtureAnswer {
  const reference = referenceNote(evalCase);
  const note = planted ? PLANTS[planted](reference) : reference;
  return (body) =>
    answerWith(
      (id) => note.get(id) ?? NOT_INFORMED,
      () => labelsIn(body),
    )(body);
}
