import { and, desc, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers, customerWordPrefixes } from '../db/schema';
import { literalLimit, ph, type Params } from '../db/statements';
import { searchTerms } from '@backoffice/shared';
import { digitWindows, escapeLike } from '../lib/search';

/** A condition, built only when its statement is compiled (once per shape). */
export type Condition = () => SQL;

export interface CustomerSearch {
  /** Conditions on `customers`, every word of the text (all must match). */
  words: Condition[];
  /** The statement shape: how many words of each kind (values are bound, never in the SQL text). */
  key: string;
  /** A document or phone fragment of 6+ digits: matches a handful of customers, found by their windows. */
  selective: boolean;
  /** The words of letters (prefix queries on the names and email, values `p0`, `p1`…), as looked up. */
  letters: string[];
}

/** Where a word's value goes: a named placeholder (the statement compiled once per shape) or bound inline. */
type Bind = (name: string, value: unknown) => SQL | Placeholder;

/** The customers' columns a text is matched on: the table's, or an alias's (`c` in a list's FROM). */
type SearchColumns = Record<'searchWindows' | 'searchText' | 'searchWords', SQLWrapper>;

/** A word of letters' condition on a words tsvector (customers.search_words or a copy of it). */
const wordsMatch = (words: SQL | SQLWrapper, value: SQL | Placeholder) => sql`${words} @@ ${value}::tsquery`;

/**
 * Free text over customers (document, CUIL, names, cellphone, email): one condition per word, each value
 * given to `bind`. The only statement of the word rules, for the leads, the searcher and collections.
 */
function textConditions(q: string, columns: SearchColumns, bind: Bind) {
  const terms = searchTerms(q);
  const words: Condition[] = [];
  // Long digit fragments: the digit-window index finds the customers holding all of the fragment's
  // six-digit windows; strpos (which no index serves, so the planner does not also scan the slow
  // plain-digit trigrams) checks the digits are contiguous.
  terms.digits.forEach((word, i) => {
    const windows = bind(`w${i}`, digitWindows(word));
    const digits = bind(`d${i}`, word);
    words.push(() => sql`${columns.searchWindows} @> ${windows}::integer[]`);
    words.push(() => sql`strpos(${columns.searchText}, ${digits}) > 0`);
  });
  // Letters only (so nothing in it is tsquery syntax): the beginning of a name or email word.
  // Folded and lower-cased already, a word of letters is its own lexeme (what to_tsquery('simple', …)
  // would make of it). Bound as a tsquery, it is read once per run; to_tsquery of a parameter in a
  // prepared statement's generic plan ran once per row the walk over the newest customers checked.
  terms.letters.forEach((word, i) => {
    const prefix = bind(`p${i}`, `${word}:*`);
    words.push(() => wordsMatch(columns.searchWords, prefix));
  });
  terms.indexed.forEach((word, i) => {
    const pattern = bind(`q${i}`, `%${escapeLike(word)}%`);
    words.push(() => sql`${columns.searchText} like ${pattern}`);
  });
  // Too short for trigrams: strpos keeps the planner from asking the trigram index for them.
  terms.other.forEach((word, i) => {
    const value = bind(`o${i}`, word);
    words.push(() => sql`strpos(${columns.searchText}, ${value}) > 0`);
  });
  return { terms, words };
}

/**
 * Free text over customers as conditions with placeholders whose values go into `params`. Shared by the
 * leads list, the searcher and collections, so all find the same customers.
 */
export function customerSearch(q: string, params: Params): CustomerSearch {
  const { terms, words } = textConditions(q, customers, (name, value) => {
    params[name] = value;
    return ph(name);
  });
  return {
    words,
    key: `q${terms.digits.length}.${terms.letters.length}.${terms.indexed.length}.${terms.other.length}`,
    selective: terms.digits.length > 0,
    letters: terms.letters,
  };
}

/**
 * The text's conditions on `columns` with their values bound inline, for a statement planned for its
 * values (the list engine's): the same words and rules as customerSearch.
 */
export function customerTextConditions(q: string, columns: SearchColumns): SQL[] {
  // An array bound inline would be spread into a list by drizzle: it goes as PostgreSQL's array literal.
  const { words } = textConditions(q, columns, (_name, value) => sql`${Array.isArray(value) ? `{${value.join(',')}}` : value}`);
  return words.map((word) => word());
}

/**
 * customerSearch's values with each word of letters matched whole ("perez") rather than by its beginning
 * ("perez:*"), or undefined when the text has none. Whole words match a subset of what their beginnings
 * do, and the GIN index answers them by stepping through two posting lists, where a prefix first gathers
 * every entry it spans into a bitmap (~10 times dearer for common names): a cheap lower bound for counts.
 */
export function wholeWordParams(search: CustomerSearch, params: Params): Params | undefined {
  if (search.letters.length === 0) return undefined;
  const whole = { ...params };
  for (let i = 0; i < search.letters.length; i++) whole[`p${i}`] = String(params[`p${i}`]).slice(0, -':*'.length);
  return whole;
}

/** The customers of the country matching every word, as one condition. */
export function customerMatch(search: CustomerSearch): SQL {
  return and(sql`${customers.country} = ${ph('country')}`, ...search.words.map((word) => word()))!;
}

/**
 * The text's two longest words of letters (three letters or more each) as customer_word_prefixes is read for
 * them: their first three letters (`pre0`, `pre1`) and the words themselves as prefix queries (`pw0`, `pw1`,
 * checked by pairWordsMatch); undefined for a text with fewer such words. `whole`: the text is those two
 * words and nothing else, so a candidate that passes pairWordsMatch is a match.
 */
export function prefixPair(search: CustomerSearch): { params: Params; whole: boolean } | undefined {
  const [first, second] = search.letters
    .map((word) => [...word])
    .filter((letters) => letters.length >= 3)
    .sort((a, b) => b.length - a.length);
  if (!first || !second) return undefined;
  return {
    params: {
      pre0: first.slice(0, 3).join(''),
      pre1: second.slice(0, 3).join(''),
      pw0: `${first.join('')}:*`,
      pw1: `${second.join('')}:*`,
    },
    whole: search.words.length === 2 && search.letters.length === 2,
  };
}

/**
 * The ids of the country's customers having a word that begins with the prefix bound as `param`, newest
 * first, each with its words under that prefix, from customer_word_prefixes' primary key alone (up to
 * `window` of them).
 */
function customersWithPrefix(db: Db, alias: string, param: string, window?: number) {
  const statement = db
    .select({ customerId: customerWordPrefixes.customerId, words: sql<string[]>`${customerWordPrefixes.words}`.as(`${alias}_words`) })
    .from(customerWordPrefixes)
    .where(and(eq(customerWordPrefixes.country, ph('country')), eq(customerWordPrefixes.prefix, ph(param))))
    .orderBy(desc(customerWordPrefixes.customerId))
    .$dynamic();
  if (window !== undefined) statement.limit(literalLimit(window));
  return statement.as(alias);
}

/**
 * The customers having both prefixes of prefixPair (`pre0`, `pre1`), newest first, with their words under
 * each: a merge of two backward scans of customer_word_prefixes' primary key (each up to `window` entries),
 * which stops as soon as its reader has enough; up to `limit` of them, or all. A superset of the text's
 * customers, which pairWordsMatch narrows. LIMIT or OFFSET 0 fences the subquery: the words' check made on
 * its rows stays after the merge (let into the join, it made PostgreSQL hash both lists whole).
 */
export function prefixCandidates(db: Db, alias: string, { window, limit }: { window?: number; limit?: number } = {}) {
  const first = customersWithPrefix(db, 'first_prefix', 'pre0', window);
  const second = customersWithPrefix(db, 'second_prefix', 'pre1', window);
  const merged = db
    .select({ customerId: first.customerId, firstWords: first.words, secondWords: second.words })
    .from(first)
    .innerJoin(second, eq(second.customerId, first.customerId))
    .orderBy(desc(first.customerId))
    .$dynamic();
  return (limit === undefined ? merged.offset(literalLimit(0)) : merged.limit(literalLimit(limit))).as(alias);
}

/**
 * Whether a prefixCandidates row has both words of prefixPair (`pw0`, `pw1`): the words it holds under the
 * two prefixes are all of the customer's words that could match them, so this is the text's own check for
 * those two words, made on the index entries rather than on the customer's row.
 */
export function pairWordsMatch(candidates: ReturnType<typeof prefixCandidates>): SQL {
  const words = sql`array_to_tsvector(${candidates.firstWords} || ${candidates.secondWords})`;
  return sql`(${words} @@ ${ph('pw0')}::tsquery and ${words} @@ ${ph('pw1')}::tsquery)`;
}
