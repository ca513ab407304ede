// Dates and ages as a Brazilian reader expects them (pt-BR). Formatters are built once: building costs more than using.
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const longDate = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric' });
const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });

/** An instant (ISO 8601) as "12/03/2025, 14:30" on the browser's clock. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** An instant as "12 de mar. de 2025" and "14:30", for lists that show them on two lines. */
export function formatDayAndTime(iso: string): { day: string; time: string } {
  const instant = new Date(iso);
  return { day: longDate.format(instant), time: time.format(instant) };
}

/** A calendar day `YYYY-MM-DD` as `DD/MM/YYYY`, without going through a time zone. */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** Whole years as words: "menos de 1 ano", "1 ano", "42 anos". */
export function formatAge(years: number): string {
  if (years < 1) return 'menos de 1 ano';
  return years === 1 ? '1 ano' : `${years} anos`;
}

/** The name to address a patient by: the social name when there is one (nome social). */
export function displayName(patient: { name: string; social_name: string | null }): string {
  return patient.social_name ?? patient.name;
}
