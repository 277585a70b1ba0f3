import type { Country } from '../countries';

/**
 * The money rules of each country (docs/decisions/loans-money.md). Rates are annual percentages; the
 * schedule's monthly rate is the nominal one divided by 12.
 */
export interface LoanCountryConfig {
  /** The nominal annual rate of a loan whose lead has none (as the risk stage's default offer). */
  defaultRate: number;
  /** VAT on each installment's interest, in percent (arg's IVA 21%; col none on consumer credit interest). */
  vatRate: number;
  /** Late interest: annual percent, accrued per calendar day on the overdue principal + interest. */
  lateRate: number;
  /**
   * The usury ceiling on the effective annual rate (col's "tasa de usura", certified monthly by the
   * Superintendencia Financiera for consumer and ordinary credit): each entry is in force from its date until
   * the next one. Empty: no ceiling (arg).
   */
  usury: readonly { from: string; rate: number }[];
}

export const LOAN_CONFIG: Record<Country, LoanCountryConfig> = {
  arg: { defaultRate: 89.5, vatRate: 21, lateRate: 44.75, usury: [] },
  col: {
    defaultRate: 28.75,
    vatRate: 0,
    lateRate: 28.75,
    // Demo table: operations add each month's certified figure here (newest last).
    usury: [
      { from: '2024-01-01', rate: 34.98 },
      { from: '2024-07-01', rate: 33.7 },
      { from: '2025-01-01', rate: 33.5 },
      { from: '2025-07-01', rate: 33.6 },
      { from: '2026-01-01', rate: 33.9 },
    ],
  },
};

/** The effective annual rate (percent) of a nominal annual rate compounded monthly. */
export function effectiveAnnualRate(nominalAnnual: number): number {
  return ((1 + nominalAnnual / 100 / 12) ** 12 - 1) * 100;
}

/** The usury ceiling in force on a day, or null when the country has none (or the table starts later). */
export function usuryRateOn(country: Country, day: string): number | null {
  let rate: number | null = null;
  for (const entry of LOAN_CONFIG[country].usury) if (entry.from <= day) rate = entry.rate;
  return rate;
}

/** Why a loan at this nominal rate may not be granted on that day, or null when it may. */
export function usuryRefusal(country: Country, nominalAnnual: number, day: string): string | null {
  const ceiling = usuryRateOn(country, day);
  if (ceiling === null) return null;
  const effective = effectiveAnnualRate(nominalAnnual);
  if (effective <= ceiling) return null;
  const pct = (n: number) => n.toFixed(2).replace('.', ',');
  return `La tasa efectiva anual del préstamo (${pct(effective)}%) supera la tasa de usura vigente (${pct(ceiling)}% E.A. desde el ${ceilingFrom(country, day)}): no se puede desembolsar.`;
}

function ceilingFrom(country: Country, day: string): string {
  let from = '';
  for (const entry of LOAN_CONFIG[country].usury) if (entry.from <= day) from = entry.from;
  const [y, m, d] = from.split('-');
  return `${d}/${m}/${y}`;
}
