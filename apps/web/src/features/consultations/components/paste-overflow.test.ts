import { describe, expect, it } from 'vitest';
import { charactersCutFromPaste } from './paste-overflow';

const at = (value: string, selectionStart = value.length, selectionEnd = selectionStart) => ({
  value,
  selectionStart,
  selectionEnd,
});

describe('charactersCutFromPaste', () => {
  it('counts what passes the limit after the text already there', () => {
    expect(charactersCutFromPaste(at('a'.repeat(15)), 'b'.repeat(10), 20)).toBe(5);
    expect(charactersCutFromPaste(at(''), 'b'.repeat(21_000), 20_000)).toBe(1_000);
  });

  it('counts nothing when the paste fits, up to the limit itself', () => {
    expect(charactersCutFromPaste(at('abc'), 'd'.repeat(17), 20)).toBe(0);
    expect(charactersCutFromPaste(at('abc'), 'd', 20)).toBe(0);
  });

  it('frees the selected text the paste replaces', () => {
    expect(charactersCutFromPaste(at('a'.repeat(20), 0, 10), 'b'.repeat(10), 20)).toBe(0);
    expect(charactersCutFromPaste(at('a'.repeat(20), 5, 10), 'b'.repeat(10), 20)).toBe(5);
  });
});
