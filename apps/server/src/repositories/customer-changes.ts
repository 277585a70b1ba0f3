import type { CustomerEdit } from './sales';

/** Timeline labels of the customer's editable fields, in form order. */
const FIELD_LABELS: [keyof CustomerEdit, string][] = [
  ['firstName', 'Nombre'],
  ['lastName', 'Apellido'],
  ['cellphone', 'Celular'],
  ['email', 'Email'],
  ['address', 'Domicilio'],
  ['bank', 'Banco'],
  ['bankAccount', 'Cuenta bancaria'],
];

type CustomerFields = Partial<Record<keyof CustomerEdit, string | null>>;

/** A 'customer' timeline event's texts: what changed, as shown, and the raw values before and after. */
export interface CustomerChange {
  body: string;
  fromValue: string;
  toValue: string;
}

/**
 * The change between two readings of a customer, over the fields both hold; undefined when none changed
 * (no event is written then).
 */
export function customerChange(before: CustomerFields, after: CustomerFields): CustomerChange | undefined {
  const changed = FIELD_LABELS.filter(([key]) => key in before && key in after && (before[key] ?? null) !== (after[key] ?? null));
  if (changed.length === 0) return undefined;
  return {
    body: changed.map(([key, label]) => `${label}: ${after[key] ?? '(vacío)'}`).join('\n'),
    fromValue: JSON.stringify(Object.fromEntries(changed.map(([key]) => [key, before[key] ?? null]))),
    toValue: JSON.stringify(Object.fromEntries(changed.map(([key]) => [key, after[key] ?? null]))),
  };
}
