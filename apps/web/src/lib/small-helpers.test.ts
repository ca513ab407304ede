import { describe, expect, it } from 'vitest';
import { getInitials } from './initials';
import { clampProgress } from './progress';

describe('clampProgress', () => {
  it.each([
    [-5, 0],
    [0, 0],
    [42.5, 42.5],
    [100, 100],
    [140, 100],
    [Number.NaN, 0],
  ])('%d -> %d', (input, expected) => expect(clampProgress(input)).toBe(expected));
});

describe('getInitials', () => {
  it.each([
    ['Ana Maria de Souza', 'AS'],
    ['ana', 'A'],
    ['  Élio   Ramos ', 'ÉR'],
    ['Dra. Mariana Lopes Tavares', 'MT'],
    ['Prof. Dr. Paulo Reis', 'PR'],
    ['', ''],
  ])('%s -> %s', (name, expected) => {
    const initials = getInitials(name);
    expect(initials).toBe(expected);
    expect(initials.length).toBeLessThanOrEqual(2);
  });
});
