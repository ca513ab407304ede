import { BRAZIL_TIME_ZONE } from '@escriba/contract';

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
