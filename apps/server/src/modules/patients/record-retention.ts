import { BRAZIL_TIME_ZONE, calendarDayIn, type TPatientRetained } from '@escriba/contract';
import { dayText } from '../../platform/pdf/brasilia-time';

/**
 * The first day (`YYYY-MM-DD`, Brasília) on which a record whose last consultation was concluded at `lastConcluded`
 * may be deleted: the same calendar day `years` later (a 29 February falls on 1 March in a common year).
 */
export function retainedUntil(lastConcluded: Date, years: number): string {
  const day = calendarDayIn(BRAZIL_TIME_ZONE, lastConcluded);
  const year = Number(day.slice(0, 4)) + years;
  const monthDay = day.slice(5);
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${String(year).padStart(4, '0')}-${monthDay === '02-29' && !isLeap ? '03-01' : monthDay}`;
}

/**
 * Why a record whose last consultation was concluded at `lastConcluded` may not be deleted today, and until when
 * (Lei 13.787/2018); undefined when it may (no concluded consultation, or the years have passed).
 */
export function retentionOf(lastConcluded: Date | null, years: number): TPatientRetained | undefined {
  if (!lastConcluded) return undefined;
  const until = retainedUntil(lastConcluded, years);
  if (calendarDayIn(BRAZIL_TIME_ZONE) >= until) return undefined;
  return {
    detail:
      `O prontuário deve ser guardado por ${years} anos após a última consulta concluída (Lei 13.787/2018): ` +
      `este paciente só pode ser excluído a partir de ${dayText(until)}. Se ele pediu os seus dados, ` +
      'exporte-os.',
    retained_until: until,
  };
}
