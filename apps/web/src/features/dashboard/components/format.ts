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

const signedPercent = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
const signedPoints = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

export type Direction = 'up' | 'down' | 'same';

/**
 * A figure against the previous period's: '+12% vs. período anterior', '-3%', 'igual que…'. A rate
 * (`points`) changes in percentage points, not in a percent of itself. From nothing, no percent can be said.
 */
export function change(now: number, before: number, points = false): { direction: Direction; text: string } {
  const direction: Direction = now > before ? 'up' : now < before ? 'down' : 'same';
  if (direction === 'same') return { direction, text: 'igual que en el período anterior' };
  if (points) return { direction, text: `${signedPoints.format((now - before) * 100)} p. p. vs. período anterior` };
  if (before === 0) return { direction, text: 'el período anterior no tuvo ninguna' };
  return { direction, text: `${signedPercent.format((now - before) / before)} vs. período anterior` };
}
