import { SEARCH_MIN_CHARS } from '@backoffice/shared';
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from '../db/schema';

const FOLD = new Map([...SEARCH_FOLD_FROM].map((char, i) => [char, SEARCH_FOLD_TO[i]]));

/** The same folding the database applies to customers.search_text: accents off, lower case. */
export function foldSearch(text: string): string {
  return [...text].map((char) => FOLD.get(char) ?? char).join('').toLowerCase();
}

/** Escapes LIKE's wildcards so user text matches literally (the pattern is still a bound parameter). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export interface SearchTerms {
  /** Words of SEARCH_MIN_CHARS or more: matched with `like '%word%'`, which the trigram index serves. */
  indexed: string[];
  /** Shorter words: only narrow the rows the indexed words found. */
  other: string[];
}

/**
 * Splits free text into words that must all appear in the search column. A word made of digits and the
 * usual separators ('30.123.456', '11-5555-4444') is reduced to its digits, the way documents and phones
 * are stored.
 */
export function searchTerms(q: string): SearchTerms {
  const words = foldSearch(q.trim())
    .split(/\s+/)
    .map((word) => (/^[\d.\-/()+]+$/.test(word) ? word.replace(/\D/g, '') : word))
    .filter((word) => word !== '');
  const unique = [...new Set(words)];
  return {
    indexed: unique.filter((word) => word.length >= SEARCH_MIN_CHARS),
    other: unique.filter((word) => word.length < SEARCH_MIN_CHARS),
  };
}
