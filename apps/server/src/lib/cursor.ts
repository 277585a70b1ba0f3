import type { LeadSortField } from '@backoffice/shared';

/**
 * A keyset cursor: the sort key and id of the row a page starts after ('next') or ends before ('prev').
 * Opaque to the client (base64url JSON). It records the sort it was made for: a cursor of another sort is
 * ignored and the page is reached by position instead.
 */
export interface Cursor {
  sort: LeadSortField;
  dir: 'asc' | 'desc';
  /** The sort column's value as exact text: timestamps as epoch microseconds, numbers as digits. */
  value: string;
  id: number;
  direction: 'next' | 'prev';
}

export function encodeCursor(cursor: Cursor): string {
  const { sort, dir, value, id, direction } = cursor;
  return Buffer.from(JSON.stringify([sort, dir, value, id, direction === 'next' ? 'n' : 'p'])).toString('base64url');
}

/** undefined for anything that is not a cursor we made (it is user input). */
export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 5) return undefined;
    const [sort, dir, value, id, direction] = parsed as unknown[];
    if (!['created_at', 'updated_at', 'requested_amount', 'id'].includes(sort as string)) return undefined;
    if (dir !== 'asc' && dir !== 'desc') return undefined;
    if (typeof value !== 'string' || !/^-?\d{1,20}$/.test(value)) return undefined;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return undefined;
    if (direction !== 'n' && direction !== 'p') return undefined;
    return { sort: sort as LeadSortField, dir, value, id, direction: direction === 'n' ? 'next' : 'prev' };
  } catch {
    return undefined;
  }
}
