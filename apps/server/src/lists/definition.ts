import type { Country } from '@backoffice/shared';
import type { SQL } from 'drizzle-orm';
import type { AuthUser } from '../plugins/app/auth';
import type { Column } from '../services/lead-export';

/** How a sort key's value travels in a cursor (as text) and is cast back for the keyset comparison. */
export type SortType = 'integer' | 'bigint' | 'numeric' | 'timestamptz' | 'date' | 'text';

/** A sort a list offers: a never-null expression, ordered with the list's id as the tie-breaker. */
export interface SortKey {
  expr: SQL;
  type: SortType;
  /** The key grows as the sort's value shrinks (days past due are read by the date they began): read the other way. */
  reversed?: boolean;
}

export interface ListOrder {
  sort: string;
  dir: 'asc' | 'desc';
}

/** Who asks: the country of the route and the signed-in user (their role and id scope the rows). */
export interface ListContext {
  country: Country;
  user: AuthUser;
}

export type ExportColumn<R> = Column<R>;

/**
 * A list declared on the list engine: what it reads, who sees which rows, how it filters, sorts and
 * renders a row. The engine brings paging by keyset cursors, the capped count and the export; a new area's
 * list is one of these, never a copy of another list's queries.
 */
export interface ListDefinition<F, R> {
  /** Names the list's cursors (a cursor of another list is ignored) and its export files. */
  name: string;
  /** FROM with its joins; a function when some filters read the rows another way (a name's word lists). */
  from: SQL | ((filters: F) => SQL);
  /**
   * FROM for the count when these filters touch no joined table: a count of thousands of matches then reads
   * one index instead of joining a row of each table per match. Undefined: `from`.
   */
  countFrom?: (filters: F) => SQL | undefined;
  /** A unique, never-null integer key of a row: the keyset's tie-breaker. */
  id: SQL;
  sorts: Record<string, SortKey>;
  /** The order when none is asked; a function when it depends on who asks (a collector's day's work first). */
  defaultSort: ListOrder | ((context: ListContext) => ListOrder);
  /** The conditions (ANDed; undefined ones left out) that scope the rows to the user and apply the filters. */
  where: (context: ListContext, filters: F) => (SQL | undefined)[];
  /**
   * Whether the statements of these filters have one good plan whatever their values (indexed columns, ids
   * looked up first): they then run as named prepared statements on a generic plan, planned once per
   * connection instead of on every request. Undefined: planned for each request's values.
   */
  prepared?: (filters: F) => boolean;
  /**
   * The node keeps each filter's count for COUNT_CACHE_SECONDS (answered with `cachedAt`), as the lead list
   * does; the list's writes through the node drop them (`ListEngine.changed`).
   */
  cachedCounts?: boolean;
  /**
   * The count of these filters when the list already knows it (its matches looked up before the page):
   * the page then asks none. Undefined: counted.
   */
  knownCount?: (filters: F) => number | undefined;
  /** A row as a JSON object (json_build_object), the shape the list's row schema declares. */
  row: SQL;
  export?: { sheet: string; columns: (country: Country) => ExportColumn<R>[] };
}

/** Declares a list (types the filters and row once). */
export function defineList<F, R>(definition: ListDefinition<F, R>): ListDefinition<F, R> {
  return definition;
}
