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

/** Digit words this long or longer are looked up through customers.search_windows (six-digit windows). */
export const DIGIT_WINDOW = 6;

/**
 * The six-digit windows of a digit word as integers, as search_digit_windows() (migration 0006) stores
 * them for documents and phones: a customer contains the word only if it has every one of its windows.
 */
export function digitWindows(digits: string): number[] {
  const windows = new Set<number>();
  for (let i = 0; i + DIGIT_WINDOW <= digits.length; i++) windows.add(Number(digits.slice(i, i + DIGIT_WINDOW)));
  return [...windows];
}

export interface SearchTerms {
  /** Digit-only words of DIGIT_WINDOW or more: found through the digit-window index, then checked exactly. */
  digits: string[];
  /**
   * Words of letters only, SEARCH_MIN_CHARS or more: the beginning of a word of the names or the email,
   * found through customers.search_words (a prefix query on its GIN index).
   */
  letters: string[];
  /** Other words of SEARCH_MIN_CHARS or more: matched with `like '%word%'`, which the trigram index serves. */
  indexed: string[];
  /** Shorter words: only narrow the rows the indexed words found. */
  other: string[];
}

/**
 * Splits free text into words that must all match. A word made of digits and the usual separators
 * ('30.123.456', '11-5555-4444') is reduced to its digits, the way documents and phones are stored, and
 * matches anywhere in them; a word of letters matches the beginning of a word of the names or the email;
 * anything else (an email, letters with digits) matches anywhere.
 */
export function searchTerms(q: string): SearchTerms {
  const words = foldSearch(q.trim())
    .split(/\s+/)
    .map((word) => (/^[\d.\-/()+]+$/.test(word) ? word.replace(/\D/g, '') : word))
    .filter((word) => word !== '');
  const unique = [...new Set(words)];
  const isDigits = (word: string) => /^\d+$/.test(word) && word.length >= DIGIT_WINDOW;
  const isLetters = (word: string) => /^\p{L}+$/u.test(word) && word.length >= SEARCH_MIN_CHARS;
  return {
    digits: unique.filter(isDigits),
    letters: unique.filter(isLetters),
    indexed: unique.filter((word) => !isDigits(word) && !isLetters(word) && word.length >= SEARCH_MIN_CHARS),
    other: unique.filter((word) => word.length < SEARCH_MIN_CHARS),
  };
}
