/** A statement as the model wrote it: its text without labels, and the labels written after it. */
export interface WrittenStatement {
  text: string;
  labels: string[];
}

const LABEL_GROUP = /\[([^\]\n]{1,160})\]/g;
const LIST_ITEM = /^\s*(?:[-–•*]|\d{1,2}[.)])\s+/;
// A sentence ends at . ! ? … before a capital, a digit, an opening mark, or the end of the line.
const SENTENCE_END = /[.!?…]+(?=\s+["“(\p{Lu}\d]|\s*$)/gu;
const ABBREVIATION = /(?:^|[\s(])(?:dr|dra|sr|sra|srta|prof|profa|p|pág|aprox|ex|etc|n|nº|obs|vs|cf|fl|fls|art)\.$/iu;

type Token = { labels: string[] } | { text: string };

/**
 * A field's text as the model wrote it, with its source labels after each sentence ("Cefaleia há 3 semanas [T2]."),
 * split into statements: each list item, or each sentence of a paragraph, with the labels written after it.
 * `text` is the field without the labels. A bracketed text that `isLabel` does not accept ("[sic]") is kept as text.
 */
export function splitStatements(
  written: string,
  isLabel: (label: string) => boolean,
): { text: string; statements: WrittenStatement[] } {
  const statements: WrittenStatement[] = [];
  const lines = written.split(/\r?\n/).map((line) => {
    const tokens = tokensOf(line, isLabel);
    const plain = tidy(tokens.map((token) => ('text' in token ? token.text : ' ')).join(''));
    if (LIST_ITEM.test(line)) {
      const text = plain.replace(LIST_ITEM, '');
      if (text) statements.push({ text, labels: tokens.flatMap((token) => ('labels' in token ? token.labels : [])) });
    } else {
      statements.push(...sentencesOf(tokens));
    }
    return plain;
  });
  return { text: lines.join('\n').trim(), statements };
}

function tokensOf(line: string, isLabel: (label: string) => boolean): Token[] {
  const tokens: Token[] = [];
  let cursor = 0;
  for (const match of line.matchAll(LABEL_GROUP)) {
    const labels = match[1]!.split(/[,;]/).map((label) => label.trim());
    if (!labels.every((label) => label && isLabel(label))) continue;
    tokens.push({ text: line.slice(cursor, match.index) }, { labels });
    cursor = match.index + match[0].length;
  }
  tokens.push({ text: line.slice(cursor) });
  return tokens;
}

function sentencesOf(written: readonly Token[]): WrittenStatement[] {
  const tokens = [...written];
  const sentences: WrittenStatement[] = [];
  let text = '';
  let labels: string[] = [];
  const close = () => {
    const sentence = tidy(text);
    if (/[\p{L}\d]/u.test(sentence)) sentences.push({ text: sentence, labels });
    else if (sentences.length > 0) sentences.at(-1)!.labels.push(...labels);
    text = '';
    labels = [];
  };
  tokens.forEach((token, index) => {
    if ('labels' in token) {
      labels.push(...token.labels);
      // Labels close their sentence unless more of it follows: "… [T2]. Nega febre" or "… [T2] Nega febre".
      const next = tokens[index + 1];
      const rest = next && 'text' in next ? next.text : '';
      const punctuation = /^\s*[.!?…;]*/.exec(rest)![0];
      const after = rest.slice(punctuation.length);
      if (/^\s+["“(\p{Lu}\d]|^\s*$/u.test(after)) {
        text += punctuation.trim();
        if (next && 'text' in next) tokens[index + 1] = { text: after };
        close();
      }
      return;
    }
    let cursor = 0;
    for (const match of token.text.matchAll(SENTENCE_END)) {
      const end = match.index + match[0].length;
      const candidate = text + token.text.slice(cursor, end);
      if (ABBREVIATION.test(candidate.trimEnd())) continue;
      // A sentence that ends this piece with labels right after it is closed by them.
      if (token.text.slice(end).trim() === '' && tokens[index + 1]) continue;
      text = candidate;
      close();
      cursor = end;
    }
    text += token.text.slice(cursor);
  });
  close();
  return sentences;
}

/** One space between words, none before punctuation ("febre [T2]." → "febre."). */
function tidy(text: string): string {
  return text
    .replace(/[ \t]+/g, ' ')
    .replace(/\s+([.,;:!?…)])/g, '$1')
    .trim();
}
