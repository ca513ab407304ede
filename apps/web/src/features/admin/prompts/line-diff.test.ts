import { describe, expect, it } from 'vitest';
import { countChanges, diffLines, foldUnchanged } from './line-diff';

const kinds = (before: string, after: string) =>
  diffLines(before, after).map((line) => `${{ same: ' ', added: '+', removed: '-' }[line.kind]}${line.text}`);

describe('diffLines', () => {
  it('keeps equal texts unchanged, numbering both sides', () => {
    expect(diffLines('a\nb', 'a\nb')).toEqual([
      { kind: 'same', text: 'a', oldNumber: 1, newNumber: 1 },
      { kind: 'same', text: 'b', oldNumber: 2, newNumber: 2 },
    ]);
  });

  it('marks a replaced line as removed then added, and keeps the lines around it', () => {
    expect(kinds('um\ndois\ntrês', 'um\nDOIS\ntrês')).toEqual([' um', '-dois', '+DOIS', ' três']);
  });

  it('finds insertions and deletions anywhere, with the numbers of their own side', () => {
    const lines = diffLines('a\nb\nc\nd', 'x\na\nc\nd\ny');
    expect(lines.map((line) => `${line.kind}:${line.text}`)).toEqual([
      'added:x',
      'same:a',
      'removed:b',
      'same:c',
      'same:d',
      'added:y',
    ]);
    expect(lines[0]).toMatchObject({ newNumber: 1 });
    expect(lines[2]).toMatchObject({ oldNumber: 2 });
    expect(lines[5]).toMatchObject({ newNumber: 5 });
  });

  it('keeps the longest run in common rather than the first match', () => {
    expect(kinds('a\nb\nc\nd', 'b\nc\nd\na')).toEqual(['-a', ' b', ' c', ' d', '+a']);
  });

  it('handles empty texts and Windows line ends', () => {
    expect(kinds('', 'a\nb')).toEqual(['+a', '+b']);
    expect(kinds('a\r\nb', '')).toEqual(['-a', '-b']);
    expect(kinds('a\r\nb', 'a\nb')).toEqual([' a', ' b']);
  });

  it('counts the changes', () => {
    expect(countChanges(diffLines('a\nb\nc', 'a\nB\nc\nd'))).toEqual({ added: 2, removed: 1 });
  });
});

describe('foldUnchanged', () => {
  it('folds unchanged lines far from any change, keeping the context around it', () => {
    const before = Array.from({ length: 20 }, (_, index) => `linha ${index + 1}`).join('\n');
    const after = before.replace('linha 10\n', 'linha dez\n');
    const shown = foldUnchanged(diffLines(before, after), 2);
    expect(shown[0]).toEqual({ kind: 'folded', count: 7 });
    expect(shown.slice(1, 7).map((line) => ('text' in line ? line.text : line.count))).toEqual([
      'linha 8',
      'linha 9',
      'linha 10',
      'linha dez',
      'linha 11',
      'linha 12',
    ]);
    expect(shown[7]).toEqual({ kind: 'folded', count: 8 });
    expect(shown).toHaveLength(8);
  });

  it('folds a text with no changes into one run', () => {
    expect(foldUnchanged(diffLines('a\nb', 'a\nb'))).toEqual([{ kind: 'folded', count: 2 }]);
  });
});
