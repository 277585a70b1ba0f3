import { addDays, type Country } from '@backoffice/shared';
import Holidays from 'date-holidays';
import type { RegretPeriod } from '../config';

/*
 * The legal period of a regret, counted from the day after disbursement. Business days skip weekends and the
 * country's national holidays (date-holidays: AR, CO; public and bank holidays, the days banks are closed).
 */

const HOLIDAY_COUNTRY: Record<Country, string> = { arg: 'AR', col: 'CO' };
const calendars = new Map<Country, Holidays>();
const holidaysByYear = new Map<string, Set<string>>();

/** The country's non-working holidays of a year, as 'YYYY-MM-DD'. */
function holidaysOf(country: Country, year: number): Set<string> {
  const key = `${country}:${year}`;
  let days = holidaysByYear.get(key);
  if (!days) {
    let calendar = calendars.get(country);
    if (!calendar) calendars.set(country, (calendar = new Holidays(HOLIDAY_COUNTRY[country])));
    days = new Set(
      calendar
        .getHolidays(year)
        .filter((h) => h.type === 'public' || h.type === 'bank')
        .map((h) => h.date.slice(0, 10)),
    );
    holidaysByYear.set(key, days);
  }
  return days;
}

export function isBusinessDay(country: Country, day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(country, Number(day.slice(0, 4))).has(day);
}

/** The day `days` business days after `from` (from itself not counted). */
export function addBusinessDays(country: Country, from: string, days: number): string {
  let day = from;
  for (let counted = 0; counted < days;) {
    day = addDays(day, 1);
    if (isBusinessDay(country, day)) counted++;
  }
  return day;
}

export interface RegretDeadline {
  /** The last day a regret may be filed, a calendar day of the country. */
  deadline: string;
  /** Which count gave it. */
  rule: 'calendar' | 'business';
}

/** The deadline by the configured rule; 'longer' takes whichever count ends later (the customer's favour). */
export function regretDeadline(country: Country, disbursedOn: string, period: RegretPeriod): RegretDeadline {
  const calendar = addDays(disbursedOn, period.calendarDays);
  if (period.rule === 'calendar') return { deadline: calendar, rule: 'calendar' };
  const business = addBusinessDays(country, disbursedOn, period.businessDays);
  if (period.rule === 'business') return { deadline: business, rule: 'business' };
  return business > calendar ? { deadline: business, rule: 'business' } : { deadline: calendar, rule: 'calendar' };
}
