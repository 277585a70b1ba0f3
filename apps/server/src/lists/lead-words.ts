import type { Country } from '@backoffice/shared';
import { aliasedTable, and, asc, count, desc, eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { leadWords } from '../db/schema';
import { literalLimit, ph, StatementCache, type Params } from '../db/statements';
import type { CustomerSearch } from '../repositories/customer-search';
import { nameIn, type TypedName } from './word-lists';

/*
 * A name typed in the leads or sales list, read from lead_words (each lead's customer's words, in the list's
 * default order per word; lists/word-lists.ts): a merge join of its words' posting lists, newest first, that
 * stops at the page or at the count's cap. A typed word that begins several words ("martin": martin,
 * martinez) keeps the list's other ways: an ordered union of posting lists is not a plan PostgreSQL makes.
 * The page and the count are named prepared statements on the pool that keeps generic plans: planned for any
 * words, the join of two lists sorted alike is a merge join of two index-only scans (with the LIMIT, nothing
 * else is cheaper).
 */

/** The scope and order a page is read in from lead_words. */
export interface LeadWordsRange {
  ownSellerId?: number;
  direction: 'asc' | 'desc';
  cursor: boolean;
  offset: boolean;
  limit: number;
}

export class LeadWordsSearch {
  private readonly statements = new StatementCache('lead_words');

  constructor(private readonly db: Db) {}

  /** How a text is read from lead_words (nameIn). */
  nameOf(country: Country, text: CustomerSearch): Promise<TypedName | 'none' | undefined> {
    return nameIn(this.db, 'lead_words', country, text);
  }

  /**
   * The ids of a page of leads whose customer has every word (as a subquery `page_ids`), in the list's
   * default order (created_at, id) from `cursorValue`/`cursorId` (exclusive) and past `offset`.
   */
  pageIds(name: TypedName, range: LeadWordsRange, cursorValue: () => SQL) {
    const { first, joined } = this.merged(
      name,
      range.ownSellerId !== undefined,
      range.cursor ? { direction: range.direction, cursorValue } : undefined,
    );
    const order = range.direction === 'desc' ? [desc(first.createdAt), desc(first.leadId)] : [asc(first.createdAt), asc(first.leadId)];
    const page = joined.orderBy(...order).limit(literalLimit(range.limit));
    if (range.offset) page.offset(ph('offset'));
    return page.as('page_ids');
  }

  /** How many leads' customers have every word, up to `cap` + 1 (all without a cap). */
  async count(name: TypedName, ownSellerId: number | undefined, params: Params, cap?: number): Promise<number> {
    const statement = this.statements.get(`count|${nameShape(name)}|${ownSellerId !== undefined}|${cap ?? 'all'}`, () => {
      const { joined } = this.merged(name, ownSellerId !== undefined);
      if (cap !== undefined) joined.limit(literalLimit(cap + 1));
      return this.db.select({ n: count() }).from(joined.as('matching'));
    });
    const rows = await queryRows(this.db, statement.text, fillPlaceholders(statement.params, nameValues(name, params)), statement.name);
    return Number(rows[0]?.[0] ?? 0);
  }

  /**
   * The leads holding every word (`lw0`, `lw1`…) in the country (and the seller's, `own`): each word's
   * posting list joined to the first's on (created_at, lead_id), the key both lists are sorted by; and a word
   * in each typed word's range (`lp0`…), checked on each lead through the primary key.
   */
  private merged(name: TypedName, own: boolean, cursor?: { direction: 'asc' | 'desc'; cursorValue: () => SQL }) {
    const lists = name.words.map((_word, i) => aliasedTable(leadWords, `w${i}`));
    const first = lists[0]!;
    const inScope = (list: typeof first, i: number) =>
      and(eq(list.country, ph('country')), own ? eq(list.sellerId, ph('own')) : undefined, eq(list.word, ph(`lw${i}`)));
    const conditions = lists.map(inScope);
    name.prefixes.forEach((_prefix, i) => {
      const prefix = ph(`lp${i}`);
      conditions.push(
        sql`exists (select 1 from ${leadWords} x where x.lead_id = ${first.leadId} and x.word >= ${prefix} and x.word < ${prefix} || chr(1114111) offset 0)`,
      );
    });
    // On every list, so that none is read from its start up to the cursor.
    if (cursor)
      for (const list of lists) {
        const position = sql`(${list.createdAt}, ${list.leadId})`;
        const from = sql`(${cursor.cursorValue()}, ${ph('cursorId')}::integer)`;
        conditions.push(cursor.direction === 'desc' ? sql`${position} < ${from}` : sql`${position} > ${from}`);
      }
    const joined = this.db.select({ id: first.leadId }).from(first).$dynamic();
    for (const list of lists.slice(1)) joined.innerJoin(list, and(eq(list.createdAt, first.createdAt), eq(list.leadId, first.leadId)));
    joined.where(and(...conditions));
    return { first, joined };
  }
}

/** The statement's values: the list's (`country`, `own`, the cursor's, `offset`), the words as `lw0`…, the prefixes as `lp0`…. */
export function nameValues(name: TypedName, params: Params): Params {
  const values: Params = { ...params };
  name.words.forEach((word, i) => (values[`lw${i}`] = word));
  name.prefixes.forEach((prefix, i) => (values[`lp${i}`] = prefix));
  return values;
}

/** A name's statement shape: how many merged lists and how many checked prefixes. */
export function nameShape(name: TypedName): string {
  return `${name.words.length}.${name.prefixes.length}`;
}
