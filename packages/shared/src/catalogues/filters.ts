import type { Country } from '../countries';

/** An amount filter option; bounds are whole currency units, min inclusive and max exclusive. */
export interface AmountRange {
  id: string;
  label: string;
  min?: number;
  max?: number;
}

/** Thousands with dots, as both countries write them: 5.000, 1.500.000. */
const amount = (value: number) => value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');

function range(min: number, max: number): AmountRange {
  return { id: `${min}-${max}`, label: `$${amount(min)} - $${amount(max)}`, min, max };
}

const greaterThan = (min: number): AmountRange => ({ id: `gt-${min}`, label: `Más de $${amount(min)}`, min });
const lessThan = (max: number): AmountRange => ({ id: `lt-${max}`, label: `Menos de $${amount(max)}`, max });

/**
 * SPEC 9 gives the arg ranges. col's are not shown: ours use the same shape in COP, whose amounts are
 * roughly 100 times larger.
 */
export const AMOUNT_RANGES: Record<Country, AmountRange[]> = {
  arg: [
    range(0, 5000),
    range(5000, 10000),
    range(10000, 15000),
    range(15000, 20000),
    range(20000, 25000),
    range(25000, 30000),
    greaterThan(30000),
    greaterThan(50000),
    lessThan(15000),
    lessThan(20000),
    lessThan(30000),
    lessThan(50000),
  ],
  col: [
    range(0, 500000),
    range(500000, 1000000),
    range(1000000, 1500000),
    range(1500000, 2000000),
    range(2000000, 2500000),
    range(2500000, 3000000),
    greaterThan(3000000),
    greaterThan(5000000),
    lessThan(1500000),
    lessThan(2000000),
    lessThan(3000000),
    lessThan(5000000),
  ],
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
export const DATA_RATES = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, name: String(id) }));

export const BOOLEAN_OPTIONS = [
  { id: 1, name: 'SI' },
  { id: 0, name: 'NO' },
] as const;
