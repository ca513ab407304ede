import type { PDFFont } from 'pdf-lib';

/**
 * Text broken into lines no wider than `width`: at spaces, the writer's line breaks kept (a blank line
 * stays an empty line), and a word longer than a line (a long link or code) cut where it must be.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  for (const paragraph of printable(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const joined = line ? `${line} ${word}` : word;
      if (fits(joined)) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (!fits(line)) {
        const cut = longestFittingPrefix(line, fits);
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Text as the page can show it: line breaks as `\n`, tabs as spaces, no other control characters. */
export function printable(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      .replace(/\t/g, '    ')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
  );
}

function longestFittingPrefix(word: string, fits: (line: string) => boolean): number {
  const characters = Array.from(word);
  let length = 1;
  while (length < characters.length && fits(characters.slice(0, length + 1).join(''))) length++;
  return characters.slice(0, length).join('').length;
}
