import type { z } from 'zod';

export type UrlPatchValue = string | number | boolean | (string | number)[] | undefined | null;

/**
 * Applies a change to a list's URL params: empty values are removed (the URL stays short and canonical),
 * arrays become comma lists, and any change that is not paging itself drops the paging keys so the list
 * goes back to its first page.
 */
export function applyListPatch(
  current: URLSearchParams,
  patch: Record<string, UrlPatchValue>,
  pagingKeys = ['page', 'cursor'],
): URLSearchParams {
  const next = new URLSearchParams(current);
  const pagingOnly = Object.keys(patch).every((key) => pagingKeys.includes(key));
  if (!pagingOnly) pagingKeys.forEach((key) => next.delete(key));
  for (const [key, value] of Object.entries(patch)) {
    const text = Array.isArray(value) ? value.join(',') : value === undefined || value === null || value === false ? '' : String(value);
    if (text === '') next.delete(key);
    else next.set(key, text);
  }
  if (next.get('page') === '1') next.delete('page');
  return next;
}

/** What a list's query holds besides its filters: its order, page and count. */
const LIST_VIEW_KEYS = new Set(['sort', 'dir', 'page', 'pageSize', 'cursor', 'exactCount']);

/** Whether a list's parsed query narrows it with any filter (an empty list then says the filters match nothing). */
export function isFiltered(query: object): boolean {
  return Object.entries(query).some(
    ([key, value]) => !LIST_VIEW_KEYS.has(key) && value !== undefined && !(Array.isArray(value) && value.length === 0),
  );
}

/**
 * How many of a list's filters are set: the count on a phone's "Filtros" button. A filter at its schema's
 * default (`defaults`: the audit queue's claim 'all') narrows nothing the user chose.
 */
export function activeFilterCount(query: object, defaults: object = {}): number {
  const unset = defaults as Record<string, unknown>;
  return Object.entries(query).filter(
    ([key, value]) =>
      !LIST_VIEW_KEYS.has(key) &&
      value !== undefined &&
      value !== '' &&
      !(Array.isArray(value) && value.length === 0) &&
      JSON.stringify(value) !== JSON.stringify(unset[key]),
  ).length;
}

/**
 * A list's URL params read by its shared schema exactly as the server will. A malformed param falls back to
 * its default, the others kept, and is left out of the request too (`search`, the params the list is asked
 * for): the list shows what its filters show, never an error about a value no control holds (a `q` too
 * short to search, from a shared link).
 */
export function parseListParams<Q>(schema: z.ZodType<Q>, params: URLSearchParams): { query: Q; search: string } {
  const raw = Object.fromEntries(params);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { query: parsed.data, search: params.toString() };
  // Drop only the params that fail, keep the rest.
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = new URLSearchParams(params);
  for (const key of bad) kept.delete(key);
  return { query: schema.parse(Object.fromEntries(kept)), search: kept.toString() };
}
