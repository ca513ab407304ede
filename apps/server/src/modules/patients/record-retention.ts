import { BRAZIL_TIME_ZONE, calendarDayIn } from '@escriba/contract';

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
