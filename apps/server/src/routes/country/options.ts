import type { Country } from '@backoffice/shared';

/** What every per-country route plugin is registered with (index.ts registers each one per country). */
export interface CountryOptions {
  country: Country;
}
