import {
  COUNTRY_TIME_ZONE,
  NONE,
  type AmountRange,
  type Country,
  type LeadSortField,
  type LeadSource,
  type ListCount,
} from '@backoffice/shared';
import { and, asc, count, desc, eq, fillPlaceholders, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { queryRows, queryRowsByIndex, queryRowsInIndexOrder, type Db } from '../db/client';
import { customers, leads, users } from '../db/schema';
import { literalLimit, ph, StatementCache, type Compiled, type Params } from '../db/statements';
import { encodeCursor, INFINITY_KEYS, type Cursor } from '../lib/cursor';
import {
  customerMatch,
  customerSearch,
  pairWordsMatch,
  prefixCandidates,
  prefixPair,
  wholeWordParams,
  type Condition,
  type CustomerSearch,
} from '../repositories/customer-search';
import { customerColumns, isoText, listItemJson, STEP_LABEL_ARRAYS } from '../repositories/leads';
import { FreeTextResolver } from './free-text';
import { LeadWordsSearch, nameShape, nameValues } from './lead-words';
import type { TypedName } from './word-lists';
import { firstValue } from '../db/rows';

/*
 * The read path of the lists over leads (/leads, /sales, their exports, a massive batch's list source): the
 * scope and filters as one WHERE, keyset and numbered pages, the capped count and the export's batches.
 * LeadLists (services/lead-lists.ts) adds the catalogue checks, the per-node caches and the HTTP answers.
 */

/** Who is asking: sellers only ever see the leads assigned to them. */
export interface LeadScope {
  country: Country;
  /** Set for sellers: every query adds `seller_id = ownSellerId`. */
  ownSellerId?: number;
}

/** The list filters, already validated (the amount range resolved in the country's catalogue). */
export interface LeadFilters {
  status?: number[];
  step?: number[];
  amount?: AmountRange;
  management?: string[];
  seller?: (number | typeof NONE)[];
  /** col: data rates ('1' … '7'), `none` for leads without one. */
  dataRate?: string[];
  from?: string;
  to?: string;
  q?: string;
  /** Only these leads (an export of the rows a user selected). */
  ids?: number[];
  /**
   * The customers a broad text matches, when they are few (resolveText): the leads are then read by
   * customer instead of checking the text on every lead in list order.
   */
  customerIds?: number[];
  /**
   * The text matches more customers than resolveText looks up: a broad scope's first page is full of them,
   * so its count is asked for beside the page rather than after it (LeadLists.page).
   */
  dense?: boolean;
  /**
   * The text as lead_words reads it, looked up instead of resolveText for a list read the way lead_words
   * serves (LeadLists.filters): the page in the default order and the count merge its words' lists.
   */
  name?: TypedName | 'none';
}

export interface LeadSort {
  sort: LeadSortField;
  dir: 'asc' | 'desc';
}

export interface LeadPageRequest extends LeadSort {
  page: number;
  pageSize: number;
  cursor?: Cursor;
  /** Rows skipped after a 'next' cursor: a page by number reached from a PageAnchors anchor. */
  skip?: number;
  /** A recent count says at most FEW_MATCHES leads match (LeadLists): the page gathers them all and sorts them. */
  few?: boolean;
}

/**
 * Up to this many matching leads, a filtered page reads every match through the filters' index and sorts
 * them (an index-only scan of a few thousand entries) in one prepared statement.
 */
export const FEW_MATCHES = 2_000;

export interface LeadPage {
  /** Each row as the JSON text of a LeadListItem (listItemJson). */
  rows: string[];
  page: number;
  nextCursor: string | null;
  prevCursor: string | null;
}

const SORT_COLUMNS = {
  created_at: leads.createdAt,
  updated_at: leads.updatedAt,
  requested_amount: leads.requestedAmount,
  id: leads.id,
} as const;

/**
 * The sort by next call (the soonest pending call back) orders by an expression with no nulls in it, one
 * per direction, so that leads without a call back come last both ways (and a keyset compares whole rows,
 * where a NULL compares as unknown): NULL is +infinity ascending, -infinity descending. The same
 * expressions as the indexes leads_list_next_call_idx, leads_list_seller_next_call_idx and their `_desc`
 * twins (db/schema.ts), so a page is an index range (the descending ones read backwards).
 */
const NEXT_CALL_KEYS = {
  asc: sql`coalesce(${leads.nextCallAt}, 'infinity'::timestamptz)`,
  desc: sql`coalesce(${leads.nextCallAt}, '-infinity'::timestamptz)`,
} as const;

/** What a list sorted by `sort` in the direction `dir` orders by (then by id). */
function sortExpression(sort: LeadSortField, dir: 'asc' | 'desc'): PgColumn | SQL {
  return sort === 'next_call_at' ? NEXT_CALL_KEYS[dir] : SORT_COLUMNS[sort];
}

const TIMESTAMP_SORTS = new Set<LeadSortField>(['created_at', 'updated_at', 'next_call_at']);

/**
 * The sort value as exact text (timestamps in epoch microseconds: JS dates only keep milliseconds). The
 * next call's infinities (leads without one) are the bigint's bounds, INFINITY_KEYS (lib/cursor.ts).
 */
function sortKeyOf(sort: LeadSortField, dir: 'asc' | 'desc'): SQL<string> {
  const column = sortExpression(sort, dir);
  const micros = sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
  if (sort === 'next_call_at') {
    return sql<string>`(case when isfinite(${column}) then ${micros} when ${column} > timestamptz 'epoch' then '${sql.raw(INFINITY_KEYS.infinity)}' else '${sql.raw(INFINITY_KEYS['-infinity'])}' end)`;
  }
  return TIMESTAMP_SORTS.has(sort) ? micros : sql<string>`${column}::text`;
}

/** A cursor's text value back as a value of the sort expression, bound as a parameter. */
function sortValueOf(sort: LeadSortField, value: SQL): SQL {
  const timestamp = sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;
  if (sort === 'next_call_at') {
    return sql`(case ${value}::bigint when '${sql.raw(INFINITY_KEYS.infinity)}'::bigint then 'infinity'::timestamptz when '${sql.raw(INFINITY_KEYS['-infinity'])}'::bigint then '-infinity'::timestamptz else ${timestamp} end)`;
  }
  return TIMESTAMP_SORTS.has(sort) ? timestamp : sql`${value}::bigint`;
}

/** The columns of an export row (pages and the detail are JSON rendered by PostgreSQL: listItemJson). */
const rowFields = {
  id: leads.id,
  country: leads.country,
  createdAt: isoText(leads.createdAt),
  updatedAt: isoText(leads.updatedAt),
  statusId: leads.statusId,
  requestedAmount: leads.requestedAmount,
  term: leads.term,
  managementStatus: leads.managementStatus,
  dataRate: leads.dataRate,
  source: leads.source,
  version: leads.version,
  sellerId: leads.sellerId,
  sellerName: users.name,
  ...customerColumns,
};

export type ExportRow = LeadRowData & { sortKey: string; createdLocal: string; updatedLocal: string; nextCallLocal: string | null };

export type LeadRowData = {
  id: number;
  country: string;
  /** ISO 8601 (isoText). */
  createdAt: string;
  updatedAt: string;
  statusId: number;
  requestedAmount: number;
  term: number;
  managementStatus: string | null;
  dataRate: number | null;
  source: LeadSource;
  version: number;
  sellerId: number | null;
  sellerName: string | null;
  customerId: number;
  docType: string;
  docNumber: string;
  cuil: string | null;
  firstName: string;
  lastName: string;
  cellphone: string | null;
  email: string | null;
};

/**
 * The columns of a fetched row: always its id and the sort key of its cursor, then either the list item's
 * JSON text (pages) or rowFields with the local times (exports).
 */
function listSelection(sort: LeadSortField, dir: 'asc' | 'desc', output: 'page' | 'export') {
  const position = { id: leads.id, sortKey: sortKeyOf(sort, dir) };
  if (output === 'page') return { ...position, json: listItemJson(sql`${ph('steps')}`) };
  return {
    ...position,
    ...rowFields,
    createdLocal: sql<string>`to_char(${leads.createdAt} at time zone ${ph('zone')}::text, 'YYYY-MM-DD HH24:MI')`,
    updatedLocal: sql<string>`to_char(${leads.updatedAt} at time zone ${ph('zone')}::text, 'YYYY-MM-DD HH24:MI')`,
    nextCallLocal: sql<string | null>`to_char(${leads.nextCallAt} at time zone ${ph('zone')}::text, 'YYYY-MM-DD HH24:MI')`,
  };
}

/** The export selection's keys, in the order of the statement's columns (drizzle selects a flat object's fields in order). */
const EXPORT_KEYS = Object.keys(listSelection('id', 'desc', 'export'));

/**
 * An export row from its columns as an array (pg's array row mode): the driver has already parsed the
 * integers and left texts as they are; only the bigint amount needs converting.
 */
function exportRowOf(values: unknown[]): ExportRow {
  const row: Record<string, unknown> = {};
  for (const [i, key] of EXPORT_KEYS.entries()) row[key] = values[i];
  row.requestedAmount = Number(row.requestedAmount);
  return row as ExportRow;
}

/** A fetched page row: its position (for cursors) and the list item's JSON text. */
interface PageRow {
  id: number;
  sortKey: string;
  json: string;
}

/** A list filter whose values may include NONE: `col = any($n) or col is null`. */
function inOrNull(column: PgColumn, name: string, values: readonly (string | number)[], params: Params): Condition {
  const plain = values.filter((value) => value !== NONE);
  const withNull = values.includes(NONE);
  if (plain.length > 0) params[name] = plain;
  return () => {
    const isNull = sql`${column} is null`;
    if (plain.length === 0) return isNull;
    const isAny = sql`${column} = any(${ph(name)})`;
    return withNull ? sql`(${isAny} or ${isNull})` : isAny;
  };
}

/**
 * The WHERE of a list, written with placeholders: every value (user input included) travels as a bound
 * parameter, never in the SQL text. The text depends only on the filters' shape (which filters are set,
 * how many search words), so `key` identifies it and the statement is compiled once per
 * shape (see LeadListQueries); `conditions` are only built then. `needsCustomer`: the
 * conditions read customers (free text).
 */
export function leadConditions(
  scope: LeadScope,
  filters: LeadFilters,
): {
  conditions: Condition[];
  params: Params;
  key: string;
  needsCustomer: boolean;
  stablePlan: boolean;
  textAlone: boolean;
  /** The text read through customers' words (needsCustomer). */
  text?: CustomerSearch;
  /** A document or phone fragment: its search, and its condition among `conditions`. */
  fragment?: { search: CustomerSearch; condition: Condition };
} {
  const params: Params = { country: scope.country };
  const key: string[] = [];
  const conditions: Condition[] = [() => sql`${leads.country} = ${ph('country')}`];
  if (scope.ownSellerId !== undefined) {
    params.own = scope.ownSellerId;
    conditions.push(() => sql`${leads.sellerId} = ${ph('own')}`);
    key.push('own');
  }
  if (filters.status?.length) {
    params.status = filters.status;
    conditions.push(() => sql`${leads.statusId} = any(${ph('status')})`);
    key.push('status');
  }
  if (filters.step?.length) {
    params.step = filters.step;
    conditions.push(() => sql`${leads.statusId} = any(${ph('step')})`);
    key.push('step');
  }
  // Ranges are whole currency units, min inclusive and max exclusive; amounts are stored in minor units.
  if (filters.amount?.min !== undefined) {
    params.amountMin = filters.amount.min * 100;
    conditions.push(() => sql`${leads.requestedAmount} >= ${ph('amountMin')}`);
    key.push('min');
  }
  if (filters.amount?.max !== undefined) {
    params.amountMax = filters.amount.max * 100;
    conditions.push(() => sql`${leads.requestedAmount} < ${ph('amountMax')}`);
    key.push('max');
  }
  if (filters.management?.length) {
    conditions.push(inOrNull(leads.managementStatus, 'management', filters.management, params));
    key.push(`m${Number(filters.management.some((v) => v !== NONE))}${Number(filters.management.includes(NONE))}`);
  }
  if (filters.seller?.length) {
    conditions.push(inOrNull(leads.sellerId, 'seller', filters.seller, params));
    key.push(`s${Number(filters.seller.some((v) => v !== NONE))}${Number(filters.seller.includes(NONE))}`);
  }
  if (filters.dataRate?.length) {
    conditions.push(
      inOrNull(
        leads.dataRate,
        'dataRate',
        filters.dataRate.map((value) => (value === NONE ? value : Number(value))),
        params,
      ),
    );
    key.push(`r${Number(filters.dataRate.some((v) => v !== NONE))}${Number(filters.dataRate.includes(NONE))}`);
  }
  if (filters.ids?.length) {
    params.ids = filters.ids;
    conditions.push(() => sql`${leads.id} = any(${ph('ids')}::integer[])`);
    key.push('ids');
  }
  // Calendar days of the country: [from 00:00, to + 1 day 00:00) in its time zone, as timestamps so the
  // (country, created_at) index serves the range.
  if (filters.from || filters.to) params.zone = COUNTRY_TIME_ZONE[scope.country];
  if (filters.from) {
    params.from = filters.from;
    conditions.push(() => sql`${leads.createdAt} >= ((${ph('from')}::date)::timestamp at time zone ${ph('zone')}::text)`);
    key.push('from');
  }
  if (filters.to) {
    params.to = filters.to;
    conditions.push(() => sql`${leads.createdAt} < ((${ph('to')}::date + 1)::timestamp at time zone ${ph('zone')}::text)`);
    key.push('to');
  }
  let needsCustomer = false;
  let fragment: { search: CustomerSearch; condition: Condition } | undefined;
  let text: CustomerSearch | undefined;
  if (filters.customerIds) {
    params.customerIds = filters.customerIds;
    conditions.push(() => sql`${leads.customerId} = any(${ph('customerIds')}::integer[])`);
    key.push('cids');
  } else if (filters.q) {
    const search = customerSearch(filters.q, params);
    if (search.selective) {
      // A document or phone fragment matches a handful of customers, but PostgreSQL cannot tell from the
      // search columns' statistics and may pick a plan that walks every lead checking its customer. As an
      // array sub-select (an init plan, run once first) the customers are found first and the leads come
      // from leads_customer_id_idx.
      const condition = () =>
        sql`${leads.customerId} = any(array(select ${customers.id} from ${customers} where ${customerMatch(search)}))`;
      conditions.push(condition);
      fragment = { search, condition };
    } else {
      conditions.push(...search.words);
      needsCustomer = search.words.length > 0;
      text = search;
    }
    key.push(search.key);
  }
  // No filter (the whole country, a seller's own leads), or nothing but a document/phone fragment (its
  // customers by their digit windows, then their leads by customer id): the best plan is the same for any
  // values, so one prepared statement with a generic plan serves them all.
  const stablePlan = key.every((part) => part === 'own' || part === fragment?.search.key);
  // Nothing but a text read through customers (resolveText found it dense), in the user's scope.
  const textAlone = needsCustomer && key.every((part) => part === 'own' || part === text?.key);
  return { conditions, params, key: key.join(','), needsCustomer, stablePlan, textAlone, text, fragment };
}

/** The conditions on the lead itself: all but the text's words (on its customer). */
function onLead(conditions: Condition[], text: CustomerSearch | undefined): Condition[] {
  return conditions.filter((condition) => !text?.words.includes(condition));
}

/**
 * The lead's customer if it matches every word of the text, behind an OFFSET 0 fence: checked on each lead as
 * it comes, never turned into a join PostgreSQL could start from the customers.
 */
function leadCustomerMatching(db: Db, text: CustomerSearch | undefined) {
  return db
    .select({ one: sql`1`.as('one') })
    .from(customers)
    .where(and(eq(customers.id, leads.customerId), ...(text?.words ?? []).map((word) => word())))
    .offset(literalLimit(0));
}

/** The statements of the lists over leads: pages, counts, export batches and the free text's resolution. */
export class LeadListQueries {
  private readonly freeText: FreeTextResolver;
  private readonly leadWords: LeadWordsSearch;

  /** @param textProbeCap up to this many customers matching a text, its leads are read by customer id (resolveText). */
  constructor(
    private readonly db: Db,
    textProbeCap = 2_000,
  ) {
    this.freeText = new FreeTextResolver(db, textProbeCap);
    this.leadWords = new LeadWordsSearch(db);
  }

  /** The text of `filters` resolved to its customers when they are few, or marked dense (FreeTextResolver.resolveText). */
  resolveText(country: Country, filters: LeadFilters): Promise<LeadFilters> {
    return this.freeText.resolveText(country, filters);
  }

  /** The text as lead_words reads it (nameIn), or undefined when lead_words cannot. */
  nameOf(country: Country, q: string): Promise<TypedName | 'none' | undefined> {
    return this.leadWords.nameOf(country, customerSearch(q, {}));
  }

  /** One page: keyset from a cursor, or by position (offset over an index, ids only) without one. */
  async page(scope: LeadScope, filters: LeadFilters, request: LeadPageRequest): Promise<LeadPage> {
    const { sort, dir, pageSize } = request;
    const cursor = request.cursor && request.cursor.sort === sort && request.cursor.dir === dir ? request.cursor : undefined;
    if (cursor?.direction === 'prev') {
      const rows = await this.fetch(scope, filters, { sort, dir }, { cursor, limit: pageSize + 1, few: request.few });
      const hasPrev = rows.length > pageSize;
      const pageRows = rows.slice(0, pageSize).reverse();
      // Fewer rows than a page before the cursor: that is the first page (rows were deleted or moved).
      if (!hasPrev && pageRows.length < pageSize) return this.page(scope, filters, { ...request, page: 1, cursor: undefined });
      return this.pageOf(pageRows, request.page, { sort, dir }, { hasNext: pageRows.length > 0, hasPrev });
    }
    const offset = cursor ? (request.skip ?? 0) : (request.page - 1) * pageSize;
    const rows = await this.fetch(scope, filters, { sort, dir }, { cursor, offset, limit: pageSize + 1, few: request.few });
    const pageRows = rows.slice(0, pageSize);
    return this.pageOf(
      pageRows,
      request.page,
      { sort, dir },
      {
        hasNext: rows.length > pageSize,
        hasPrev: (cursor !== undefined || offset > 0) && pageRows.length > 0,
      },
    );
  }

  /** The cursor ('next') of the row at 0-based `position` after `from` (the list's start without it); null past the end. */
  async cursorAt(
    scope: LeadScope,
    filters: LeadFilters,
    sort: LeadSort,
    from: Cursor | undefined,
    position: number,
  ): Promise<Cursor | null> {
    const [row] = await this.fetch(scope, filters, sort, { cursor: from, offset: position, limit: 1 });
    return row ? { ...sort, value: row.sortKey, id: row.id, direction: 'next' } : null;
  }

  private pageOf(rows: PageRow[], page: number, sort: LeadSort, { hasNext, hasPrev }: { hasNext: boolean; hasPrev: boolean }): LeadPage {
    const cursorOf = (row: PageRow, direction: Cursor['direction']) => encodeCursor({ ...sort, value: row.sortKey, id: row.id, direction });
    const [first, last] = [rows.at(0), rows.at(-1)];
    return {
      rows: rows.map((row) => row.json),
      page,
      nextCursor: hasNext && last ? cursorOf(last, 'next') : null,
      prevCursor: hasPrev && first ? cursorOf(first, 'prev') : null,
    };
  }

  /** Statements by shape, compiled once. */
  private readonly statements = new StatementCache('leads');

  /**
   * Rows as arrays. `prepared`: run as the statement's named prepared statement, whose generic plan
   * PostgreSQL keeps (for statements whose best plan is the same whatever the values); otherwise unnamed,
   * planned for each run's values.
   */
  private run(statement: Compiled, values: Params, prepared = false): Promise<unknown[][]> {
    return queryRows(this.db, statement.text, fillPlaceholders(statement.params, values), prepared ? statement.name : undefined);
  }

  /** Page rows in the list's order (see rowsInOrder). */
  private async fetch(
    scope: LeadScope,
    filters: LeadFilters,
    sort: LeadSort,
    range: { cursor?: Cursor; offset?: number; limit: number; few?: boolean },
  ): Promise<PageRow[]> {
    const rows = await this.rowsInOrder(scope, filters, sort, range, 'page');
    return rows.map(([id, sortKey, json]) => ({ id: id as number, sortKey: sortKey as string, json: json as string }));
  }

  /**
   * Rows in the list's order after (or, for a 'prev' cursor, before: then in reverse order) the cursor, as
   * arrays of listSelection's columns. Where ids come first (an offset, a plan that depends on the values),
   * they come from the matching index alone and only the page's rows are then read and joined.
   */
  private async rowsInOrder(
    scope: LeadScope,
    filters: LeadFilters,
    { sort, dir }: LeadSort,
    { cursor, offset = 0, limit, few = false }: { cursor?: Cursor; offset?: number; limit: number; few?: boolean },
    output: 'page' | 'export',
  ): Promise<unknown[][]> {
    const { conditions, params, key, needsCustomer, stablePlan, textAlone, text, fragment } = leadConditions(scope, filters);
    const reverse = cursor?.direction === 'prev';
    const effective = reverse ? (dir === 'asc' ? 'desc' : 'asc') : dir;
    if (offset > 0) params.offset = offset;
    if (cursor) {
      params.cursorValue = cursor.value;
      params.cursorId = cursor.id;
    }
    const selected: Params = output === 'page' ? { steps: STEP_LABEL_ARRAYS[scope.country] } : { zone: COUNTRY_TIME_ZONE[scope.country] };
    // The next call's expression (and its cursor's key) depends on the requested direction, not only on the way it is read.
    const sorted = sort === 'next_call_at' ? `${sort}:${dir}` : sort;
    const shape = `${key}|${sorted}|${effective}|${cursor ? 'c' : ''}|${limit}|${offset > 0 ? 'o' : ''}|${output}`;
    // The requested direction's expression (a 'prev' page reads it the other way).
    const column = sortExpression(sort, dir);
    const order = effective === 'desc' ? [desc(column), desc(leads.id)] : [asc(column), asc(leads.id)];
    const where = (only = conditions) => {
      const parts = only.map((condition) => condition());
      if (cursor) {
        const value = sortValueOf(sort, sql`${ph('cursorValue')}`);
        parts.push(
          effective === 'desc'
            ? sql`(${column}, ${leads.id}) < (${value}, ${ph('cursorId')}::integer)`
            : sql`(${column}, ${leads.id}) > (${value}, ${ph('cursorId')}::integer)`,
        );
      }
      return and(...parts);
    };
    const ids = () => {
      const statement = this.db.select({ id: leads.id }).from(leads).$dynamic();
      if (needsCustomer) statement.innerJoin(customers, eq(customers.id, leads.customerId));
      statement
        .where(where())
        .orderBy(...order)
        .limit(literalLimit(limit));
      if (offset > 0) statement.offset(ph('offset'));
      return statement;
    };
    // The leads in the list's order, each one's customer checked against the text as it comes. Joined
    // plainly, PostgreSQL chose for a seller's own leads to scan every customer and sort the matches, far
    // slower than the walk at a million.
    const walk = () => {
      const statement = this.db
        .select({ id: leads.id })
        .from(leads)
        .crossJoinLateral(leadCustomerMatching(this.db, text).as('matching'))
        .where(where(onLead(conditions, text)))
        .orderBy(...order)
        .limit(literalLimit(limit))
        .$dynamic();
      if (offset > 0) statement.offset(ph('offset'));
      return statement;
    };
    const rows = () =>
      this.db
        .select(listSelection(sort, dir, output))
        .from(leads)
        .innerJoin(customers, eq(customers.id, leads.customerId))
        .leftJoin(users, eq(users.id, leads.sellerId))
        .$dynamic();

    // When the plan does not depend on the values (see leadConditions): one prepared statement, whose
    // generic plan PostgreSQL keeps. It walks the list's index and joins each row as it goes; past an
    // offset, the ids come first (a subquery with a LIMIT is planned as if it ran alone) so the skipped
    // entries are only read in the index, and only the page's rows are joined.
    if (stablePlan) {
      const statement = this.statements.get(`page|${shape}`, () => {
        if (offset === 0 && fragment) {
          // A document or phone fragment: its customers (their digit windows), then each one's leads
          // (leads_customer_id_idx, a lateral subquery: never walked the other way round), so each
          // customer's row is read once, not found by id again for the join.
          const customerLeads = this.db.select().from(leads).where(eq(leads.customerId, customers.id)).offset(literalLimit(0)).as('leads');
          return this.db
            .select(listSelection(sort, dir, output))
            .from(customers)
            .crossJoinLateral(customerLeads)
            .leftJoin(users, eq(users.id, leads.sellerId))
            .where(and(customerMatch(fragment.search), where(conditions.filter((condition) => condition !== fragment.condition))))
            .orderBy(...order)
            .limit(literalLimit(limit));
        }
        if (offset === 0)
          return rows()
            .where(where())
            .orderBy(...order)
            .limit(literalLimit(limit));
        const pageIds = ids().as('page_ids');
        return rows()
          .innerJoin(pageIds, eq(pageIds.id, leads.id))
          .orderBy(...order);
      });
      return this.run(statement, { ...params, ...selected }, true);
    }

    // Few matches (a recent count says so): every match is gathered behind a fence (an OFFSET: the
    // subquery is planned alone, through whichever index its conditions' columns have, never by walking
    // the list's order hoping to meet matches soon), sorted, and the page joined, in one prepared statement
    // whose generic plan suits any values that match few. PostgreSQL would re-plan it on every run (its
    // estimates favour custom plans), so it runs on the pool that keeps generic plans (queryRows).
    if (few && !needsCustomer && output === 'page') {
      const statement = this.statements.get(`few|${shape}`, () => {
        // The key always gets its own name: sorted by id, a bare column would select "id" twice (ambiguous).
        const key = is(column, SQL) ? column.as('sort_key') : sql`${column}`.as('sort_key');
        const matching = this.db.select({ id: leads.id, key }).from(leads).where(where()).offset(literalLimit(0)).as('matching');
        const byKey = effective === 'desc' ? [desc(matching.key), desc(matching.id)] : [asc(matching.key), asc(matching.id)];
        const pageIds = this.db
          .select({ id: matching.id })
          .from(matching)
          .orderBy(...byKey)
          .limit(literalLimit(limit))
          .$dynamic();
        if (offset > 0) pageIds.offset(ph('offset'));
        const ids = pageIds.as('page_ids');
        return rows()
          .innerJoin(ids, eq(ids.id, leads.id))
          .orderBy(...order);
      });
      return this.run(statement, { ...params, ...selected }, true);
    }

    // Otherwise the best plan depends on the values (which index, how many rows a search word matches):
    // the ids come from an unnamed statement, planned for this run's values and kept small (planning a
    // join with it would cost more than the second round trip); their rows from a prepared one. A page
    // filtered by nothing but a dense text (resolveText) is walked in the list's order: a page of matches
    // comes within a few thousand rows, where PostgreSQL, underestimating prefix words, would first collect
    // every match through the word index. (Other filters might match none of those customers and turn the
    // walk into one over their whole range; exports read every match anyway.)
    // A name (words of letters) in the default order: its words' posting lists merged (lists/lead-words.ts).
    if (textAlone && text && output === 'page' && sort === 'created_at') {
      const name = filters.name ?? (await this.leadWords.nameOf(scope.country, text));
      if (name === 'none') return [];
      if (name) {
        // The page's ids and their rows in one prepared statement (a generic plan: see lists/lead-words.ts).
        const statement = this.statements.get(`words|${nameShape(name)}|${shape}`, () => {
          const range = { ownSellerId: scope.ownSellerId, direction: effective, cursor: cursor !== undefined, offset: offset > 0, limit };
          const pageIds = this.leadWords.pageIds(name, range, () => sortValueOf(sort, sql`${ph('cursorValue')}`));
          return rows()
            .innerJoin(pageIds, eq(pageIds.id, leads.id))
            .orderBy(...order);
        });
        return this.run(statement, { ...nameValues(name, params), ...selected }, true);
      }
    }
    const walking = textAlone && output === 'page';
    const idsStatement = walking ? this.statements.get(`walk|${shape}`, walk) : this.statements.get(`ids|${shape}`, ids);
    const idRows = walking
      ? await queryRowsInIndexOrder(this.db, idsStatement.text, fillPlaceholders(idsStatement.params, params))
      : await this.run(idsStatement, params);
    return this.rowsOfIds(
      idRows.map((row) => Number(row[0])),
      { sort, dir },
      output,
      selected,
    );
  }

  /** The rows of leads found by id, in the order of `found`. */
  private async rowsOfIds(found: number[], { sort, dir }: LeadSort, output: 'page' | 'export', selected: Params): Promise<unknown[][]> {
    if (found.length === 0) return [];
    const sorted = sort === 'next_call_at' ? `${sort}:${dir}` : sort;
    const byIds = this.statements.get(`rows|${sorted}|${output}`, () =>
      this.db
        .select(listSelection(sort, dir, output))
        .from(leads)
        .innerJoin(customers, eq(customers.id, leads.customerId))
        .leftJoin(users, eq(users.id, leads.sellerId))
        .where(sql`${leads.id} = any(${ph('ids')}::integer[])`),
    );
    const byId = new Map<number, unknown[]>();
    for (const row of await this.run(byIds, { ids: found, ...selected }, true)) byId.set(row[0] as number, row);
    // A row deleted between the two statements is just left out.
    return found.map((id) => byId.get(id)).filter((row) => row !== undefined);
  }

  /**
   * Counts up to `cap` + 1 matching rows (the subquery stops there), so a count over a million rows costs
   * no more than one over `cap`. Without a cap it counts them all (exactCount, exports).
   */
  async count(scope: LeadScope, filters: LeadFilters, cap?: number): Promise<ListCount> {
    const { conditions, params, key, needsCustomer, stablePlan, text, textAlone } = leadConditions(scope, filters);
    const capped = (n: number): ListCount => (cap !== undefined && n > cap ? { total: cap, exact: false } : { total: n, exact: true });
    // A broad name alone (thousands of customers share it; resolveText left it as it is), in the user's
    // scope: its candidates are the customers having both of its words' prefixes, read from
    // customer_word_prefixes' primary key alone (two backward scans merged by id) and checked against the
    // two words there, and only they are joined to their leads, newest first until the cap. The word index
    // would first gather every match into a bitmap, then read each customer row; a seller's own leads,
    // where the cap is seldom reached, meant reading every one of them, twice (whole words, then
    // beginnings), then reading each candidate's customer row; with the words on the index entries (migration
    // 0030) no customer row is read.
    // A name of words of letters: its words' posting lists merged until the cap (lists/lead-words.ts).
    if (textAlone && text) {
      const name = filters.name ?? (await this.leadWords.nameOf(scope.country, text));
      if (name) return capped(name === 'none' ? 0 : await this.leadWords.count(name, scope.ownSellerId, params, cap));
    }
    const pair = textAlone && text && cap !== undefined ? prefixPair(text) : undefined;
    if (pair && text) {
      const statement = this.statements.get(`count-paired|${key}|${pair.whole}|${cap}`, () =>
        this.pairedCount(conditions, text, pair.whole, cap!),
      );
      return capped(Number(firstValue(await this.run(statement, { ...params, ...pair.params }))));
    }
    const build = () => {
      const inner = this.db
        .select({ one: sql`1`.as('one') })
        .from(leads)
        .$dynamic();
      if (needsCustomer) inner.innerJoin(customers, eq(customers.id, leads.customerId));
      inner.where(and(...conditions.map((condition) => condition())));
      if (cap !== undefined) inner.limit(literalLimit(cap + 1));
      return this.db.select({ n: count() }).from(inner.as('matching'));
    };
    // Prepared (one generic plan) when the plan does not depend on the values; other counts are planned
    // for their values. A broad text (many matching customers, see resolveText) is counted from the
    // customers its words find: walking the list in order would check every lead when fewer than `cap` match.
    const statementKey = `count|${key}|${cap ?? 'all'}`;
    const statement = this.statements.get(statementKey, build);
    const countWith = async (values: Params) =>
      Number(firstValue(await queryRowsByIndex(this.db, statement.text, fillPlaceholders(statement.params, values))));
    // A name typed in full ("maria gomez") often has more than `cap` matches as whole words already, which
    // the index tells ~10 times cheaper than the words as beginnings (wholeWordParams).
    if (needsCustomer && text && cap !== undefined) {
      const whole = wholeWordParams(text, params);
      if (whole && (await countWith(whole)) > cap) return { total: cap, exact: false };
    }
    const n = needsCustomer ? await countWith(params) : Number(firstValue(await this.run(statement, params, stablePlan)));
    return capped(n);
  }

  /**
   * The count statement of a prefixPair text alone (see count): up to `cap` + 1 matching leads. Every step
   * is fenced (OFFSET 0) into the order that stays cheap whatever PostgreSQL estimates (a pair of common
   * prefixes once made it read all of a seller's leads and hash them): the candidates as a merge of the
   * two prefixes checked against the two words on their index entries, then each one's leads in the user's
   * scope from leads_customer_id_idx alone, then, only when the text has other words (`whole` false), the
   * customer of each lead that passed checked against all of them.
   */
  private pairedCount(conditions: Condition[], text: CustomerSearch, whole: boolean, cap: number) {
    const candidates = prefixCandidates(this.db, 'candidates');
    const leadsInScope = this.db
      .select({ one: sql`1`.as('one') })
      .from(leads)
      .where(
        and(
          eq(leads.customerId, candidates.customerId),
          ...onLead(conditions, text).map((condition) => condition()),
          whole ? undefined : sql`exists (${leadCustomerMatching(this.db, text)})`,
        ),
      )
      .offset(literalLimit(0))
      .as('leads_in_scope');
    const inner = this.db
      .select({ one: leadsInScope.one })
      .from(candidates)
      .crossJoinLateral(leadsInScope)
      .where(pairWordsMatch(candidates))
      .limit(literalLimit(cap + 1));
    return this.db.select({ n: count() }).from(inner.as('matching'));
  }

  /** The whole filtered set in keyset batches, for exports: memory stays at one batch. */
  async *batches(scope: LeadScope, filters: LeadFilters, sort: LeadSort, batchSize: number) {
    let cursor: Cursor | undefined;
    for (;;) {
      const rows = (await this.rowsInOrder(scope, filters, sort, { cursor, limit: batchSize }, 'export')).map(exportRowOf);
      const last = rows.at(-1);
      if (!last) return;
      yield rows;
      if (rows.length < batchSize) return;
      cursor = { ...sort, value: last.sortKey, id: last.id, direction: 'next' };
    }
  }
}
