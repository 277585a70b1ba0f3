import { describe, expect, it } from 'vitest';
import { CountCache } from '../../src/lib/count-cache';
import { decodeCursor, encodeCursor } from '../../src/lib/cursor';
import { digitWindows, escapeLike, foldSearch, searchTerms } from '../../src/lib/search';
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

describe('keyset cursors', () => {
  it('round-trips and refuses anything it did not make', () => {
    const cursor = { sort: 'created_at', dir: 'desc', value: '1793293676082000', id: 181, direction: 'next' } as const;
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of ['', 'x', Buffer.from('[1,2]').toString('base64url'), Buffer.from('["name","desc","1",1,"n"]').toString('base64url'), Buffer.from('["id","desc","1; drop table leads",1,"n"]').toString('base64url')]) {
      expect(decodeCursor(bad)).toBeUndefined();
    }
  });
});

describe('free-text search terms', () => {
  it('folds accents and case like the database column does', () => {
    expect(foldSearch('MARÍA Núñez Çé')).toBe('maria nunez ce');
  });

  it('reduces punctuated numbers to digits and routes words by kind', () => {
    expect(searchTerms('30.123.456 núñez 11-5555 4444 ab')).toEqual({ digits: ['30123456', '115555'], letters: ['nunez'], indexed: ['4444'], other: ['ab'] });
    expect(searchTerms('ana@correo.com correo1 Peña')).toEqual({ digits: [], letters: ['pena'], indexed: ['ana@correo.com', 'correo1'], other: [] });
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
