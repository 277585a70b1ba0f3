import type { BusinessDay, Country } from '@backoffice/shared';
import Holidays from 'date-holidays';

/*
 * Working days of each country: no weekends, no national public holidays (date-holidays' AR and CO data,
 * "public" type only: bank holidays and observances are working days for collections). Kept in the server:
 * the holiday data is large and the shared package stays light (its schedule takes the predicate).
 */

const CALENDARS: Record<Country, string> = { arg: 'AR', col: 'CO' };
const holidaysByYear = new Map<string, Set<string>>();

function holidaysOf(country: Country, year: number): Set<string> {
  const key = `${country}:${year}`;
  let days = holidaysByYear.get(key);
  if (!days) {
    const calendar = new Holidays(CALENDARS[country]);
    days = new Set(
      calendar
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    holidaysByYear.set(key, days);
  }
  return days;
}

export function isHoliday(country: Country, day: string): boolean {
  return holidaysOf(country, Number(day.slice(0, 4))).has(day);
}

/** The country's working-day predicate for the schedule's due dates. */
export function businessDayOf(country: Country): BusinessDay {
  return (day) => {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    return weekday !== 0 && weekday !== 6 && !isHoliday(country, day);
  };
}
