import { describe, expect, it } from 'vitest';
import { CountCache } from '../../src/lib/count-cache';
import { decodeCursor, encodeCursor, type Cursor } from '../../src/lib/cursor';
import { PageAnchors, type Locate } from '../../src/lib/page-anchors';
import { foldSearch, searchTerms } from '@backoffice/shared';
import { digitWindows, escapeLike } from '../../src/lib/search';
import { csvCell } from '../../src/services/lead-export';

describe('count cache', () => {
  it('answers a count for its lifetime, says when it was taken, then forgets it', () => {
    const cache = new CountCache(10);
    cache.set('arg|a', { total: 5, exact: true }, 1_000);
    expect(cache.get('arg|a', 5_000)).toEqual({ total: 5, exact: true, cachedAt: new Date(1_000).toISOString() });
    expect(cache.get('arg|a', 11_001)).toBeUndefined();
    expect(cache.get('arg|a', 5_000)).toBeUndefined();
  });

  it('forgets every count on a write, and keeps at most maxEntries', () => {
    const cache = new CountCache(10, 2);
    cache.set('arg|a', { total: 1, exact: true }, 0);
    cache.clear();
    expect(cache.get('arg|a', 1)).toBeUndefined();
    cache.set('col|a', { total: 2, exact: true }, 0);
    cache.set('col|b', { total: 3, exact: true }, 0);
    cache.set('col|c', { total: 4, exact: true }, 0);
    expect(cache.get('col|a', 1)).toBeUndefined();
    expect(cache.get('col|c', 1)?.total).toBe(4);
  });

  it('is off with a zero lifetime', () => {
    const cache = new CountCache(0);
    cache.set('arg|a', { total: 1, exact: true });
    expect(cache.get('arg|a')).toBeUndefined();
  });
});

describe('page anchors', () => {
  /** A list of `size` rows with ids 1..size in order; locate walks it and records each walk's length. */
  const listOf = (size: number) => {
    const walks: number[] = [];
    const cursorOf = (id: number): Cursor => ({ sort: 'id', dir: 'asc', value: String(id), id, direction: 'next' });
    const locate: Locate = async (from, position) => {
      walks.push(position + 1);
      const id = (from?.id ?? 0) + position + 1;
      return id <= size ? cursorOf(id) : null;
    };
    return { walks, locate, cursorOf };
  };

  it('starts a deep page after the nearest anchor, walking at most one step from the one before', async () => {
    const anchors = new PageAnchors(10, 100);
    const { walks, locate, cursorOf } = listOf(1_000);
    expect(await anchors.start('a', 99, locate, 0)).toEqual({ skip: 99 });
    expect(walks).toEqual([]);
    // Offset 450: the row before 400 is the anchor; the first walk comes from the list's start.
    expect(await anchors.start('a', 450, locate, 0)).toEqual({ cursor: cursorOf(400), skip: 50 });
    expect(walks).toEqual([400]);
    // The same step again: no walk. A further one: from 400, not from the start.
    expect(await anchors.start('a', 499, locate, 0)).toEqual({ cursor: cursorOf(400), skip: 99 });
    expect(await anchors.start('a', 725, locate, 0)).toEqual({ cursor: cursorOf(700), skip: 25 });
    expect(walks).toEqual([400, 300]);
    // Another list has its own anchors.
    await anchors.start('b', 450, locate, 0);
    expect(walks).toEqual([400, 300, 400]);
  });

  it('shares one walk between concurrent requests', async () => {
    const anchors = new PageAnchors(10, 100);
    const { walks, locate } = listOf(1_000);
    await Promise.all([anchors.start('a', 510, locate, 0), anchors.start('a', 520, locate, 0), anchors.start('a', 590, locate, 0)]);
    expect(walks).toEqual([500]);
    // A deeper step asked while a shallower one is still being walked continues from it.
    const [shallow, deep] = await Promise.all([anchors.start('b', 450, locate, 0), anchors.start('b', 650, locate, 0)]);
    expect([shallow.cursor?.id, deep.cursor?.id]).toEqual([400, 600]);
    expect(walks).toEqual([500, 400, 200]);
  });

  it('starts the page after one served by number where that one ended, and walks new steps from there', async () => {
    const anchors = new PageAnchors(10, 100);
    const { walks, locate, cursorOf } = listOf(1_000);
    // A page that ended on row 425 (positions 400-424): the next one starts right after it.
    anchors.learn('a', 425, cursorOf(425), 0);
    expect(await anchors.start('a', 425, locate, 0)).toEqual({ cursor: cursorOf(425), skip: 0 });
    expect(await anchors.start('a', 450, locate, 0)).toEqual({ cursor: cursorOf(425), skip: 25 });
    expect(walks).toEqual([]);
    // Before the learned position: the step's anchor, walked from the start. A further step: from 425.
    expect(await anchors.start('a', 410, locate, 0)).toEqual({ cursor: cursorOf(400), skip: 10 });
    expect(await anchors.start('a', 520, locate, 0)).toEqual({ cursor: cursorOf(500), skip: 20 });
    expect(walks).toEqual([400, 75]);
    // Positions before the first step are not worth remembering; a write forgets the learned ones too.
    anchors.learn('b', 50, cursorOf(50), 0);
    expect(await anchors.start('b', 60, locate, 0)).toEqual({ skip: 60 });
    anchors.clear();
    await anchors.start('a', 450, locate, 0);
    expect(walks).toEqual([400, 75, 400]);
  });

  it('falls back to the offset past the end of the list', async () => {
    const anchors = new PageAnchors(10, 100);
    const { walks, locate } = listOf(250);
    expect(await anchors.start('a', 310, locate, 0)).toEqual({ skip: 310 });
    // Beyond an anchor known to be past the end: no walk at all.
    expect(await anchors.start('a', 420, locate, 0)).toEqual({ skip: 420 });
    expect(walks).toEqual([300]);
  });

  it('forgets a list after its lifetime and every list on a write; off with a zero lifetime', async () => {
    const anchors = new PageAnchors(10, 100);
    const { walks, locate } = listOf(1_000);
    await anchors.start('a', 450, locate, 0);
    await anchors.start('a', 450, locate, 10_000);
    expect(walks).toEqual([400]);
    await anchors.start('a', 450, locate, 10_001);
    expect(walks).toEqual([400, 400]);
    anchors.clear();
    await anchors.start('a', 450, locate, 10_002);
    expect(walks).toEqual([400, 400, 400]);
    expect(await new PageAnchors(0, 100).start('a', 450, locate)).toEqual({ skip: 450 });
  });
});

describe('keyset cursors', () => {
  it('round-trips and refuses anything it did not make', () => {
    const cursor = { sort: 'created_at', dir: 'desc', value: '1793293676082000', id: 181, direction: 'next' } as const;
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of [
      '',
      'x',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('["name","desc","1",1,"n"]').toString('base64url'),
      Buffer.from('["id","desc","1; drop table leads",1,"n"]').toString('base64url'),
    ]) {
      expect(decodeCursor(bad)).toBeUndefined();
    }
    // Values no row can hold (they would fail in the database, a 500): not a cursor we made.
    const made = (...parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    for (const bad of [
      made('created_at', 'desc', '1', 2_147_483_648, 'n'),
      made('created_at', 'desc', '99999999999999999999', 5, 'n'),
      made('id', 'asc', '2147483648', 5, 'n'),
      made('requested_amount', 'asc', '9223372036854775808', 5, 'p'),
      made('constructor', 'asc', '1', 5, 'p'),
    ]) {
      expect(decodeCursor(bad)).toBeUndefined();
    }
    expect(decodeCursor(made('updated_at', 'asc', '-1000', 2_147_483_647, 'p'))).toMatchObject({ value: '-1000', id: 2_147_483_647 });
  });
});

describe('free-text search terms', () => {
  it('folds accents and case like the database column does', () => {
    expect(foldSearch('MARÍA Núñez Çé')).toBe('maria nunez ce');
  });

  it('reduces punctuated numbers to digits and routes words by kind', () => {
    expect(searchTerms('30.123.456 núñez 11-5555 4444 ab')).toEqual({
      digits: ['30123456', '115555'],
      letters: ['nunez'],
      indexed: ['4444'],
      other: ['ab'],
    });
    expect(searchTerms('ana@correo.com correo1 Peña')).toEqual({
      digits: [],
      letters: ['pena'],
      indexed: ['ana@correo.com', 'correo1'],
      other: [],
    });
  });

  it('escapes LIKE wildcards so they match literally', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });

  it('cuts digit words into their six-digit windows, leading zeros kept apart by the fixed width', () => {
    expect(digitWindows('395000')).toEqual([395000]);
    expect(digitWindows('0123456')).toEqual([12345, 123456]);
    expect(digitWindows('11111111')).toEqual([111111]);
    expect(digitWindows('12345')).toEqual([]);
  });
});

describe('CSV cells', () => {
  it('neutralises formulas and quotes what needs quoting', () => {
    expect(csvCell('=1+1', 'text')).toBe("'=1+1");
    expect(csvCell('+54 11', 'text')).toBe("'+54 11");
    expect(csvCell('-5', 'text')).toBe("'-5");
    expect(csvCell('@SUM(A1)', 'text')).toBe("'@SUM(A1)");
    expect(csvCell('a;b', 'text')).toBe('"a;b"');
    expect(csvCell('dice "hola"', 'text')).toBe('"dice ""hola"""');
    expect(csvCell('línea\nnueva', 'text')).toBe('"línea\nnueva"');
    expect(csvCell('Peña', 'text')).toBe('Peña');
    expect(csvCell(null, 'text')).toBe('');
    expect(csvCell(15000, 'money')).toBe('15000');
    expect(csvCell(15000.5, 'money')).toBe('15000,50');
    expect(csvCell(-3, 'number')).toBe('-3');
  });
});
