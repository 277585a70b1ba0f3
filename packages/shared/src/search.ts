import { nationalPhone } from './documents';
import { SEARCH_MIN_CHARS } from './schemas/lead-list';

/*
 * Free text over customers, as the server looks it up and as the searcher shows why each customer matched:
 * one way to fold and split a text, so the highlighted parts are the ones that matched.
 */

/** Accented letters and their plain forms, for the accent-insensitive search column (same order). */
export const SEARCH_FOLD_FROM = 'ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇáàäâãéèëêíìïîóòöôõúùüûñç';
export const SEARCH_FOLD_TO = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';

const FOLD = new Map([...SEARCH_FOLD_FROM].map((char, i) => [char, SEARCH_FOLD_TO[i]]));

/** The same folding the database applies to customers.search_text: accents off, lower case. */
export function foldSearch(text: string): string {
  return [...text]
    .map((char) => FOLD.get(char) ?? char)
    .join('')
    .toLowerCase();
}

/** Digit words this long or longer are looked up through customers.search_windows (six-digit windows). */
export const DIGIT_WINDOW = 6;

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

/** Punctuation around a word ('Pérez, Juan' as the lists show names, quotes, brackets): not part of it. */
const WORD_EDGES = /^[,;:"'’‘“”()[\]¿?¡!]+|[,;:"'’‘“”()[\]¿?¡!]+$/g;

/**
 * Splits free text into words that must all match. A word made of digits and the usual separators
 * ('30.123.456', '11-5555-4444') is reduced to its digits, the way documents and phones are stored, and
 * matches anywhere in them; a text of digits only is first read as a phone as people write it, so
 * '+54 9 223 811-0111' and '0223 15 811-0111' look for the stored '2238110111' (its digits in order). A word of letters matches
 * the beginning of a word of the names or the email, and punctuation inside a name separates words
 * ('García-López', "D'Angelo"); anything else (an email, letters with digits) matches anywhere.
 */
export function searchTerms(q: string): SearchTerms {
  let text = q;
  if (/^[\d\s.\-/()+]+$/.test(q.trim())) {
    text = nationalPhone(q);
    // A whole phone or CUIL typed in groups ('11 5555 4444', '20 30123456 7') is one number: its digits in order.
    const digits = text.replace(/\D/g, '');
    if (digits.length === 10 || digits.length === 11) text = digits;
  }
  const words = foldSearch(text.trim())
    .split(/\s+/)
    .flatMap((typed) => {
      const word = typed.replace(WORD_EDGES, '');
      if (/^[\d.\-/()+]+$/.test(word)) return [word.replace(/\D/g, '')];
      return word.includes('@') ? [word] : word.split(/[,;'’-]+/);
    })
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

/**
 * Where the words of a search appear in a shown value (a name, a document, an email), as sorted,
 * non-overlapping [start, end) ranges of `text`: words of letters at the beginning of a word (as the
 * server matches them), the others anywhere; accents and case do not matter.
 */
export function searchMatches(text: string, terms: SearchTerms): [number, number][] {
  // Folded one character at a time, each keeping its length, so indexes in it are indexes in `text` (a
  // character whose lower case is longer, rare in names, is compared as it is).
  let folded = '';
  for (const unit of text) {
    const plain = (FOLD.get(unit) ?? unit).toLowerCase();
    folded += plain.length === unit.length ? plain : unit;
  }
  const ranges: [number, number][] = [];
  const find = (word: string, atWordStart: boolean) => {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
      if (!atWordStart || at === 0 || !/\p{L}/u.test(folded.charAt(at - 1))) ranges.push([at, at + word.length]);
    }
  };
  for (const word of terms.letters) find(word, true);
  for (const word of [...terms.digits, ...terms.indexed, ...terms.other]) find(word, false);
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}
