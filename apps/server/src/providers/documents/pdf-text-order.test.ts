import { describe, expect, it } from 'vitest';
import { orderPageText, type PlacedText } from './pdf-text-order';

const run = (text: string, x: number, y: number, width = text.length * 5): PlacedText => ({
  text,
  x,
  y,
  width,
  height: 10,
});

describe('orderPageText', () => {
  it('reads lines top to bottom and runs left to right, whatever order they were drawn in', () => {
    const drawn = [
      run('(4.000 a 11.000)', 300, 700),
      run('Leucócitos', 50, 700),
      run('7.850 /mm³', 200, 700.5),
      run('HEMOGRAMA', 50, 720),
    ];
    expect(orderPageText(drawn)).toBe('HEMOGRAMA\nLeucócitos 7.850 /mm³ (4.000 a 11.000)');
  });

  it('joins runs that touch without a space, and leaves a blank line between paragraphs', () => {
    const drawn = [run('Hemo', 50, 700, 20), run('globina', 70, 700), run('Liberado por: Dra. Ana', 50, 600)];
    expect(orderPageText(drawn)).toBe('Hemoglobina\n\nLiberado por: Dra. Ana');
  });

  it('keeps a superscript on its line', () => {
    expect(orderPageText([run('mm', 50, 700, 10), run('3', 60, 703, 4), run('x', 50, 688)])).toBe('mm3\nx');
  });
});
