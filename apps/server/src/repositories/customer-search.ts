import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
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

/**
 * Free text over customers (document, CUIL, names, cellphone, email), as conditions with placeholders whose
 * values go into `params`. Shared by the leads list and the searcher, so both find the same customers.
 */
export function customerSearch(q: string, params: Params): CustomerSearch {
  const terms = searchTerms(q);
  const words: Condition[] = [];
  // Long digit fragments: the digit-window index finds the customers holding all of the fragment's
  // six-digit windows; strpos (which no index serves, so the planner does not also scan the slow
  // plain-digit trigrams) checks the digits are contiguous.
  terms.digits.forEach((word, i) => {
    params[`w${i}`] = digitWindows(word);
    params[`d${i}`] = word;
    words.push(() => sql`${customers.searchWindows} @> ${ph(`w${i}`)}::integer[]`);
    words.push(() => sql`strpos(${customers.searchText}, ${ph(`d${i}`)}) > 0`);
  });
  // Letters only (so nothing in it is tsquery syntax): the beginning of a name or email word.
  terms.letters.forEach((word, i) => {
    // Folded and lower-cased already, a word of letters is its own lexeme (what to_tsquery('simple', …)
    // would make of it). Bound as a tsquery, it is read once per run; to_tsquery of a parameter in a
    // prepared statement's generic plan ran once per row the walk over the newest customers checked.
    params[`p${i}`] = `${word}:*`;
    words.push(() => sql`${customers.searchWords} @@ ${ph(`p${i}`)}::tsquery`);
  });
  terms.indexed.forEach((word, i) => {
    params[`q${i}`] = `%${escapeLike(word)}%`;
    words.push(() => sql`${customers.searchText} like ${ph(`q${i}`)}`);
  });
  // Too short for trigrams: strpos keeps the planner from asking the trigram index for them.
  terms.other.forEach((word, i) => {
    params[`o${i}`] = word;
    words.push(() => sql`strpos(${customers.searchText}, ${ph(`o${i}`)}) > 0`);
  });
  return {
    words,
    key: `q${terms.digits.length}.${terms.letters.length}.${terms.indexed.length}.${terms.other.length}`,
    selective: terms.digits.length > 0,
    letters: terms.letters,
  };
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
 * The first three letters of the text's two longest words of letters (three letters or more each), as
 * customer_word_prefixes holds them; undefined for a text with fewer such words.
 */
export function prefixPair(search: CustomerSearch): [string, string] | undefined {
  const [first, second] = search.letters
    .map((word) => [...word])
    .filter((letters) => letters.length >= 3)
    .sort((a, b) => b.length - a.length);
  return second ? [first.slice(0, 3).join(''), second.slice(0, 3).join('')] : undefined;
}

/**
 * The ids of the country's customers having a word that begins with the prefix bound as `param`, newest
 * first, from customer_word_prefixes' primary key alone (up to `window` of them). Two of them joined on the
 * id are read as a merge of two backward index scans: a superset of a prefixPair text's customers, which
 * stops as soon as its reader has enough.
 */
export function customersWithPrefix(db: Db, alias: string, param: string, window?: number) {
  const statement = db
    .select({ customerId: customerWordPrefixes.customerId })
    .from(customerWordPrefixes)
    .where(and(eq(customerWordPrefixes.country, ph('country')), eq(customerWordPrefixes.prefix, ph(param))))
    .orderBy(desc(customerWordPrefixes.customerId))
    .$dynamic();
  if (window !== undefined) statement.limit(literalLimit(window));
  return statement.as(alias);
}
