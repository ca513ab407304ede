import { unitOf, type Unit } from './units';

/**
 * What an amount of time measures, from the words around it: an age ("32 anos", "Idade: 32 anos"), a gestational age
 * ("IG 28 semanas", "28 semanas de gestação") or a duration ("há 3 semanas", "retorno em 2 semanas"). Told apart so a
 * note's gestational age is never compared with the patient's age.
 */
export type TimeMeasure = 'age' | 'gestational-age' | 'duration';

const LEAD = String.raw`(?:(?:cerca|mais|menos) de\s+|uns\s+|umas\s+|quase\s+)?`;
// "há 3 semanas", "faz 2 anos", "retorno em 4 semanas", "tem 2 anos que fuma".
const DURATION_BEFORE = new RegExp(
  String.raw`\b(?:ha|faz|fazem|desde|durante|por|em|apos|depois de|dentro de|cada|ultimos|ultimas|proximos|proximas)\s+${LEAD}$`,
);
// "2 meses de tosse", "3 dias de febre": "de" and anything but an age or a gestation.
const DURATION_AFTER = /^\s*(?:de (?!idade|vida|gestacao|gravidez|ig\b)[a-z]|atras|que\b|seguid[oa]s)/;
// "IG 28 semanas", "IG pela DUM: 28 semanas", "gestante de 28 semanas", "grávida de 7 meses", "estou de 30 semanas".
const GESTATION_BEFORE = new RegExp(
  String.raw`(?:\b(?:ig|idade gestacional|gestacao|gravidez)\b[^.;!?\d]{0,20}|\b(?:gestante|gravida|estou|esta|estamos|to|ta) (?:de|com)\s+${LEAD})$`,
);
const GESTATION_AFTER = /^\s*(?:de (?:gestacao|gravidez|idade gestacional|ig)\b|gestacionais\b)/;
// "Idade: 32 anos", "tenho 32 anos", "aos 55 anos", "paciente de 32 anos", "com 8 meses", "32 anos de idade".
const AGE_BEFORE = new RegExp(
  String.raw`\b(?:idade|aos|tem|tenho|tinha|completou|completa|fez|fiz|com|paciente|crianca|lactente|bebe|menino|menina|mulher|homem|idoso|idosa|adolescente|gestante|primigesta|secundigesta|senhor|senhora)\s*(?:de\s*)?:?\s*${LEAD}$`,
);
const AGE_AFTER = /^\s*de (?:idade|vida)\b/;
// The days of "28 semanas e 4 dias" measure what its weeks measure.
const WEEKS_BEFORE_DAYS = /(\d+\s*semanas?)\s+e\s+$/;

const GESTATION_UNITS = new Set(['semana', 'dia', 'mês']);
const AGE_UNITS = new Set(['ano', 'mês']);

/** What the time amount written in `text` from `start` to `end`, in `unit`, measures; null when the words do not say. */
export function timeMeasureOf(text: string, start: number, end: number, unit: Unit): TimeMeasure | null {
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(end, end + 30);
  if (DURATION_BEFORE.test(before) || DURATION_AFTER.test(after)) return 'duration';
  const weeks = unit.label === 'dia' ? WEEKS_BEFORE_DAYS.exec(before) : null;
  if (weeks) {
    const weeksStart = start - before.length + weeks.index;
    return timeMeasureOf(text, weeksStart, weeksStart + weeks[1]!.length, unitOf('semanas')!);
  }
  const isGestation = GESTATION_BEFORE.test(before) || GESTATION_AFTER.test(after);
  if (GESTATION_UNITS.has(unit.label) && isGestation) return 'gestational-age';
  // Days are an age only "de vida": "tem 3 dias" is more often a complaint's duration.
  const isAgeBefore = AGE_UNITS.has(unit.label) && AGE_BEFORE.test(before);
  if (isAgeBefore || AGE_AFTER.test(after)) return 'age';
  return null;
}
