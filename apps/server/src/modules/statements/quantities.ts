import { timeMeasureOf, type TimeMeasure } from './time-measures';
import { DOSE_FAMILIES, UNIT_PATTERN, unitOf, type Unit } from './units';

/** A number a text states: an amount (with its unit when it has one), a pair ("138x88") or a date. */
export interface Quantity {
  kind: 'amount' | 'pair' | 'date';
  /** Compared values: an amount in its family's base unit, a pair's two numbers, a date's day, month and year. */
  values: number[];
  unit: Unit | null;
  /** What an amount of time measures (an age, a gestational age, a duration); null when its words do not say. */
  measure: TimeMeasure | null;
  /** The number as written ("7,350"), to match the numbers a reading marked unsure. */
  written: string;
  /** How a reason names it: "50 mg", "138x88", "12/03/2026". */
  shown: string;
  /** Where it starts in the text it was read from. */
  index: number;
}

// Not inside a word or a code ("DM2", "G44.2", "T12") nor another number.
const NOT_AFTER = String.raw`(?<![\p{L}\d.,/-])`;
const NUMBER = String.raw`\d+(?:[.,]\d+)*`;
const DATE = new RegExp(String.raw`${NOT_AFTER}(\d{1,2})/(\d{1,2})/(\d{2,4})(?![\d/])`, 'gu');
// A day and month without the year: written with a leading zero ("02/09"; "12/8" is a pressure), or said.
const DAY_MONTH = new RegExp(String.raw`${NOT_AFTER}(0\d|\d{1,2}(?=/0))/(\d{2})(?![\d/])`, 'gu');
export const MONTHS = 'janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro'.split(
  ' ',
);
const SAID_DATE = new RegExp(String.raw`${NOT_AFTER}(\d{1,2}) de (${MONTHS.join('|')})\b`, 'gu');
const PAIR = new RegExp(String.raw`${NOT_AFTER}(\d{1,3})\s*(?:x|×|/|por)\s*(\d{1,3})(?![\d.,]*\d)`, 'gu');
const CLOCK = new RegExp(String.raw`${NOT_AFTER}(\d{1,2})(?:h|:)(\d{2})(?!\d)`, 'gu');
// A gestational age as obstetricians write it: "28s4d", "28 sem 4 d", and "28+4" before "semanas" or after "IG".
const GESTATION = new RegExp(
  String.raw`${NOT_AFTER}(\d{1,2})\s*(?:\+\s*(\d)(?!\d)|s(?:em)?\s*(\d)\s*d\b)(\s*(?:semanas|sem)\b)?`,
  'gu',
);
const AFTER_IG = /\big\b[^.;!?\d]{0,20}$/;
const AMOUNT = new RegExp(String.raw`${NOT_AFTER}(${NUMBER})(?:\s*(${UNIT_PATTERN})(?![\p{L}\d]))?`, 'gu');

/** "7.350" is seven thousand three hundred and fifty (pt-BR thousands); "7,35" and "7.5" are decimals. */
export function parseNumber(written: string): number {
  if (/^\d{1,3}(\.\d{3})+$/.test(written)) return Number(written.replaceAll('.', ''));
  return Number(written.replace(',', '.'));
}

const showNumber = (value: number) => String(Number(value.toFixed(3))).replace('.', ',');

function showAmount(value: number, unit: Unit | null): string {
  if (!unit) return showNumber(value);
  const label = value !== 1 && unit.plural ? unit.plural : unit.label;
  return `${showNumber(value)} ${label}`;
}

/**
 * Every number of a folded text with number words already written as digits: dates, pressure-like pairs
 * ("138x88", "138/88", "138 por 88"; "12 por 8" read as 120x80), clock times ("14h30") and amounts with their unit.
 */
type Read = Omit<Quantity, 'index' | 'written' | 'measure'> & { measure?: TimeMeasure | null };

export function quantitiesOf(text: string): Quantity[] {
  const found: Quantity[] = [];
  let rest = text;
  const take = (pattern: RegExp, read: (match: RegExpExecArray) => Read | Read[] | undefined) => {
    for (const match of rest.matchAll(pattern)) {
      const quantities = [read(match) ?? []].flat();
      if (quantities.length === 0) continue;
      for (const quantity of quantities)
        found.push({ measure: null, written: match[1]!, ...quantity, index: match.index });
      // Blanked, so a date's numbers are not read again as amounts.
      rest = rest.slice(0, match.index) + ' '.repeat(match[0].length) + rest.slice(match.index + match[0].length);
    }
  };
  // A date compares by day and month: a note adds the year the conversation left out ("dia 2 de setembro").
  take(DATE, (match) => {
    const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const fullYear = year < 100 ? 2000 + year : year;
    return { kind: 'date', values: [day, month], unit: null, shown: `${day}/${month}/${fullYear}` };
  });
  take(DAY_MONTH, (match) => {
    const [day, month] = [Number(match[1]), Number(match[2])];
    return { kind: 'date', values: [day, month], unit: null, shown: `${day}/${month}` };
  });
  take(SAID_DATE, (match) => {
    const [day, month] = [Number(match[1]), MONTHS.indexOf(match[2]!) + 1];
    return { kind: 'date', values: [day, month], unit: null, shown: `${day}/${month}` };
  });
  take(PAIR, (match) => {
    let [first, second] = [Number(match[1]), Number(match[2])];
    // "7/10": a score out of ten, the number said alone ("uns sete").
    if (second === 10 && first <= 10) return { kind: 'amount', values: [first], unit: null, shown: `${first}/10` };
    // "12 por 8" is how blood pressure is said in centimetres of mercury: 120x80.
    if (first <= 30 && second <= 30 && first > second) [first, second] = [first * 10, second * 10];
    return { kind: 'pair', values: [first, second], unit: null, shown: `${first}x${second}` };
  });
  take(CLOCK, (match) => {
    const minutes = Number(match[1]) * 60 + Number(match[2]);
    return { kind: 'amount', values: [minutes], unit: unitOf('min')!, shown: `${match[1]}h${match[2]}` };
  });
  take(GESTATION, (match) => {
    const isPlus = match[2] !== undefined;
    if (isPlus && !match[4] && !AFTER_IG.test(text.slice(Math.max(0, match.index - 30), match.index))) return undefined;
    const [weeks, days] = [Number(match[1]), Number(match[2] ?? match[3])];
    const [weekUnit, dayUnit] = [unitOf('semanas')!, unitOf('dias')!];
    const measure = 'gestational-age' as const;
    return [
      {
        kind: 'amount',
        values: [weeks * weekUnit.factor],
        unit: weekUnit,
        measure,
        shown: showAmount(weeks, weekUnit),
      },
      { kind: 'amount', values: [days * dayUnit.factor], unit: dayUnit, measure, shown: showAmount(days, dayUnit) },
    ];
  });
  take(AMOUNT, (match) => {
    const value = parseNumber(match[1]!);
    if (!Number.isFinite(value)) return undefined;
    const unit = match[2] ? (unitOf(match[2]) ?? null) : null;
    const measure =
      unit?.family === 'time' ? timeMeasureOf(text, match.index, match.index + match[0].length, unit) : null;
    return { kind: 'amount', values: [value * (unit?.factor ?? 1)], unit, measure, shown: showAmount(value, unit) };
  });
  return found.sort((a, b) => a.index - b.index);
}

/**
 * Two numbers say the same: same kind and values, the same family of unit when both name one, and the same measure
 * when both say it (a child's "2 anos" of age is not "asma há 2 anos").
 */
export function isSameQuantity(a: Quantity, b: Quantity): boolean {
  if (a.kind !== b.kind || a.values.length !== b.values.length) return false;
  if (a.unit && b.unit && a.unit.family !== b.unit.family) return false;
  if (a.measure && b.measure && a.measure !== b.measure) return false;
  return a.values.every((value, index) => Math.abs(value - b.values[index]!) <= Math.abs(value) * 1e-9);
}

/**
 * Could be told apart as "X na fonte, Y na nota": the same kind of number, in the same family of unit, measuring the
 * same (never "32 anos na fonte, 28 semanas na nota": an age beside a gestational age; a time the words do not place
 * is a duration).
 */
export function isComparable(a: Quantity, b: Quantity): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind !== 'amount') return true;
  const isSameFamily = a.unit !== null && b.unit !== null && a.unit.family === b.unit.family;
  return isSameFamily && (a.measure ?? 'duration') === (b.measure ?? 'duration');
}

export const isDose = (quantity: Quantity) => quantity.unit !== null && DOSE_FAMILIES.has(quantity.unit.family);
