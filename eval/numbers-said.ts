import { foldText } from '../apps/server/src/modules/statements/fold-text';
import { writeNumberWordsAsDigits } from '../apps/server/src/modules/statements/number-words';
import { MONTHS } from '../apps/server/src/modules/statements/quantities';
import type { EvalCase } from './case-file';
import { factWords } from './fact-words';

const SAID_DATE = new RegExp(`\\b(\\d{1,2}) de (${MONTHS.join('|')})\\b`, 'g');

/** "2 de setembro" as a note writes it: "02/09". */
const writeDates = (text: string) =>
  text.replace(SAID_DATE, (_, day: string, month: string) =>
    [day.padStart(2, '0'), String(MONTHS.indexOf(month) + 1).padStart(2, '0')].join('/'),
  );

/**
 * Every number said or shown in the consultation (the dialogue, the document, the patient's age), as the scoring
 * writes numbers: a note's number not among them was made up or changed.
 */
export function numbersSaid(evalCase: EvalCase): string[] {
  const { ageMonths } = evalCase.patient;
  const material = [
    ...evalCase.dialogue.map((turn) => turn.text),
    evalCase.evidence ?? '',
    `${Math.floor(ageMonths / 12)} anos, ${ageMonths} meses`,
  ].join('\n');
  const written = writeDates(writeNumberWordsAsDigits(foldText(material), { isSource: true }));
  return factWords(written).flatMap((word) => (word.kind === 'number' ? [word.text] : []));
}
