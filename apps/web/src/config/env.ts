import type { Country } from '@backoffice/shared';

/** The country this build serves (VITE_COUNTRY at build time). */
export const COUNTRY: Country = __COUNTRY__;
/** This build's id, compared with /builds/latest.json to detect a newer deploy. */
export const BUILD_ID: string = __BUILD_ID__;
/** SPEC leaves the build update interval open: five minutes, plus a check when the window regains focus. */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;
