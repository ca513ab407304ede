// Dates and ages as a Brazilian reader expects them (pt-BR). Formatters are built once: building costs more than using.
import { formatCount } from './plural';

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const shortDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });
const longDate = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric' });
const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });
const brasiliaDateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Sao_Paulo',
});
const brasiliaDay = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' });
const brasiliaTime = new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short', timeZone: 'America/Sao_Paulo' });

/** An instant (ISO 8601) as "12/03/2025, 14:30" on the browser's clock. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/**
 * An instant as "12/03/2025, 14:30:05" on Brasília's clock, whatever the browser's: records of who did what read
 * the same for everyone who compares them.
 */
export function formatBrasiliaDateTime(iso: string): string {
  return brasiliaDateTime.format(new Date(iso));
}

/** An instant as "12/03/2025 14:30" on Brasília's clock: an audit trail's times, the same for every reader. */
export function formatBrasiliaMinute(iso: string): string {
  const instant = new Date(iso);
  return `${brasiliaDay.format(instant)} ${brasiliaTime.format(instant)}`;
}

/** The day of an instant as "12/03/2025" on Brasília's clock. */
export function formatBrasiliaDay(iso: string): string {
  return brasiliaDay.format(new Date(iso));
}

/** The day of an instant (ISO 8601) as "12/03/2025" on the browser's clock. */
export function formatDate(iso: string): string {
  return shortDate.format(new Date(iso));
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

interface AgeSource {
  age: number | null;
  birth_date: string | null;
}

/**
 * A patient's age as a clinician writes it: "42 anos", "1 ano"; under a year "5 meses", under a month
 * "12 dias" (counted on the browser's calendar from the birth date). Undefined when the age is unknown.
 */
export function formatAge({ age, birth_date }: AgeSource, today = new Date()): string | undefined {
  if (age === null) return undefined;
  if (age >= 1 || !birth_date) return age >= 1 ? formatCount(age, 'ano', 'anos') : 'menos de 1 ano';
  const [year = 0, month = 1, day = 1] = birth_date.split('-').map(Number);
  const monthsApart = (today.getFullYear() - year) * 12 + today.getMonth() + 1 - month;
  const months = Math.min(11, today.getDate() < day ? monthsApart - 1 : monthsApart);
  if (months >= 1) return formatCount(months, 'mês', 'meses');
  const days = Math.round(
    (Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()) - Date.UTC(year, month - 1, day)) / 86_400_000,
  );
  return days <= 0 ? 'nasceu hoje' : formatCount(days, 'dia', 'dias');
}

/** The name to address a patient by: the social name when there is one (nome social). */
export function displayName(patient: { name: string; social_name: string | null }): string {
  return patient.social_name ?? patient.name;
}
