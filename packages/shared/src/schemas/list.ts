import { z } from 'zod';

/** Lists count exactly up to this many rows and say "más de 10.000" beyond it (exact on request). */
export const LIST_COUNT_THRESHOLD = 10_000;
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** A comma-separated query value (`status=1,2`) or a repeated one (`status=1&status=2`) as an array, of at most `max`. */
export function csvOf<T extends z.ZodType>(item: T, max = 100) {
  return z.preprocess((value) => {
    if (value === undefined || value === '') return undefined;
    const list = Array.isArray(value) ? value : String(value).split(',');
    return list.map((entry) => (typeof entry === 'string' ? entry.trim() : entry)).filter((entry) => entry !== '');
  }, z.array(item).max(max).optional());
}

/** Query booleans arrive as text. */
export const queryBoolean = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean().optional(),
);

/** A calendar day, 'YYYY-MM-DD'. A year before 1900 is a typing slip (and year 0 is no date to PostgreSQL). */
export const isoDateSchema = z.iso
  .date({ error: 'Ingresa una fecha válida' })
  .refine((value) => value >= '1900-01-01', 'Ingresa una fecha desde 1900');

/** A hand-edited link ('?page=abc') is told in Spanish what a page is, not the validator's own words. */
const PAGE_MESSAGE = 'La página es un número entero desde 1';

export const paginationQuery = {
  page: z.coerce
    .number({ error: PAGE_MESSAGE })
    .int(PAGE_MESSAGE)
    .min(1, PAGE_MESSAGE)
    .max(1_000_000, 'La página pedida está fuera de la lista')
    .default(1),
  pageSize: z.coerce
    .number({ error: `Usa ${PAGE_SIZES.join(', ')}` })
    .int({ error: `Usa ${PAGE_SIZES.join(', ')}`, abort: true })
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), { message: `Usa ${PAGE_SIZES.join(', ')}` })
    .default(DEFAULT_PAGE_SIZE),
  /** Opaque keyset cursor of the page to load; with it, `page` is only the number shown to the user. */
  cursor: z.string().max(200).optional(),
};

export const sortDirSchema = z.enum(['asc', 'desc']);

export const listCountSchema = z.object({
  /** Exact when `exact`, otherwise the threshold: "more than this many". */
  total: z.number().int().nonnegative(),
  exact: z.boolean(),
  /**
   * Present when the server reused a count it took moments ago for the same filters (a short-lived cache
   * per server node, seconds old at most): the time it was counted.
   */
  cachedAt: z.string().optional(),
});
export type ListCount = z.infer<typeof listCountSchema>;

/**
 * `count=later`: the page answers without waiting for its count (`count: null` when the count is not at hand
 * for free), and the screen asks the list's `/count` with the same query after the rows. Without it every
 * page carries its count, as before.
 */
export const countModeQuery = { count: z.enum(['later']).optional() };

/** A page's count: null only when the query said `count=later` and the count would have cost a query of its own. */
export const deferredCountSchema = listCountSchema.nullable();

export const pageInfoSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Cursor of the next page (null on the last one). */
  nextCursor: z.string().nullable(),
  /** Cursor of the previous page (null on the first one). */
  prevCursor: z.string().nullable(),
});

/**
 * The query every list declared on the server's list engine (apps/server/src/lists) takes besides its own
 * filters: order, page (with its keyset cursor), exact count on request, and an export's format.
 */
export function listQuerySchema<S extends readonly [string, ...string[]], F extends z.ZodRawShape>(sorts: S, filters: F) {
  return z.object({
    ...paginationQuery,
    sort: z.enum(sorts).optional(),
    dir: sortDirSchema.optional(),
    exactCount: queryBoolean,
    ...countModeQuery,
    ...filters,
  });
}

/** A list's answer: the page's rows, the capped count and where the pages around it start. */
export function listResponseSchema<R extends z.ZodType>(row: R) {
  return z.object({ rows: z.array(row), count: listCountSchema, pageInfo: pageInfoSchema });
}
export interface ListResponse<R> {
  rows: R[];
  count: ListCount;
  pageInfo: z.infer<typeof pageInfoSchema>;
}

/** What a list's route may answer: a page asked with `count=later` may come without its count. */
export function listPageResponseSchema<R extends z.ZodType>(row: R) {
  return z.object({ rows: z.array(row), count: deferredCountSchema, pageInfo: pageInfoSchema });
}
export interface ListPageResponse<R> extends Omit<ListResponse<R>, 'count'> {
  count: ListCount | null;
}
