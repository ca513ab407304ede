import { describe, expect, it } from 'vitest';
import { parseDelimited } from './csv';

describe('parseDelimited', () => {
  it('names each value by its column, keeping empty fields', () => {
    expect(parseDelimited('LETRA;NUMERO;CLASSIF\nA;0;\nI;10;+\n')).toEqual([
      { LETRA: 'A', NUMERO: '0', CLASSIF: '' },
      { LETRA: 'I', NUMERO: '10', CLASSIF: '+' },
    ]);
  });

  it('reads quoted fields with doubled quotes, delimiters and line breaks, and CRLF lines without a final break', () => {
    const text = '\uFEFFa;b\r\n"Reação ao ""stress""";"x;y"\r\n"duas\nlinhas";z';
    expect(parseDelimited(text)).toEqual([
      { a: 'Reação ao "stress"', b: 'x;y' },
      { a: 'duas\nlinhas', b: 'z' },
    ]);
  });

  it('gives nothing for an empty text and missing trailing fields as empty', () => {
    expect(parseDelimited('')).toEqual([]);
    expect(parseDelimited('a;b;c\n1')).toEqual([{ a: '1', b: '', c: '' }]);
  });
});
