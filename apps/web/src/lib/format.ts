import { formatCalendarDate, formatDate, formatDateTime, formatMoney, formatMoneyCompact, formatTime } from '@backoffice/shared';
import { COUNTRY, LOCALE } from '../config/env';

/** Up to two initials for an avatar: 'Ana María López' → 'AM'. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0] ?? '')
    .join('')
    .toUpperCase();
}

/** Minor units (centavos) in the build country's currency (ARS es-AR, COP es-CO). */
export const money = (minorUnits: number): string => formatMoney(COUNTRY, minorUnits);
/** The same in few characters, for a chart's axis: '$ 1,2 M'. */
export const compactMoney = (minorUnits: number): string => formatMoneyCompact(COUNTRY, minorUnits);

/*
 * Instants on the build country's clock, whatever the zone of the browser (the one the date filters and the
 * exports use): '22/11/2026, 21:14', '22/11/2026', '21:14'.
 */
export const dateTime = (at: string): string => formatDateTime(COUNTRY, at);
export const date = (at: string): string => formatDate(COUNTRY, at);
export const time = (at: string): string => formatTime(COUNTRY, at);
/** A date that is no instant (birth date, 'YYYY-MM-DD'): never shifted by a zone. */
export const calendarDate = (day: string): string => formatCalendarDate(day);

const integer = new Intl.NumberFormat(LOCALE);
/** A count with the country's thousands separator. */
export const count = (value: number): string => integer.format(value);

const relative = new Intl.RelativeTimeFormat('es', { numeric: 'always', style: 'short' });
/**
 * How long ago an instant was, short, for a phone's one-line list ('hace 5 min', 'hace 3 h', 'hace 2 días');
 * past a month, its date.
 */
export function age(at: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - new Date(at).getTime()) / 60_000));
  if (minutes < 1) return 'ahora';
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  return days <= 31 ? relative.format(-days, 'day') : date(at);
}
