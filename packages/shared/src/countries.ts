export const COUNTRIES = ['arg', 'col'] as const;
export type Country = (typeof COUNTRIES)[number];

/** SPEC 7: the branch id sent with the login call. */
export const BRANCH_ID = { arg: 1, col: 2 } as const satisfies Record<Country, number>;
export type BranchId = (typeof BRANCH_ID)[Country];

export const CURRENCY = {
  arg: { code: 'ARS', locale: 'es-AR' },
  col: { code: 'COP', locale: 'es-CO' },
} as const satisfies Record<Country, { code: string; locale: string }>;

export function isCountry(value: unknown): value is Country {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}

export function countryOfBranch(branchId: number): Country | undefined {
  return COUNTRIES.find((country) => BRANCH_ID[country] === branchId);
}

/**
 * The time zone whose calendar days the country's users mean (date filters, exported dates). Neither
 * country observes daylight saving time today; the names keep history right anyway.
 */
export const COUNTRY_TIME_ZONE = {
  arg: 'America/Argentina/Buenos_Aires',
  col: 'America/Bogota',
} as const satisfies Record<Country, string>;
