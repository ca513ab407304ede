import { describe, expect, it } from 'vitest';
import { formatAge, formatCalendarDay } from './format';

describe('format', () => {
  it('writes a calendar day as DD/MM/YYYY', () => {
    expect(formatCalendarDay('1985-04-12')).toBe('12/04/1985');
  });

  it('writes ages in words', () => {
    expect(formatAge(0)).toBe('menos de 1 ano');
    expect(formatAge(1)).toBe('1 ano');
    expect(formatAge(42)).toBe('42 anos');
  });
});
