import { DIGIT_WINDOW } from '@backoffice/shared';

/** Escapes LIKE's wildcards so user text matches literally (the pattern is still a bound parameter). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The six-digit windows of a digit word as integers, as search_digit_windows() (migration 0006) stores
 * them for documents and phones: a customer contains the word only if it has every one of its windows.
 */
export function digitWindows(digits: string): number[] {
  const windows = new Set<number>();
  for (let i = 0; i + DIGIT_WINDOW <= digits.length; i++) windows.add(Number(digits.slice(i, i + DIGIT_WINDOW)));
  return [...windows];
}
