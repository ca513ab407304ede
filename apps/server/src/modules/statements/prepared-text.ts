import { foldText } from './fold-text';
import { sidesOf, type Side } from './laterality';
import { hasNegation, termsOf, type Term } from './negations';
import { writeNumberWordsAsDigits } from './number-words';
import { quantitiesOf, type Quantity } from './quantities';

/** A text a statement cites, and the numbers its reading was unsure of (an OCR word of low confidence: "7,350"). */
export interface SourceText {
  text: string;
  unsureNumbers?: readonly string[];
}

/** A statement or a source as checkStatement reads it: worked out once, whatever number of statements read it. */
export interface PreparedText {
  /** Folded, number words written as digits. */
  text: string;
  quantities: (Quantity & { isUnsure: boolean })[];
  terms: Term[];
  hasNegation: boolean;
  /** The sides it names, read in the text as written ("joelho D"). */
  sides: ReadonlySet<Side>;
}

/** A cited text prepared for checking statements against it. */
export function prepareSource(source: SourceText): PreparedText {
  return prepare(source, true);
}

/** A statement prepared to be checked. */
export function prepareStatement(statement: string): PreparedText {
  return prepare({ text: statement }, false);
}

function prepare(written: SourceText, isSource: boolean): PreparedText {
  const text = writeNumberWordsAsDigits(foldText(written.text), { isSource });
  const unsure = new Set(written.unsureNumbers?.map((number) => number.replace(/\s/g, '')));
  return {
    text,
    quantities: quantitiesOf(text).map((each) => ({ ...each, isUnsure: unsure.has(each.written) })),
    terms: termsOf(text),
    hasNegation: hasNegation(text),
    sides: sidesOf(written.text),
  };
}
