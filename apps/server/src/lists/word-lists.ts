import type { Country } from '@backoffice/shared';
import { queryRows, type Db } from '../db/client';
import type { CustomerSearch } from '../repositories/customer-search';

/*
 * Word lists: tables of (country, word, <list order…>, id) rows, one per word of a row's customer, kept by
 * triggers (lead_words for the leads and sales lists, collection_words for collections), with a primary key
 * (id, word). A name typed is read as a merge of the lists of its words that begin exactly one stored word,
 * in the list's order, stopping at the page; a typed word that begins several ("martin": martin, martinez) is
 * checked on each row the merge yields, through the primary key (an EXISTS kept a subplan by its OFFSET 0:
 * as a semi join, the generic plan hashed the whole range first). `word` is in the "C" collation, so a typed
 * word's words are the byte range [word, word || U+10FFFF), as a tsquery prefix compares them.
 */

/** More words than this take the list's other ways (each is one more join). */
const MAX_WORDS = 4;

export type WordListTable = 'lead_words' | 'collection_words';

/** A name as a word list reads it: the whole words whose lists are merged, and the typed words checked by range. */
export interface TypedName {
  words: [string, ...string[]];
  prefixes: string[];
}

/** For each typed word, the first stored word it begins and whether another one follows: two index descents. */
const vocabulary = (table: WordListTable) => `select t.i, f.word, f.word is not null and exists (
    select 1 from ${table} x where x.country = $1 and x.word > f.word and x.word < t.w || chr(1114111))
  from unnest($2::text[]) with ordinality as t(w, i)
  left join lateral (
    select w.word from ${table} w where w.country = $1 and w.word >= t.w and w.word < t.w || chr(1114111)
     order by w.word limit 1) f on true
  order by t.i`;

/**
 * How a text is read from the table: `none` when some typed word begins no stored word (no row matches);
 * undefined when the text is not words of letters alone, has too many, or each of its words begins several
 * (the caller reads the list its other ways); otherwise the whole words of the typed words that begin exactly
 * one, and the typed words that begin several.
 */
export async function nameIn(
  db: Db,
  table: WordListTable,
  country: Country,
  text: CustomerSearch,
): Promise<TypedName | 'none' | undefined> {
  if (text.letters.length === 0 || text.letters.length > MAX_WORDS || text.words.length !== text.letters.length) return undefined;
  const rows = await queryRows(db, vocabulary(table), [country, text.letters], `${table}_vocabulary`);
  if (rows.some((row) => row[1] === null)) return 'none';
  const words: string[] = [];
  const prefixes: string[] = [];
  rows.forEach((row, i) => (row[2] === true ? prefixes.push(text.letters[i]!) : words.push(String(row[1]))));
  const [first, ...rest] = words;
  return first === undefined ? undefined : { words: [first, ...rest], prefixes };
}
