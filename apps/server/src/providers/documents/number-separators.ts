/** A number whose separators look wrong, where it is in the text and what it was probably printed as. */
export interface SeparatorMistake {
  start: number;
  end: number;
  text: string;
  /** The number as the rule expects it; null when the rule cannot tell. */
  expected: string | null;
}

// A number in the text: digits, possibly grouped or with decimals by dots and commas, not part of a longer
// run (a date, a CNPJ, a code), not glued to letters.
const NUMBER = /(?<![\p{L}\d.,/-])\d+(?:[.,]\d+)*(?![\p{L}\d]|[.,/-]\d)/gu;
// Per cubic millimetre or microlitre, right after the number: a count of cells, a whole number. OCR reads
// "/mm³" as "/mm3", "/mMm?", "/mm*"; a multiplier before it ("4,52 milhões/mm³", "7,35 x10³/µL") allows decimals.
const COUNT_UNIT = /^\s*\/\s*(?:m{1,2}m[3³*?]?|[µμu]l|mcl)/iu;
// Lines of a blood count whose values are cells per mm³.
const COUNT_ANALYTE =
  /\b(?:leuc[oó]citos|plaquetas|linf[oó]citos|neutr[oó]filos|eosin[oó]filos|bas[oó]filos|mon[oó]citos|bast[oõ]es|bastonetes|segmentados)\b/iu;
const WHOLE_COUNT = /^\d{1,3}(?:\.\d{3})*$|^\d+$/;
const COMMA_FOR_THOUSANDS = /^\d{1,3}(?:,\d{3})+$/;
// One separator and one or two digits after it is a decimal whichever the convention (a thousands group has three).
const DECIMAL = /^\d+([.,])\d{1,2}$/;
// A document's convention is known once it has this many decimals, this share of them with one separator.
const MIN_DECIMALS_FOR_CONVENTION = 3;
const CONVENTION_SHARE = 0.75;

/**
 * Numbers of a Brazilian report whose separators are likely misread (OCR turns a dot into a comma and
 * back), by two rules:
 * - A count per mm³ or µL (the number is followed by such a unit, or its line names a blood count such as
 *   "Leucócitos") is a whole number, its thousands grouped by dots: "7,350" is flagged (expected "7.350"),
 *   as is any other comma or a dot not followed by groups of three ("7,35", "7.35"; expected unknown). A
 *   line that names a blood count is only checked for "d,ddd": its percentages have decimals.
 * - Decimals follow the document's own convention: once three or more numbers with one or two decimal
 *   digits use one separator at least three times out of four, one that uses the other is flagged ("13.5"
 *   in a report that writes "12,0" and "15,5"; expected "13,5"). Numbers with three digits after their
 *   only separator are not decimals by this rule (they may group thousands).
 */
export function findSeparatorMistakes(text: string): SeparatorMistake[] {
  const numbers = [...text.matchAll(NUMBER)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
  const mistakes = new Map<number, SeparatorMistake>();
  for (const number of numbers) {
    const isFollowedByCountUnit = COUNT_UNIT.test(text.slice(number.end, number.end + 12));
    if (isFollowedByCountUnit && !WHOLE_COUNT.test(number.text)) {
      mistakes.set(number.start, { ...number, expected: thousandsWithDots(number.text) });
    } else if (COMMA_FOR_THOUSANDS.test(number.text) && COUNT_ANALYTE.test(lineAround(text, number.start))) {
      mistakes.set(number.start, { ...number, expected: thousandsWithDots(number.text) });
    }
  }
  const decimals = numbers.filter((number) => DECIMAL.test(number.text));
  const commas = decimals.filter((number) => number.text.includes(',')).length;
  const dots = decimals.length - commas;
  if (decimals.length >= MIN_DECIMALS_FOR_CONVENTION) {
    const convention =
      commas >= decimals.length * CONVENTION_SHARE ? ',' : dots >= decimals.length * CONVENTION_SHARE ? '.' : undefined;
    for (const number of convention ? decimals : []) {
      if (number.text.includes(convention!) || mistakes.has(number.start)) continue;
      mistakes.set(number.start, { ...number, expected: number.text.replace(/[.,]/, convention!) });
    }
  }
  return [...mistakes.values()].sort((a, b) => a.start - b.start);
}

function thousandsWithDots(number: string): string | null {
  return COMMA_FOR_THOUSANDS.test(number) ? number.replaceAll(',', '.') : null;
}

function lineAround(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index) + 1;
  const end = text.indexOf('\n', index);
  return text.slice(start, end === -1 ? text.length : end);
}
