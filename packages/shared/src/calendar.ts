import { COUNTRY_TIME_ZONE, type Country } from './countries';

/*
 * Calendar days as 'YYYY-MM-DD' labels: no time zone is involved once a day is named (the country's clock
 * names today).
 */

/** A 'YYYY-MM-DD' label's year, month (1-12) and day; anything else is a programming error, not input. */
export function dayParts(day: string): [year: number, month: number, date: number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`Not a calendar day: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** One formatter per country: making one costs more than most requests that ask for today. */
const dayFormats = new Map<Country, Intl.DateTimeFormat>();

/** Today as a calendar day of the country (YYYY-MM-DD). */
export function todayIn(country: Country, now = new Date()): string {
  let format = dayFormats.get(country);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: COUNTRY_TIME_ZONE[country] });
    dayFormats.set(country, format);
  }
  return format.format(now);
}

/** A calendar day moved by whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The earlier and the later of two calendar days ('YYYY-MM-DD' texts order as the days do). */
export const earlierDay = (a: string, b: string) => (a < b ? a : b);
export const laterDay = (a: string, b: string) => (a > b ? a : b);

/** Whole years lived from `birth` to `today` (someone born on 29 February has their birthday on 1 March). */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = dayParts(birth);
  const [ty, tm, td] = dayParts(today);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** A customer is of age, and no older than a person can plausibly be (a typo such as 1895 for 1985). */
export const CUSTOMER_AGE = { min: 18, max: 100 } as const;

/** The birth dates CUSTOMER_AGE allows on `today`, both included: the calendar's bounds and the schema's rule. */
export function birthDateRange(today: string): { min: string; max: string } {
  const [year, month, day] = dayParts(today);
  // The same day so many years back; Date.UTC rolls a 29 February that year lacks over to 1 March, which
  // the loops then move to the nearest day inside the range.
  const yearsBack = (years: number) => new Date(Date.UTC(year - years, month - 1, day)).toISOString().slice(0, 10);
  let min = yearsBack(CUSTOMER_AGE.max + 1);
  while (ageOn(min, today) > CUSTOMER_AGE.max) min = addDays(min, 1);
  let max = yearsBack(CUSTOMER_AGE.min);
  while (ageOn(max, today) < CUSTOMER_AGE.min) max = addDays(max, -1);
  return { min, max };
}
