import { COUNTRY_TIME_ZONE, CURRENCY, type Country } from './countries';

/*
 * How the country's users read money and dates, for the web app and for what the server writes in words
 * (timeline bodies). Dates and times are on the country's clock (COUNTRY_TIME_ZONE), the one the date filters
 * and exports use, whatever the zone of the machine showing them: 24-hour, day first.
 * Intl formatters are costly to build (tens of µs), so each is built once per country.
 */

function perCountry<T>(build: (country: Country) => T): (country: Country) => T {
  const built = new Map<Country, T>();
  return (country) => {
    let value = built.get(country);
    if (value === undefined) built.set(country, (value = build(country)));
    return value;
  };
}

const moneyFormat = perCountry(
  (country) =>
    new Intl.NumberFormat(CURRENCY[country].locale, { style: 'currency', currency: CURRENCY[country].code, maximumFractionDigits: 0 }),
);
const DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const dateTimeFormat = perCountry(
  (country) => new Intl.DateTimeFormat('es-AR', { timeZone: COUNTRY_TIME_ZONE[country], ...DAY, ...CLOCK }),
);
const dateFormat = perCountry((country) => new Intl.DateTimeFormat('es-AR', { timeZone: COUNTRY_TIME_ZONE[country], ...DAY }));
const timeFormat = perCountry((country) => new Intl.DateTimeFormat('es-AR', { timeZone: COUNTRY_TIME_ZONE[country], ...CLOCK }));

/** Minor units (centavos) as the country's currency: '$ 13.500'. */
export function formatMoney(country: Country, minorUnits: number): string {
  return moneyFormat(country).format(minorUnits / 100);
}

const compactMoneyFormat = perCountry(
  (country) =>
    new Intl.NumberFormat(CURRENCY[country].locale, {
      style: 'currency',
      currency: CURRENCY[country].code,
      notation: 'compact',
      maximumFractionDigits: 1,
    }),
);

/** Minor units in few characters, for a chart's axis ('$ 1,2 M'); the chart's table has the exact amounts. */
export function formatMoneyCompact(country: Country, minorUnits: number): string {
  return compactMoneyFormat(country).format(minorUnits / 100);
}

/** An instant (Date or ISO text) on the country's clock: '22/11/2026, 21:14'. */
export function formatDateTime(country: Country, at: Date | string): string {
  return dateTimeFormat(country).format(new Date(at));
}

/** The country's calendar day of an instant: '22/11/2026'. */
export function formatDate(country: Country, at: Date | string): string {
  return dateFormat(country).format(new Date(at));
}

/** The time of day of an instant on the country's clock: '21:14'. */
export function formatTime(country: Country, at: Date | string): string {
  return timeFormat(country).format(new Date(at));
}

/**
 * A date that is no instant (a birth date, 'YYYY-MM-DD') as '12/05/1980'. Read as a Date it would be UTC
 * midnight, which any zone west of UTC shows as the day before.
 */
export function formatCalendarDate(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${date}/${month}/${year}`;
}

const wallClock = perCountry(
  (country) => new Intl.DateTimeFormat('en-CA', { timeZone: COUNTRY_TIME_ZONE[country], ...DAY, ...CLOCK, second: '2-digit' }),
);

/** The country's wall clock at an instant, read as if it were UTC (its offset from UTC, added). */
function wallAsUtc(country: Country, at: number): number {
  const parts = wallClock(country).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => {
    const found = parts.find((p) => p.type === type);
    if (!found) throw new Error(`The ${country} clock gave no ${type}`);
    return Number(found.value);
  };
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The country's wall clock at an instant, as 'YYYY-MM-DDTHH:mm' (what a date-time field of the country holds). */
export function countryWallTime(country: Country, at: Date = new Date()): string {
  return new Date(wallAsUtc(country, at.getTime())).toISOString().slice(0, 16);
}

/**
 * A wall time typed for the country ('YYYY-MM-DDTHH:mm', a datetime-local input's value) as the instant it
 * names there, or undefined when it is no date-time. The offset is read at the instant found, so a change of
 * offset (daylight saving in the zone's history) is honoured.
 */
export function countryWallTimeToDate(country: Country, local: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return undefined;
  const asUtc = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  if (Number.isNaN(asUtc)) return undefined;
  let at = asUtc - (wallAsUtc(country, asUtc) - asUtc);
  at = asUtc - (wallAsUtc(country, at) - at);
  return new Date(at);
}
