import { createHash } from 'node:crypto';
import { COUNTRY_TIME_ZONE, type ListCount, type ListPageResponse, type ListResponse } from '@backoffice/shared';
import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { queryRows, type Db } from '../db/client';
import { CountCache } from '../lib/count-cache';
import { invalidData } from '../lib/errors';
import { acceptsGzip, gzipStream, tableCsvStream, tableXlsxStream } from '../services/lead-export';
import type { ListContext, ListDefinition, SortType } from './definition';

export interface PageRequest {
  sort?: string;
  dir?: 'asc' | 'desc';
  page: number;
  pageSize: number;
  cursor?: string;
  exactCount?: boolean;
  /** `count=later`: the page leaves out a count it would have to make (null), asked apart with `total`. */
  count?: 'later';
}

interface Cursor {
  value: string;
  id: number;
  direction: 'next' | 'prev';
}

const dialect = new PgDialect();

/**
 * Runs lists declared with defineList: a page by keyset cursor (by offset when a page is asked by its
 * number), its count capped at the threshold (exact on request) read beside it, and the whole filtered set
 * streamed as CSV or XLSX in keyset batches.
 */
export class ListEngine {
  constructor(
    private readonly db: Db,
    private readonly options: { countThreshold: number; exportBatch: number; countCacheSeconds?: number },
  ) {}

  /** The counts of the lists that keep them (`cachedCounts`), by list name. */
  private readonly counts = new Map<string, CountCache>();

  /** A write through this node changed which rows the list's filters match: its kept counts are dropped. */
  changed(name: string): void {
    this.counts.get(name)?.clear();
  }

  private countsOf(name: string): CountCache | undefined {
    const seconds = this.options.countCacheSeconds ?? 0;
    if (seconds <= 0) return undefined;
    let counts = this.counts.get(name);
    if (!counts) this.counts.set(name, (counts = new CountCache(seconds)));
    return counts;
  }

  /** A page; with its count unless asked with `count=later`. */
  async page<F, R>(
    definition: ListDefinition<F, R>,
    context: ListContext,
    filters: F,
    request: PageRequest & { count?: undefined },
  ): Promise<ListResponse<R>>;
  async page<F, R>(definition: ListDefinition<F, R>, context: ListContext, filters: F, request: PageRequest): Promise<ListPageResponse<R>>;
  async page<F, R>(definition: ListDefinition<F, R>, context: ListContext, filters: F, request: PageRequest): Promise<ListPageResponse<R>> {
    const { sort, dir } = this.order(definition, context, request);
    const where = listWhere(definition, context, filters);
    const cursor = decodeCursor(request.cursor, [definition.name, sort, dir], definition.sorts[sort]!.type);
    const prepared = definition.prepared?.(filters) ?? false;
    const offset = cursor ? 0 : (request.page - 1) * request.pageSize;
    const from = listFrom(definition, filters);
    const countFrom = definition.countFrom?.(filters) ?? from;
    const cap = request.exactCount ? undefined : this.options.countThreshold;
    const counts = definition.cachedCounts ? this.countsOf(definition.name) : undefined;
    const countKey = counts ? countCacheKey(context, cap, countFrom, where) : '';
    const given = definition.knownCount?.(filters);
    const known = given !== undefined ? countOf(given, cap) : counts?.get(countKey);
    const later = request.count === 'later';
    // The count rides on the page's statement (one round trip); a page that comes back empty has none,
    // which is 0 on the first page and asked apart past it. Asked for later, only a count at hand comes:
    // a kept one, or the first page's when it holds every row.
    const page = await this.rows(
      definition,
      from,
      where,
      { sort, dir },
      request.pageSize,
      cursor,
      offset,
      prepared,
      known || later ? undefined : this.countQuery(countFrom, where, cap),
    );
    const firstAndLast = !cursor && offset === 0 && !page.more;
    const count: ListCount | null = later
      ? (known ?? (firstAndLast ? { total: page.rows.length, exact: true } : null))
      : (known ??
        (page.total !== undefined
          ? countOf(page.total, cap)
          : cursor || offset > 0
            ? await this.countRows(countFrom, where, cap, prepared)
            : { total: 0, exact: true }));
    if (counts && !known && count) counts.set(countKey, count);
    const tag = [definition.name, sort, dir] as const;
    const first = page.rows[0];
    const last = page.rows.at(-1);
    const backwards = cursor?.direction === 'prev';
    const hasNext = backwards ? true : page.more;
    const hasPrev = backwards ? page.more : cursor !== undefined || request.page > 1;
    return {
      rows: page.rows.map((row) => row.json),
      count,
      pageInfo: {
        page: request.page,
        pageSize: request.pageSize,
        nextCursor: hasNext && last ? encodeCursor(tag, { value: last.key, id: last.id, direction: 'next' }) : null,
        prevCursor: hasPrev && first ? encodeCursor(tag, { value: first.key, id: first.id, direction: 'prev' }) : null,
      },
    };
  }

  /**
   * The count a page asked with `count=later` left out: the same rows (the user's scope and the filters),
   * the same cap and the same kept counts as a page's own.
   */
  async total<F, R>(
    definition: ListDefinition<F, R>,
    context: ListContext,
    filters: F,
    request: { exactCount?: boolean },
  ): Promise<ListCount> {
    const where = listWhere(definition, context, filters);
    const countFrom = definition.countFrom?.(filters) ?? listFrom(definition, filters);
    const cap = request.exactCount ? undefined : this.options.countThreshold;
    const given = definition.knownCount?.(filters);
    if (given !== undefined) return countOf(given, cap);
    const counts = definition.cachedCounts ? this.countsOf(definition.name) : undefined;
    const countKey = counts ? countCacheKey(context, cap, countFrom, where) : '';
    const known = counts?.get(countKey);
    if (known) return known;
    const count = await this.countRows(countFrom, where, cap, definition.prepared?.(filters) ?? false);
    counts?.set(countKey, count);
    return count;
  }

  /** The filtered set as `<name>-<country>-<local date>.csv|xlsx`, announced by X-Total-Count. */
  async export<F, R>(
    definition: ListDefinition<F, R>,
    context: ListContext,
    filters: F,
    request: FastifyRequest,
    reply: FastifyReply,
    options: { sort?: string; dir?: 'asc' | 'desc'; format: 'csv' | 'xlsx'; counted?: (rows: number) => Promise<void> },
  ) {
    if (!definition.export) throw new Error(`The list ${definition.name} declares no export`);
    const columns = definition.export.columns(context.country);
    const order = this.order(definition, context, options);
    const where = listWhere(definition, context, filters);
    const from = listFrom(definition, filters);
    const { total } = await this.countRows(definition.countFrom?.(filters) ?? from, where, undefined);
    await options.counted?.(total);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: COUNTRY_TIME_ZONE[context.country] }).format(new Date());
    void reply
      .header('content-disposition', `attachment; filename="${definition.name}-${context.country}-${today}.${options.format}"`)
      .header('x-total-count', String(total))
      .header('cache-control', 'no-store');
    const batches = this.batches(definition, from, where, order);
    if (options.format === 'csv') {
      const csv = tableCsvStream(columns, batches);
      void reply.type('text/csv; charset=utf-8').header('vary', 'accept-encoding');
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(csv);
      return reply.header('content-encoding', 'gzip').send(gzipStream(csv));
    }
    const stream = tableXlsxStream(definition.export.sheet, columns, batches, (error) =>
      request.log.error({ err: error }, 'xlsx export failed'),
    );
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(stream);
  }

  private order<F, R>(definition: ListDefinition<F, R>, context: ListContext, request: { sort?: string; dir?: 'asc' | 'desc' }) {
    const fallback = typeof definition.defaultSort === 'function' ? definition.defaultSort(context) : definition.defaultSort;
    const sort = request.sort ?? fallback.sort;
    if (!Object.hasOwn(definition.sorts, sort)) throw invalidData([{ field: 'sort', message: `Orden desconocido: ${sort}` }]);
    return { sort, dir: request.dir ?? fallback.dir };
  }

  private async rows<F, R>(
    definition: ListDefinition<F, R>,
    from: SQL,
    where: SQL,
    order: { sort: string; dir: 'asc' | 'desc' },
    limit: number,
    cursor: Cursor | undefined,
    offset: number,
    prepared = false,
    counted?: SQL,
  ): Promise<{ rows: { json: R; key: string; id: number }[]; more: boolean; total?: number }> {
    const key = definition.sorts[order.sort]!;
    // A page before the cursor is read in the opposite order, then turned around.
    const forward = cursor?.direction !== 'prev';
    const ascending = ((order.dir === 'asc') !== (key.reversed === true)) === forward;
    const direction = sql.raw(ascending ? 'asc' : 'desc');
    const after = cursor
      ? sql`(${key.expr}, ${definition.id}) ${sql.raw(ascending ? '>' : '<')} (cast(${cursor.value} as ${sql.raw(key.type)}), cast(${cursor.id} as bigint))`
      : sql`true`;
    const query = sql`select (${definition.row})::text, (${key.expr})::text, (${definition.id})::bigint${counted ? sql`, (${counted})` : sql``}
      from ${from}
     where ${where} and ${after}
     order by ${key.expr} ${direction}, ${definition.id} ${direction}
     limit ${sql.raw(String(limit + 1))} offset ${sql.raw(String(offset))}`;
    // A page by number has its offset in the text: one statement per page number would stay prepared on
    // each connection, so only the first page and cursor pages are.
    const found = await this.run(query, prepared && offset === 0);
    const more = found.length > limit;
    const rows = found
      .slice(0, limit)
      .map(([json, value, id]) => ({ json: JSON.parse(String(json)) as R, key: String(value), id: Number(id) }));
    const total = counted && found.length > 0 ? Number(found[0]![3]) : undefined;
    return { rows: forward ? rows : rows.reverse(), more, total };
  }

  private async countRows(from: SQL, where: SQL, cap: number | undefined, prepared = false): Promise<ListCount> {
    const [[total]] = (await this.run(sql`select ${this.countQuery(from, where, cap)}`, prepared)) as [[number]];
    return countOf(total, cap);
  }

  /** How many rows match, up to one past the cap (all without one), as a scalar subquery. */
  private countQuery(from: SQL, where: SQL, cap: number | undefined): SQL {
    const limited = cap === undefined ? sql`` : sql` limit ${sql.raw(String(cap + 1))}`;
    return sql`(select count(*)::int from (select 1 from ${from} where ${where}${limited}) matching)`;
  }

  /** The filtered set in keyset batches: memory holds one batch whatever the set's size. */
  private async *batches<F, R>(
    definition: ListDefinition<F, R>,
    from: SQL,
    where: SQL,
    order: { sort: string; dir: 'asc' | 'desc' },
  ): AsyncGenerator<R[]> {
    let cursor: Cursor | undefined;
    for (;;) {
      const { rows, more } = await this.rows(definition, from, where, order, this.options.exportBatch, cursor, 0);
      if (rows.length > 0) yield rows.map((row) => row.json);
      const last = rows.at(-1);
      if (!more || !last) return;
      cursor = { value: last.key, id: last.id, direction: 'next' };
    }
  }

  /** `prepared`: as a named statement (its name made from its text: one name, one text, per connection). */
  private run(query: SQL, prepared = false): Promise<unknown[][]> {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = prepared ? `list_${createHash('sha1').update(text).digest('hex').slice(0, 20)}` : undefined;
    return queryRows(this.db, text, params, name);
  }
}

/** The FROM a list reads these filters' rows from: with listWhere, what a write over "every row of this filter" touches. */
export function listFrom<F, R>(definition: ListDefinition<F, R>, filters: F): SQL {
  return typeof definition.from === 'function' ? definition.from(filters) : definition.from;
}

/** A count's key: the user's country, the cap, and the count's statement with its values. */
function countCacheKey(context: ListContext, cap: number | undefined, from: SQL, where: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(sql`${from} where ${where}`);
  return `${context.country}|${cap ?? 'exact'}|${text}|${JSON.stringify(params)}`;
}

function countOf(total: number, cap: number | undefined): ListCount {
  return cap !== undefined && total > cap ? { total: cap, exact: false } : { total, exact: true };
}

/**
 * The rows a list shows a user with these filters, as one condition over the definition's FROM: what a
 * page reads, and what a write over "every row of this filter" (a bulk assignment) must touch.
 */
export function listWhere<F, R>(definition: ListDefinition<F, R>, context: ListContext, filters: F): SQL {
  return and(...definition.where(context, filters).filter((condition): condition is SQL => condition !== undefined)) ?? sql`true`;
}

/** What a sort value's text looks like, so a forged cursor is ignored rather than failing its cast. */
const VALUE_SHAPES: Record<SortType, RegExp> = {
  integer: /^-?\d{1,10}$/,
  bigint: /^-?\d{1,19}$/,
  numeric: /^-?\d{1,30}(\.\d{1,30})?$/,
  date: /^-?(?:infinity|\d{4}-\d{2}-\d{2})$/,
  timestamptz: /^-?(?:infinity|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2})$/,
  // PostgreSQL text cannot hold NUL (checked apart: a lint rule keeps control characters out of patterns).
  text: /^/,
};

/** Opaque to the client (base64url JSON), tagged with the list, sort and direction it was made for. */
function encodeCursor(tag: readonly [string, string, string], cursor: Cursor): string {
  return Buffer.from(JSON.stringify([...tag, cursor.value, cursor.id, cursor.direction === 'next' ? 'n' : 'p'])).toString('base64url');
}

/** undefined for anything that is not a cursor of this list and order (it is user input). */
function decodeCursor(text: string | undefined, tag: readonly [string, string, string], type: SortType): Cursor | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 6) return undefined;
    const [name, sort, dir, value, id, direction] = parsed as unknown[];
    if (name !== tag[0] || sort !== tag[1] || dir !== tag[2]) return undefined;
    if (typeof value !== 'string' || value.length > 100 || !VALUE_SHAPES[type].test(value) || value.includes('\u0000')) return undefined;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return undefined;
    if (direction !== 'n' && direction !== 'p') return undefined;
    return { value, id, direction: direction === 'n' ? 'next' : 'prev' };
  } catch {
    return undefined;
  }
}
