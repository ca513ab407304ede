import type { OcrText, OcrWord } from '../src/providers/documents/ocr';

/** A word of a made-up page: its text, its confidence, and its least sure character's (the word's if not given). */
export type MadeWord = [text: string, confidence: number, leastSureCharacter?: number];

/** A page as OCR would give it, one line per array, each word 50 px wide on a 20 px line. */
export function ocrPage(lines: MadeWord[][]): OcrText {
  const words: OcrWord[] = [];
  let text = '';
  lines.forEach((line, index) => {
    if (index > 0) text += '\n';
    line.forEach(([word, confidence, leastSureCharacter = confidence], position) => {
      if (position > 0) text += ' ';
      words.push({
        text: word,
        start: text.length,
        confidence,
        leastSureCharacter,
        box: { x0: 10, y0: 20 * index, x1: 60, y1: 20 * index + 15 },
        line: index,
      });
      text += word;
    });
  });
  return { text, words };
}

/** A page read with confidence throughout, from its lines of text. */
export function surePage(text: string): OcrText {
  return ocrPage(text.split('\n').map((line) => line.split(' ').map((word): MadeWord => [word, 95])));
}
