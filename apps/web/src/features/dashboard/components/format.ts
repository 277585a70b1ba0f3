import { LOCALE } from '../../../config/env';
import { count } from '../../../lib/format';

const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1 });
const decimalFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
const dayFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 0.1234 → '12,3 %' (es-AR / es-CO). */
export const percent = (rate: number): string => percentFormat.format(rate);

/** An age in hours, as a person says it: '45 min', '7,5 h', '3,2 días'. */
export function age(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${decimalFormat.format(hours)} h`;
  return `${decimalFormat.format(hours / 24)} días`;
}

/** Calendar days (YYYY-MM-DD) are labels, not instants: format them in UTC so no zone moves them. */
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);
export const shortDay = (date: string): string => dayFormat.format(dayOf(date));
export const longDay = (date: string): string => longDayFormat.format(dayOf(date));

/** What queueing the stopped stages again says once done. */
export function retriedMessage(queued: number): string {
  if (queued === 0) return 'No quedaban etapas detenidas: ya se habían ejecutado.';
  return queued === 1 ? 'La etapa detenida vuelve a intentarse ahora.' : `${count(queued)} etapas detenidas vuelven a intentarse ahora.`;
}
