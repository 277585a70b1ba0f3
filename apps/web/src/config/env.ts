import { CURRENCY, type Country } from '@backoffice/shared';

/** The country this build serves (VITE_COUNTRY at build time; vite.config refuses anything but arg or col). */
export const COUNTRY: Country = __COUNTRY__;
/** This build's id, compared with /builds/latest.json to detect a newer deploy. */
export const BUILD_ID: string = __BUILD_ID__;
/** SPEC leaves the build update interval open: five minutes, plus a check when the window regains focus. */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;

/** Number, date and currency formats follow the country (es-AR / ARS, es-CO / COP). */
export const LOCALE: string = CURRENCY[COUNTRY].locale;
export const CURRENCY_CODE: string = CURRENCY[COUNTRY].code;
export const COUNTRY_NAME: string = COUNTRY === 'arg' ? 'Argentina' : 'Colombia';
