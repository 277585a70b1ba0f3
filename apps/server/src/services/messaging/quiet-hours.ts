import { COUNTRY_TIME_ZONE, QUIET_HOURS, type Country } from '@backoffice/shared';

/** The hour (0-23) and minute on the country's clock at `at`. */
function clockOf(country: Country, at: Date): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: COUNTRY_TIME_ZONE[country],
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: get('hour'), minute: get('minute') };
}

/**
 * When a message may go: `at` itself inside the country's sending hours (QUIET_HOURS, its own clock), else
 * the next opening. Neither country observes daylight saving, so minutes from now are exact.
 */
export function nextSendingTime(country: Country, at: Date): Date {
  const { start, end } = QUIET_HOURS[country];
  const { hour, minute } = clockOf(country, at);
  if (hour >= start && hour < end) return at;
  const minutesNow = hour * 60 + minute;
  const wait = hour < start ? start * 60 - minutesNow : 24 * 60 - minutesNow + start * 60;
  const opening = new Date(at.getTime() + wait * 60_000);
  opening.setUTCSeconds(0, 0);
  return opening;
}
