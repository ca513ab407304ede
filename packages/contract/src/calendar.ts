// Dates without a time (birth dates, list filters) are days on Brasília time, the country's legal time.
export const BRAZIL_TIME_ZONE = 'America/Sao_Paulo';

// Building a formatter costs far more than using one: one per time zone, made once.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (`YYYY-MM-DD`) an instant falls on in a time zone. */
export function calendarDayIn(timeZone: string, instant: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // The en-CA locale writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** Whole years from a birth date to a day, both `YYYY-MM-DD`. */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) < birthDate.slice(5) ? years - 1 : years;
}
