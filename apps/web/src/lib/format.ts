import { formatMoney } from '@backoffice/shared';
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

const integer = new Intl.NumberFormat(LOCALE);
/** A count with the country's thousands separator. */
export const count = (value: number): string => integer.format(value);
