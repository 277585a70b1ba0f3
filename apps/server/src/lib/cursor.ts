import type { LeadSortField } from '@backoffice/shared';

/**
 * A keyset cursor: the sort key and id of the row a page starts after ('next') or ends before ('prev').
 * Opaque to the client (base64url JSON). It records the sort it was made for: a cursor of another sort is
 * ignored and the page is reached by position instead.
 */
export interface Cursor {
  sort: LeadSortField;
  dir: 'asc' | 'desc';
  /**
   * The sort column's value as exact text: timestamps as epoch microseconds, numbers as digits; the next
   * call's infinities (a lead without one) as INFINITY_KEYS.
   */
  value: string;
  id: number;
  direction: 'next' | 'prev';
}

export function encodeCursor(cursor: Cursor): string {
  const { sort, dir, value, id, direction } = cursor;
  return Buffer.from(JSON.stringify([sort, dir, value, id, direction === 'next' ? 'n' : 'p'])).toString('base64url');
}

const INT4_MAX = 2_147_483_647n;

/**
 * The next call sort's value for a lead without a call back (lists/leads.ts, NEXT_CALL_KEYS): its
 * direction's infinity, as the bigint's bounds (no timestamp's microseconds reach them).
 */
export const INFINITY_KEYS = { infinity: '9223372036854775807', '-infinity': '-9223372036854775808' } as const;
/** Timestamps between the years 1 and 9999, in microseconds since the epoch (PostgreSQL's own bounds are wider). */
const TIMESTAMP_RANGE: [bigint, bigint] = [-62_135_596_800_000_000n, 253_402_300_799_999_999n];
/** What a sort column can hold: a value outside it is no cursor we made, and would fail in the database. */
const VALUE_RANGES: Record<LeadSortField, [bigint, bigint]> = {
  id: [1n, INT4_MAX],
  requested_amount: [0n, 9_223_372_036_854_775_807n],
  created_at: TIMESTAMP_RANGE,
  updated_at: TIMESTAMP_RANGE,
  next_call_at: TIMESTAMP_RANGE,
};

/** undefined for anything that is not a cursor we made (it is user input). */
export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 5) return undefined;
    const [sort, dir, value, id, direction] = parsed as unknown[];
    if (typeof sort !== 'string' || !Object.hasOwn(VALUE_RANGES, sort)) return undefined;
    if (dir !== 'asc' && dir !== 'desc') return undefined;
    if (typeof value !== 'string' || !/^-?\d{1,20}$/.test(value)) return undefined;
    const [min, max] = VALUE_RANGES[sort as LeadSortField];
    const infinite = sort === 'next_call_at' && (value === INFINITY_KEYS.infinity || value === INFINITY_KEYS['-infinity']);
    if (!infinite && (BigInt(value) < min || BigInt(value) > max)) return undefined;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > Number(INT4_MAX)) return undefined;
    if (direction !== 'n' && direction !== 'p') return undefined;
    return { sort: sort as LeadSortField, dir, value, id, direction: direction === 'n' ? 'next' : 'prev' };
  } catch {
    return undefined;
  }
}
