import { describe, expect, it } from 'vitest';
import { formatAge, formatBrasiliaDateTime, formatCalendarDay, formatDate, formatDateTime } from './format';

describe('format', () => {
  it('writes a calendar day as DD/MM/YYYY', () => {
    expect(formatCalendarDay('1985-04-12')).toBe('12/04/1985');
  });

  it('writes the day of an instant as DD/MM/YYYY, as beside its time', () => {
    const instant = new Date(2025, 2, 12, 14, 30).toISOString(); // 12 Mar 2025, 14:30 local time
    expect(formatDate(instant)).toBe('12/03/2025');
    expect(formatDateTime(instant)).toBe('12/03/2025, 14:30');
  });

  it('writes an instant on Brasília’s clock with its seconds, whatever the browser’s', () => {
    expect(formatBrasiliaDateTime('2026-03-12T02:30:05Z')).toBe('11/03/2026, 23:30:05');
  });

  it('writes ages in years, months under a year and days under a month', () => {
    const today = new Date(2026, 10, 22); // 22 Nov 2026, local time
    const age = (years: number | null, birth: string | null) => formatAge({ age: years, birth_date: birth }, today);
    expect(age(42, '1984-03-01')).toBe('42 anos');
    expect(age(1, '2025-11-22')).toBe('1 ano');
    expect(age(0, '2025-11-23')).toBe('11 meses');
    expect(age(0, '2026-09-22')).toBe('2 meses');
    expect(age(0, '2026-10-22')).toBe('1 mês');
    expect(age(0, '2026-10-23')).toBe('30 dias');
    expect(age(0, '2026-11-21')).toBe('1 dia');
    expect(age(0, '2026-11-22')).toBe('nasceu hoje');
    expect(age(0, null)).toBe('menos de 1 ano');
    expect(age(null, null)).toBeUndefined();
  });
});
