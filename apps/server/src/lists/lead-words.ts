import type { Country } from '@backoffice/shared';
import { aliasedTable, and, asc, count, desc, eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { leadWords } from '../db/schema';
import { literalLimit, ph, StatementCache, type Params } from '../db/statements';
import type { CustomerSearch } from '../repositories/customer-search';

/*
 * A name typed in the leads or sales list, read from lead_words (each lead's customer's words, in the list's
 * default order per word): a text of words of letters alone, each of which begins exactly one word of the
 * country's customers, is a merge join of those words' posting lists, newest first, that stops at the page
 * or at the count's cap. A typed word that begins several words ("martin": martin, martinez) keeps the
 * list's other ways: an ordered union of posting lists is not a plan PostgreSQL makes. The page and the
 * count are named prepared statements on the pool that keeps generic plans: planned for any words, the join
 * of two lists sorted alike is a merge join of two index-only scans (with the LIMIT, nothing else is cheaper).
 */

/** More words than this take the list's other ways (each is one more merge join). */
const MAX_WORDS = 4;

/**
 * For each typed word, the first word of lead_words it begins and whether another one follows: two
 * descents of lead_words_list_idx, however many leads hold the words. `word` is in the "C" collation, so a
 * typed word's words are the byte range [word, word || U+10FFFF), as a tsquery prefix compares them.
 */
const VOCABULARY = `select t.i, f.word, f.word is not null and exists (
    select 1 from lead_words x where x.country = $1 and x.word > f.word and x.word < t.w || chr(1114111))
  from unnest($2::text[]) with ordinality as t(w, i)
  left join lateral (
    select w.word from lead_words w where w.country = $1 and w.word >= t.w and w.word < t.w || chr(1114111)
     order by w.word limit 1) f on true
  order by t.i`;

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

  /**
   * The whole words a text stands for in lead_words: one per typed word when each begins exactly one;
   * `[]` when some typed word begins none (no lead matches); undefined when the text is not words of
   * letters alone, has too many, or a word begins several (the caller reads the list its other ways).
   */
  async wordsOf(country: Country, text: CustomerSearch): Promise<string[] | undefined> {
    if (text.letters.length === 0 || text.letters.length > MAX_WORDS || text.words.length !== text.letters.length) return undefined;
    const rows = await queryRows(this.db, VOCABULARY, [country, text.letters], 'lead_words_vocabulary');
    if (rows.some((row) => row[1] === null)) return [];
    if (rows.some((row) => row[2] === true)) return undefined;
    return rows.map((row) => String(row[1]));
  }

  /**
   * The ids of a page of leads whose customer has every word (as a subquery `page_ids`), in the list's
   * default order (created_at, id) from `cursorValue`/`cursorId` (exclusive) and past `offset`.
   */
  pageIds(n: number, range: LeadWordsRange, cursorValue: () => SQL) {
    const { first, joined } = this.merged(
      n,
      range.ownSellerId !== undefined,
      range.cursor ? { direction: range.direction, cursorValue } : undefined,
    );
    const order = range.direction === 'desc' ? [desc(first.createdAt), desc(first.leadId)] : [asc(first.createdAt), asc(first.leadId)];
    const page = joined.orderBy(...order).limit(literalLimit(range.limit));
    if (range.offset) page.offset(ph('offset'));
    return page.as('page_ids');
  }

  /** How many leads' customers have every word, up to `cap` + 1 (all without a cap). */
  async count(words: string[], ownSellerId: number | undefined, params: Params, cap?: number): Promise<number> {
    const statement = this.statements.get(`count|${words.length}|${ownSellerId !== undefined}|${cap ?? 'all'}`, () => {
      const { joined } = this.merged(words.length, ownSellerId !== undefined);
      if (cap !== undefined) joined.limit(literalLimit(cap + 1));
      return this.db.select({ n: count() }).from(joined.as('matching'));
    });
    const rows = await queryRows(this.db, statement.text, fillPlaceholders(statement.params, wordValues(words, params)), statement.name);
    return Number(rows[0]?.[0] ?? 0);
  }

  /**
   * The leads holding every word (`lw0`, `lw1`…) in the country (and the seller's, `own`): each word's
   * posting list joined to the first's on (created_at, lead_id), the key both lists are sorted by.
   */
  private merged(n: number, own: boolean, cursor?: { direction: 'asc' | 'desc'; cursorValue: () => SQL }) {
    const lists = Array.from({ length: n }, (_, i) => aliasedTable(leadWords, `w${i}`));
    const first = lists[0]!;
    const inScope = (list: typeof first, i: number) =>
      and(eq(list.country, ph('country')), own ? eq(list.sellerId, ph('own')) : undefined, eq(list.word, ph(`lw${i}`)));
    const conditions = lists.map(inScope);
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

/** The statement's values: the list's (`country`, `own`, the cursor's, `offset`) and the words as `lw0`…. */
export function wordValues(words: string[], params: Params): Params {
  const values: Params = { ...params };
  words.forEach((word, i) => (values[`lw${i}`] = word));
  return values;
}
