import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PDFFont } from 'pdf-lib';
import { printable, wrapText } from './wrap-text';

let font: PDFFont;
beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});

describe('wrapping text to a width', () => {
  it('breaks at spaces, never past the width, keeping every word in order', () => {
    const text = 'Paciente refere cefaleia pulsátil há três dias, pior à noite, com fotofobia e náuseas.';
    const lines = wrapText(text, font, 10, 120);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(120);
    expect(lines.join(' ')).toBe(text);
  });

  it('keeps the writer’s line breaks, a blank line as an empty one', () => {
    expect(wrapText('Nega dispneia.\n\nRetorno em 15 dias.', font, 10, 400)).toEqual([
      'Nega dispneia.',
      '',
      'Retorno em 15 dias.',
    ]);
  });

  it('cuts a word longer than the line where it must', () => {
    const word = 'https://exemplo.com.br/'.padEnd(80, 'a');
    const lines = wrapText(word, font, 10, 100);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(word);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(100);
  });

  it('prints tabs as spaces and drops other control characters', () => {
    expect(printable('a\tb\r\nc\u0007d')).toBe('a    b\ncd');
  });
});
