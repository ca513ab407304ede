import { describe, expect, it } from 'vitest';
import { retainedUntil } from './record-retention';

describe('retainedUntil', () => {
  it('is the same day of Brasília the given years later', () => {
    // 01:30 UTC on 10 March is still 9 March in Brasília (UTC-3).
    expect(retainedUntil(new Date('2026-03-10T01:30:00Z'), 20)).toBe('2046-03-09');
    expect(retainedUntil(new Date('2026-03-10T15:00:00Z'), 20)).toBe('2046-03-10');
  });

  it('moves a 29 February to 1 March in a common year, and keeps it in a leap one', () => {
    expect(retainedUntil(new Date('2024-02-29T15:00:00Z'), 21)).toBe('2045-03-01');
    expect(retainedUntil(new Date('2024-02-29T15:00:00Z'), 20)).toBe('2044-02-29');
  });
});
