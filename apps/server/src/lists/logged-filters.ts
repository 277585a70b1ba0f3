import type { z } from 'zod';

/** The query's paging and format: how the rows were asked for, not which rows. */
const NOT_FILTERS = new Set(['page', 'pageSize', 'cursor', 'sort', 'dir', 'exactCount', 'format']);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Through the wrappers a query's field is built with (optional, default, preprocess, csv lists) to its values' type. */
function isCatalogue(schema: z.ZodType | undefined): boolean {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return false;
  switch (def.type) {
    case 'enum':
    case 'literal':
      return true;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return isCatalogue(def.innerType as z.ZodType);
    case 'pipe':
      return isCatalogue(def.out as z.ZodType);
    case 'array':
      return isCatalogue(def.element as z.ZodType);
    default:
      return false;
  }
}

function plainValue(value: unknown): boolean {
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  if (typeof value === 'string') return ISO_DATE.test(value);
  return Array.isArray(value) && value.every(plainValue);
}

/**
 * Which filters an export used, as the security log keeps them: a catalogue's code, a number (ids, days) or a
 * date as asked; any other text only as `true`, since it may be a customer's name, document or phone.
 */
export function loggedFilters(shape: Record<string, z.ZodType>, asked: Record<string, unknown>): Record<string, unknown> {
  const logged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(asked)) {
    if (NOT_FILTERS.has(key) || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    logged[key] = plainValue(value) || isCatalogue(shape[key]) ? value : true;
  }
  return logged;
}
