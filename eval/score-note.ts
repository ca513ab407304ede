import { NOT_INFORMED, type TAnamnesisVersion } from '@escriba/contract';
import type { EvalCase } from './case-file';
import { factWords, isSameNumber } from './fact-words';
import { clausesOf, findFactIn } from './match-facts';
import { numbersSaid } from './numbers-said';

/** How one generated note measures against its case's reference. */
export interface CaseScore {
  facts: number;
  covered: number;
  /** Reference facts the note does not hold (a denied one it asserts is in `negationsWrong`). */
  missing: string[];
  statements: number;
  /** Statements the product's own check left unverified against their sources, with its reason. */
  unverified: { text: string; reason: string }[];
  /** Unverified statements the case says are right: marks that teach the professional to ignore them. */
  falseAlarms: { text: string; reason: string }[];
  /** Numbers of the note said nowhere in the consultation (dialogue, document, patient record). */
  numbersWrong: string[];
  /** Facts the patient denied that the note asserts ("nega febre" written as "febre"). */
  negationsWrong: string[];
  /** Fields left "Não informado" that the reference fills. */
  emptyFields: string[];
  seconds: number;
  tokens: number | null;
}

/**
 * What the case says is right: the statement holds a reference fact, asserts none the patient denied and writes no
 * number nobody said.
 */
function isRight(statement: string, facts: string[], said: string[]): boolean {
  const clauses = clausesOf(statement);
  const findings = facts.map((fact) => findFactIn(fact, clauses));
  return (
    findings.includes('covered') && !findings.includes('contradicted') && unsaidNumbers(statement, said).length === 0
  );
}

/** The numbers of a text said nowhere in the consultation. */
function unsaidNumbers(text: string, said: string[]): string[] {
  return factWords(text)
    .flatMap((word) => (word.kind === 'number' && /\d/.test(word.text) ? [word.text] : []))
    .filter((number) => !said.some((each) => isSameNumber(each, number)));
}

export function scoreNote(evalCase: EvalCase, version: TAnamnesisVersion, seconds: number): CaseScore {
  const written = version.fields.filter((field) => field.text.trim() !== NOT_INFORMED);
  const clauses = written.flatMap((field) => clausesOf(field.text));
  const facts = [...evalCase.reference.values()].flat();
  const findings = facts.map((fact) => ({ fact, finding: findFactIn(fact, clauses) }));
  const said = numbersSaid(evalCase);
  const statements = version.fields.flatMap((field) => field.statements ?? []);
  const usage = version.provenance.usage;
  const unverified = statements.flatMap(({ status, text, reason }) =>
    status === 'unverified' ? [{ text, reason: reason ?? '' }] : [],
  );
  return {
    facts: facts.length,
    covered: findings.filter(({ finding }) => finding === 'covered').length,
    missing: findings.filter(({ finding }) => finding === 'missing').map(({ fact }) => fact),
    statements: statements.length,
    unverified,
    falseAlarms: unverified.filter(({ text }) => isRight(text, facts, said)),
    numbersWrong: [...new Set(written.flatMap((field) => unsaidNumbers(field.text, said)))],
    negationsWrong: findings.filter(({ finding }) => finding === 'contradicted').map(({ fact }) => fact),
    emptyFields: [...evalCase.reference.keys()].filter((id) => !written.some((field) => field.field_id === id)),
    seconds,
    tokens: usage ? usage.prompt_tokens + usage.completion_tokens : null,
  };
}
