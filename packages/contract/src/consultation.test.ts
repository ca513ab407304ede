import { describe, expect, it } from 'vitest';
import { ageOn, calendarDayIn } from './calendar';
import {
  canChangeStatus,
  CONSULTATION_TRANSITIONS,
  ZConsultationStatus,
  ZUpdateConsultationBody,
} from './consultation';

describe('consultation life cycle', () => {
  it('names only known statuses and lets every status be reached and left', () => {
    const statuses = ZConsultationStatus.options;
    for (const status of statuses) {
      expect(CONSULTATION_TRANSITIONS[status].every((to) => statuses.includes(to))).toBe(true);
      expect(CONSULTATION_TRANSITIONS[status].length).toBeGreaterThan(0);
      expect(statuses.some((from) => CONSULTATION_TRANSITIONS[from].includes(status))).toBe(true);
    }
    expect(canChangeStatus('done', 'done')).toBe(true);
    expect(canChangeStatus('done', 'recording')).toBe(false);
  });

  it('takes exactly one updatable field', () => {
    expect(ZUpdateConsultationBody.safeParse({ title: 'Retorno' }).success).toBe(true);
    expect(ZUpdateConsultationBody.safeParse({ status: 'done' }).success).toBe(true);
    expect(ZUpdateConsultationBody.safeParse({}).success).toBe(false);
    expect(ZUpdateConsultationBody.safeParse({ title: 'a', status: 'done' }).success).toBe(false);
    expect(ZUpdateConsultationBody.safeParse({ id: 'x' }).success).toBe(false);
  });
});

describe('calendar', () => {
  it('counts whole years, turning a year older on the birthday', () => {
    expect(ageOn('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOn('2026-01-01', '2026-01-01')).toBe(0);
  });

  it('finds the day an instant falls on in a time zone', () => {
    expect(calendarDayIn('America/Sao_Paulo', new Date('2026-03-02T02:30:00Z'))).toBe('2026-03-01');
    expect(calendarDayIn('America/Sao_Paulo', new Date('2026-03-02T03:00:00Z'))).toBe('2026-03-02');
  });
});
