import { wordsByLine, type OcrText, type OcrWord } from './ocr.js';

// A result's value at the start of a word: a number not followed by more of a date or a code ("14/11/2026").
const VALUE = /^[<>≤≥]?(\d+(?:[.,]\d+)*)(?![/.,-]?\d)/u;
const NUMBER = /\d+(?:[.,]\d+)*/g;
// Two bounds: "12,0 a 15,5", "70 à 99", "4.000 - 11.000" (OCR glues them: "12,0a15,5").
// A range with a bound lost: "150.000 a", "a 450.000".
const DANGLING = /^\s*(?:a|à|-|–)\s|\d\s*(?:a|à|-|–)\s*$/iu;
// Two numbers with nothing between them: a range's "a" read as a digit ("150.000 2 450.000").
const SIDE_BY_SIDE = /\d\s+\d/;
const RANGE = /^\s*(\d+(?:[.,]\d+)*)\s*(?:a|à|-|–|até)\s*(\d+(?:[.,]\d+)*)\s*$/iu;
const REFERENCE_START = /^(?:[<>≤≥]|\d|até$|inferior$|superior$|menor$|maior$|acima$|abaixo$|desejável|ótimo|VR\b)/iu;
// A letter between digits, as OCR misreads them ("1O,5", "2S0"), or a digit between letters ("TG6O").
// The range word "a" and the multiplier "x" ("7,35x10³") stand between digits in print.
const LETTER_AMONG_DIGITS = /\d[.,]?[^\P{L}aàxX]+[.,]?\d/u;
const DIGIT_AMONG_LETTERS = /\p{L}\d+\p{L}/u;
// Names that hold a digit between letters in print.
const NAMES_WITH_DIGITS = /^hba1c$/i;
// Once this many of a page's results have a reference, this share of them, one without has lost it.
const MIN_RESULTS_FOR_REFERENCES = 3;
// A reading with this many lines that start with a value has read a table's columns apart from its rows.
const MIN_VALUES_APART = 3;
const REFERENCE_SHARE = 0.75;

/** A line of results after its analyte's name: its value, perhaps a unit and a reference. */
interface Result {
  value: OcrWord;
  number: string;
  hasUnit: boolean;
  /** The words of its reference, its text ("12,0 a 15,5") and whether its bracket, if any, closes; null without one. */
  reference: { words: OcrWord[]; text: string; isClosed: boolean } | null;
}

/**
 * The words of a lab report's page whose value and reference do not read as one pair, so that a misread
 * number is not taken as read (issue 31 §1): a value whose decimals differ from its reference's ("13"
 * beside "0,5 a 1,1": a lost comma), a range whose bounds are out of order ("24 a 5,7") or have a number
 * between them ("150.000 2 450.000"), a bracket that
 * does not close, a reference lost where the page's other results have one, a reference without a value;
 * and, anywhere, a word that mixes letters and digits as no print does ("TG6O", "1O,5").
 */
export function findUnparsedPairs(ocr: OcrText): OcrWord[] {
  const unparsed = new Set<OcrWord>(ocr.words.filter(isMixedWord));
  const results = wordsByLine(ocr.words).flatMap((line) => {
    const result = parseResult(line);
    if (!result) {
      for (const word of valuelessReference(line)) unparsed.add(word);
      return [];
    }
    return [result];
  });
  const measured = results.filter((result) => result.hasUnit);
  const withReference = measured.filter((result) => result.reference);
  const isReferenceExpected =
    withReference.length >= MIN_RESULTS_FOR_REFERENCES && withReference.length >= measured.length * REFERENCE_SHARE;
  for (const result of results) {
    const isLost = !result.reference && result.hasUnit && isReferenceExpected;
    if (isLost || (result.reference && !isPair(result.number, result.reference))) {
      unparsed.add(result.value);
      for (const word of result.reference?.words ?? []) if (/\d/.test(word.text)) unparsed.add(word);
    }
  }
  return ocr.words.filter((word) => unparsed.has(word));
}

/** How many lines of a reading hold a result: a name and its value. */
export function countResults(ocr: OcrText): number {
  return wordsByLine(ocr.words).filter((line) => parseResult(line)).length;
}

/**
 * Whether a reading put a table's values apart from their names (tesseract's page layout takes the columns
 * of a ruled table for blocks of text): lines that start with a value, no name before it.
 */
export function hasValuesApart(ocr: OcrText): boolean {
  const apart = wordsByLine(ocr.words).filter((line) => VALUE.test(line[0]!.text) && line.length > 1);
  return apart.length >= MIN_VALUES_APART;
}

function isMixedWord(word: OcrWord): boolean {
  return (
    LETTER_AMONG_DIGITS.test(word.text) || (DIGIT_AMONG_LETTERS.test(word.text) && !NAMES_WITH_DIGITS.test(word.text))
  );
}

function parseResult(line: readonly OcrWord[]): Result | null {
  const at = line.findIndex((word) => VALUE.test(word.text));
  const name = line.slice(0, Math.max(0, at));
  if (at < 1 || !name.some((word) => /\p{L}{2}/u.test(word.text))) return null;
  // A number inside a bracket the name opened is the reference's: the value before it was lost.
  const nameText = name.map((word) => word.text).join(' ');
  if (nameText.split('(').length > nameText.split(')').length) return null;
  const value = line[at]!;
  const number = VALUE.exec(value.text)![1]!;
  // What OCR glued to the value: its unit ("13mg/dl"), or even the reference's bracket.
  const glued = value.text.slice(value.text.indexOf(number) + number.length);
  const after = line.slice(at + 1);
  if (glued.includes('(')) {
    const text = [glued, ...after.map((word) => word.text)].join(' ');
    return {
      value,
      number,
      hasUnit: hasUnit(glued.slice(0, glued.indexOf('('))),
      reference: toReference(text, [value, ...after]),
    };
  }
  // A bracket opens the reference; a table's has none, and starts at a bound or at words before one ("até 40").
  const starts = after.findIndex((word) => word.text.startsWith('(') || REFERENCE_START.test(word.text));
  const unit = [glued, ...after.slice(0, starts === -1 ? after.length : starts).map((word) => word.text)].join(' ');
  const words = starts === -1 ? [] : after.slice(starts);
  const text = words.map((word) => word.text).join(' ');
  return { value, number, hasUnit: hasUnit(unit), reference: starts === -1 ? null : toReference(text, words) };
}

function toReference(text: string, words: OcrWord[]): NonNullable<Result['reference']> {
  const open = text.indexOf('(');
  if (open === -1) return { words, text, isClosed: true };
  const inside = text.slice(open + 1);
  const close = inside.indexOf(')');
  return { words, text: close === -1 ? inside : inside.slice(0, close), isClosed: close !== -1 };
}

const hasUnit = (text: string) => /[\p{L}%]/u.test(text);

/** A line with a name and a bracketed reference holding numbers, but no value before it: the value was lost. */
function valuelessReference(line: readonly OcrWord[]): OcrWord[] {
  const opening = line.findIndex((word) => word.text.startsWith('('));
  if (opening < 1 || !/\p{L}{2}/u.test(line[0]!.text)) return [];
  if (line.slice(0, opening).some((word) => /\d/.test(word.text))) return [];
  return line.slice(opening).filter((word) => /\d/.test(word.text));
}

function isPair(value: string, reference: { text: string; isClosed: boolean }): boolean {
  const bounds = reference.text.match(NUMBER) ?? [];
  // "(Negativo)", "(ausentes)": nothing to compare.
  if (bounds.length === 0) return reference.isClosed;
  if (!reference.isClosed || DANGLING.test(reference.text) || SIDE_BY_SIDE.test(reference.text)) return false;
  if (bounds.some((bound) => decimalsOf(bound) !== decimalsOf(value))) return false;
  const range = RANGE.exec(reference.text);
  if (range) return amountOf(range[1]!) < amountOf(range[2]!);
  // One bound after words ("até 40", "desejável < 190", "inferior a 0,1"); several (by sex, by age) are left as read.
  return bounds.length !== 2;
}

/** Digits after a decimal separator; a dot before three digits groups thousands in Brazil ("4.000", "1.025"). */
function decimalsOf(number: string): number {
  const decimals = /[.,](\d+)$/.exec(number);
  if (!decimals) return 0;
  return number.at(-decimals[1]!.length - 1) === '.' && decimals[1]!.length === 3 ? 0 : decimals[1]!.length;
}

function amountOf(number: string): number {
  return Number(number.replaceAll('.', '').replace(',', '.'));
}
