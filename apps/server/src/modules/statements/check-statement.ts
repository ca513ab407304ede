import { isSideSupported, type Side } from './laterality';
import { medicationsOf, mentionsOf } from './medications';
import type { Term } from './negations';
import { prepareStatement, type PreparedText } from './prepared-text';
import { isSameWord } from './same-word';
import { isComparable, isDose, isSameQuantity, type Quantity } from './quantities';

export type StatementCheck = { status: 'verified'; reason: null } | { status: 'unverified'; reason: string };

// A dose belongs to the medicine named this close before it.
const DOSE_REACH = 40;
const SOURCE_DOSE_REACH = 60;

/**
 * The deterministic check of one statement against the texts it cites (prepareSource's, each prepared once for
 * every statement citing it): every number with its unit (doses, pressures, times and durations, number words
 * understood), every medicine and its dose, what it denies or what the sources deny, and every side it names must
 * be found there. The first problems found, in Portuguese, are the reason.
 */
export function checkStatement(statement: string, cited: readonly PreparedText[]): StatementCheck {
  const note = prepareStatement(statement);
  const reasons = [...checkMedications(note, cited), ...checkNegations(note, cited), ...checkSides(note, cited)];
  const unique = [...new Set(reasons)];
  return unique.length === 0
    ? { status: 'verified', reason: null }
    : { status: 'unverified', reason: unique.join('; ') };
}

function checkMedications(note: PreparedText, cited: readonly PreparedText[]): string[] {
  const reasons: string[] = [];
  const doses = note.quantities.filter(isDose);
  const medications = medicationsOf(
    note.text,
    doses.map((dose) => dose.index),
  );
  const settled = new Set<Quantity>();
  medications.forEach((medication, order) => {
    const next = medications[order + 1]?.index ?? Infinity;
    const dose = doses.find(
      (each) => each.index > medication.index && each.index < Math.min(next, medication.index + DOSE_REACH),
    );
    const mentions = cited.flatMap((source) =>
      mentionsOf(source.text, medication.name).map((index) => ({ source, index })),
    );
    if (mentions.length === 0) {
      reasons.push(`medicamento ${medication.name} não encontrado na fonte`);
      return;
    }
    if (!dose) return;
    const sourceDoses = mentions.flatMap(({ source, index }) =>
      source.quantities.filter((each) => isDose(each) && each.index > index && each.index < index + SOURCE_DOSE_REACH),
    );
    if (sourceDoses.length === 0) return;
    settled.add(dose);
    const same = sourceDoses.filter((each) => isSameQuantity(dose, each));
    if (same.length === 0) reasons.push(`dose ${sourceDoses[0]!.shown} na fonte, ${dose.shown} na nota`);
    else if (same.every((each) => each.isUnsure)) reasons.push(UNSURE);
  });
  for (const quantity of note.quantities) {
    if (!settled.has(quantity)) reasons.push(...checkQuantity(quantity, cited));
  }
  return reasons;
}

const UNSURE = 'número de leitura incerta na fonte';

function checkQuantity(quantity: Quantity, cited: readonly PreparedText[]): string[] {
  const all = cited.flatMap((source) => source.quantities);
  const same = all.filter((each) => isSameQuantity(quantity, each));
  if (same.some((each) => !each.isUnsure)) return [];
  if (same.length > 0) return [UNSURE];
  const comparable = all.filter((each) => isComparable(quantity, each));
  // "4 dias na fonte, 5 dias na nota" rather than the weeks of the same gestational age.
  const other = comparable.find((each) => each.unit?.label === quantity.unit?.label) ?? comparable[0];
  const prefix = isDose(quantity) ? 'dose ' : '';
  return [
    other ? `${prefix}${other.shown} na fonte, ${quantity.shown} na nota` : `${quantity.shown} não encontrado na fonte`,
  ];
}

function checkNegations(note: PreparedText, cited: readonly PreparedText[]): string[] {
  const { terms } = note;
  const sourceTerms = cited.flatMap((source) => source.terms);
  // "Melhorou, mas não passou" denies the passing: an idiom's verb is a denial there, only what follows it is not.
  const isDeniedInSources = cited.some((source) => source.hasNegation) || sourceTerms.some((each) => each.isIdiom);
  const occurrences = (term: Term) => sourceTerms.filter((each) => isSameWord(each.word, term.word));
  const reasons: string[] = [];
  const isDenialMissing = note.hasNegation && !isEveryDenialFound(terms, occurrences, isDeniedInSources);
  // An idiom ("dor que não passa") needs no denial in the sources, only none stating the opposite ("passa com repouso").
  const isIdiomContradicted = terms.some((term) => {
    const found = occurrences(term);
    return term.isIdiom && found.length > 0 && !found.some((each) => each.isNegated);
  });
  if (isDenialMissing || isIdiomContradicted) reasons.push('negação não encontrada na fonte');
  const dropped = terms.find((term) => {
    if (term.isNegated) return false;
    const found = occurrences(term);
    return found.length > 0 && found.every((each) => each.isNegated);
  });
  if (dropped) reasons.push(`a fonte nega "${dropped.word}", a nota não`);
  return reasons;
}

/** What the note denies, the sources deny too: the same word denied, or asked and answered "não". */
function isEveryDenialFound(
  terms: readonly Term[],
  occurrences: (term: Term) => Term[],
  isDeniedInSources: boolean,
): boolean {
  const denied = terms.filter((term) => term.isNegated && !term.isIdiom);
  if (denied.length === 0) return isDeniedInSources;
  return denied.every((term) => {
    const found = occurrences(term);
    if (found.length === 0) return isDeniedInSources;
    return found.some((each) => each.isNegated || (each.isQuestioned && isDeniedInSources));
  });
}

const OPPOSITE: Partial<Record<Side, Side>> = { direito: 'esquerdo', esquerdo: 'direito' };

function checkSides(note: PreparedText, cited: readonly PreparedText[]): string[] {
  const named = note.sides;
  if (named.size === 0) return [];
  const supported = new Set(cited.flatMap((source) => [...source.sides]));
  return [...named]
    .filter((side) => !isSideSupported(side, supported))
    .map((side) => {
      const opposite = OPPOSITE[side];
      return opposite && supported.has(opposite)
        ? `lado ${opposite} na fonte, ${side} na nota`
        : `lado ${side} não encontrado na fonte`;
    });
}
