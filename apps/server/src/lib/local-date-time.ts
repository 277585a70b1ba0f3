import { COUNTRY_TIME_ZONE, type Country } from '@backoffice/shared';

const FORMATS = new Map<Country, Intl.DateTimeFormat>();

/** 'dd/mm/aaaa, hh:mm' in the country's time, as the timeline's call back events say it. */
export function localDateTime(country: Country, at: Date): string {
  let format = FORMATS.get(country);
  if (!format) {
    format = new Intl.DateTimeFormat('es-AR', {
      timeZone: COUNTRY_TIME_ZONE[country],
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    FORMATS.set(country, format);
  }
  return format.format(at);
}
