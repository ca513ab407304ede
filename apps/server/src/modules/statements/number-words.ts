import { isUnitWord } from './units';

const UNITS: Record<string, number> = {
  zero: 0,
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  treze: 13,
  quatorze: 14,
  catorze: 14,
  quinze: 15,
  dezesseis: 16,
  dezessete: 17,
  dezoito: 18,
  dezenove: 19,
};
const TENS: Record<string, number> = {
  vinte: 20,
  trinta: 30,
  quarenta: 40,
  cinquenta: 50,
  sessenta: 60,
  setenta: 70,
  oitenta: 80,
  noventa: 90,
};
const HUNDREDS: Record<string, number> = {
  cem: 100,
  cento: 100,
  duzentos: 200,
  duzentas: 200,
  trezentos: 300,
  trezentas: 300,
  quatrocentos: 400,
  quatrocentas: 400,
  quinhentos: 500,
  quinhentas: 500,
  seiscentos: 600,
  seiscentas: 600,
  setecentos: 700,
  setecentas: 700,
  oitocentos: 800,
  oitocentas: 800,
  novecentos: 900,
  novecentas: 900,
};

type Rank = 'hundreds' | 'tens' | 'units' | 'thousand';

function rankOf(word: string): { rank: Rank; value: number } | undefined {
  if (word === 'mil') return { rank: 'thousand', value: 1000 };
  if (Object.hasOwn(HUNDREDS, word)) return { rank: 'hundreds', value: HUNDREDS[word]! };
  if (Object.hasOwn(TENS, word)) return { rank: 'tens', value: TENS[word]! };
  if (Object.hasOwn(UNITS, word)) return { rank: 'units', value: UNITS[word]! };
  return undefined;
}

type Word = { word: string; start: number; end: number };

/**
 * The word that continues the number after `at`, as numbers are spoken: "mil" after a group ("dois mil"), any
 * group after "mil" ("mil e duzentos", "mil quinhentos"), tens or units after hundreds and units after tens only
 * through "e" ("cento e trinta", "trinta e oito").
 */
function nextNumberWord(
  words: readonly Word[],
  at: number,
  isBlank: (from: number, to: number) => boolean,
  last: Rank,
): number | undefined {
  const next = words[at + 1];
  if (!next || !isBlank(words[at]!.end, next.start)) return undefined;
  const isJoined = next.word === 'e';
  const candidateAt = isJoined ? at + 2 : at + 1;
  const candidate = words[candidateAt];
  if (!candidate || !isBlank(next.end, candidate.start)) return undefined;
  const ranked = rankOf(candidate.word);
  if (!ranked) return undefined;
  const isAllowed =
    ranked.rank === 'thousand'
      ? !isJoined && last !== 'thousand'
      : last === 'thousand' ||
        (isJoined && last === 'hundreds' && (ranked.rank === 'tens' || ranked.rank === 'units')) ||
        (isJoined && last === 'tens' && ranked.rank === 'units' && ranked.value < 10);
  return isAllowed ? candidateAt : undefined;
}

interface Span {
  start: number;
  end: number;
  value: number;
  /** A lone "um"/"uma": a number only before a unit ("uma semana"), else an article ("uma dor"). */
  isLoneOne: boolean;
}

/**
 * Number words written as digits, on folded text: "cento e trinta e oito por oitenta e oito" → "138 por 88",
 * "cinquenta miligramas" → "50 miligramas", "uma semana e meia" → "1,5 semana", "meia hora" → "0,5 hora".
 * Words join only as numbers are spoken ("cento e trinta", "vinte e um", "dois mil e dez"): "dois e três" stays two.
 */
export function writeNumberWordsAsDigits(text: string, { isSource = false } = {}): string {
  // "noventa e sete por cento" is 97%, not 97 by 100.
  const folded = text.replace(/\bpor cento\b/g, '%');
  const words = [...folded.matchAll(/[a-z]+/g)].map((match) => ({
    word: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
  const spans: Span[] = [];
  const isBlank = (from: number, to: number) => folded.slice(from, to).trim() === '';
  let index = 0;
  while (index < words.length) {
    const first = rankOf(words[index]!.word);
    if (!first) {
      index += 1;
      continue;
    }
    let total = 0;
    let group = 0;
    let last: Rank | undefined;
    let end = index;
    for (let at: number | undefined = index; at !== undefined;) {
      const ranked = rankOf(words[at]!.word)!;
      if (ranked.rank === 'thousand') {
        total += (group || 1) * 1000;
        group = 0;
      } else {
        group += ranked.value;
      }
      last = ranked.rank;
      end = at;
      at = nextNumberWord(words, at, isBlank, last);
    }
    const isLoneOne = end === index && UNITS[words[index]!.word] === 1;
    spans.push({ start: words[index]!.start, end: words[end]!.end, value: total + group, isLoneOne });
    index = end + 1;
  }
  let written = '';
  let cursor = 0;
  for (const span of spans) {
    // In what is cited, "um maço" may be the number the note writes ("1 maço/dia"); an extra number there is harmless.
    if (span.isLoneOne && !isSource && !isBeforeUnit(folded, span.end)) continue;
    written += folded.slice(cursor, span.start) + String(span.value);
    cursor = span.end;
  }
  written += folded.slice(cursor);
  return writeHalves(written);
}

function isBeforeUnit(folded: string, end: number): boolean {
  const next = /^\s+([a-z]+)(\s+e\s+mei[oa]\b)?/.exec(folded.slice(end));
  return next !== null && (isUnitWord(next[1]!) || /^mei[oa]$/.test(next[1]!) || next[2] !== undefined);
}

/** A weight or a height said in two parts: "8 quilos e 200" → "8,2 quilos", "1 metro e 65" → "1,65 metro". */
function writeParts(text: string): string {
  return text
    .replace(/\b(\d+) (quilos?) e (\d{1,3})\b(?! gramas?)/g, (_, kilos: string, unit: string, grams: string) => {
      const decimals = grams.padStart(3, '0').replace(/0+$/, '');
      return decimals ? `${kilos},${decimals} ${unit}` : `${kilos} ${unit}`;
    })
    .replace(/\b(\d) (metros?) e (\d{2})\b/g, '$1,$3 $2');
}

/**
 * "1 e meio" → "1,5"; "1 semana e meia" → "1,5 semana"; "meia hora" → "0,5 hora"; a temperature said
 * "trinta e oito e dois" → "38,2".
 */
function writeHalves(text: string): string {
  return writeParts(text)
    .replace(/\b(3[4-9]|4[0-2]) e (\d)\b(?!\s*(?:vez|vezes|dia|dias|semanas?|mes|meses|anos?|horas?|%))/g, '$1,$2')
    .replace(/\b(\d+) e mei[oa]\b/g, '$1,5')
    .replace(/\b(\d+) ([a-z]+) e mei[oa]\b/g, (whole, number: string, unit: string) =>
      isUnitWord(unit) ? `${number},5 ${unit}` : whole,
    )
    .replace(/\bmei[oa] ([a-z]+)\b/g, (whole, unit: string) => (isUnitWord(unit) ? `0,5 ${unit}` : whole));
}
