import type { Country } from '../countries';
import { formatMoney } from '../format';

/** An amount filter option; bounds are whole currency units, min inclusive and max exclusive. */
export interface AmountRange {
  id: string;
  label: string;
  min?: number;
  max?: number;
}

/**
 * The amount filter's options: consecutive ranges between `bounds`, then 'greater than' and 'less than'
 * options. Labels write amounts as the lists do ('$ 5.000'), so a range reads like the amounts it selects.
 */
function amountRanges(country: Country, bounds: number[], greaterThan: number[], lessThan: number[]): AmountRange[] {
  const money = (value: number) => formatMoney(country, value * 100);
  return [
    ...bounds.slice(1).map((max, i) => {
      const min = bounds[i]!; // the bound before max: i < bounds.length - 1
      return { id: `${min}-${max}`, label: `${money(min)} - ${money(max)}`, min, max };
    }),
    ...greaterThan.map((min) => ({ id: `gt-${min}`, label: `Más de ${money(min)}`, min })),
    ...lessThan.map((max) => ({ id: `lt-${max}`, label: `Menos de ${money(max)}`, max })),
  ];
}

/**
 * SPEC 9 gives the arg ranges. col's are not shown: ours use the same shape in COP, whose amounts are
 * roughly 100 times larger.
 */
export const AMOUNT_RANGES: Record<Country, AmountRange[]> = {
  arg: amountRanges('arg', [0, 5000, 10000, 15000, 20000, 25000, 30000], [30000, 50000], [15000, 20000, 30000, 50000]),
  col: amountRanges(
    'col',
    [0, 500000, 1000000, 1500000, 2000000, 2500000, 3000000],
    [3000000, 5000000],
    [1500000, 2000000, 3000000, 5000000],
  ),
};

/** SPEC 9: management status options (the outcome of the last contact). */
export const MANAGEMENT_STATUSES = [
  'No responde',
  'Contestador',
  'Atiende tercero',
  'Pendiente de documentación',
  'Envío link para continuar solicitud',
] as const;
export type ManagementStatus = (typeof MANAGEMENT_STATUSES)[number];

/**
 * DOMAIN 2: where a lead came from (web, the webservice API, a seller, a renovation) and 'backoffice' for one
 * created by other staff, with the label users read.
 */
export const LEAD_SOURCES = ['web', 'webservice', 'seller', 'renovation', 'backoffice'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  web: 'Web',
  webservice: 'Webservice (API)',
  seller: 'Vendedor',
  renovation: 'Renovación',
  backoffice: 'Back-office',
};

/** SPEC 3: processed flags. */
export const PROCESSED_FLAGS = [
  { id: 0, name: 'Pendiente' },
  { id: 1, name: 'Aceptado' },
  { id: 2, name: 'Rechazado' },
] as const;

/** SPEC 3: data rates 1 to 7, col only. */
/** col: how complete and reliable an application's data is, 1 to 7 (SPEC 3). */
export const DATA_RATE_VALUES = ['1', '2', '3', '4', '5', '6', '7'] as const;
export const DATA_RATES = DATA_RATE_VALUES.map((value) => ({ id: Number(value), name: value }));

export const BOOLEAN_OPTIONS = [
  { id: 1, name: 'SI' },
  { id: 0, name: 'NO' },
] as const;
