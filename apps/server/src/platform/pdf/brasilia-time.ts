import { BRAZIL_TIME_ZONE, calendarDayIn } from '@escriba/contract';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BRAZIL_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as a Brazilian document dates it, on Brasília time: "26/11/2026 às 14:30". */
export function brasiliaDateTime(instant: Date): string {
  const parts = Object.fromEntries(dateTime.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
}

/** A calendar day ("2026-11-26") as Brazilian documents write it: "26/11/2026". */
export function dayText(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** The day of an instant on Brasília time: "26/11/2026". */
export function brasiliaDate(instant: Date): string {
  return dayText(calendarDayIn(BRAZIL_TIME_ZONE, instant));
}
