import { describe, expect, it } from 'vitest';
import { ExpiringMap } from '../../src/lib/expiring-map';

describe('ExpiringMap', () => {
  it('keeps an entry for its ttl, and not at or after its own until', () => {
    const map = new ExpiringMap<string, number>(1_000, 10);
    map.set('a', 1, 5_000);
    expect(map.entry('a', 6_000)).toMatchObject({ value: 1, at: 5_000 });
    expect(map.get('a', 6_001)).toBeUndefined();
    map.set('b', 2, 5_000, 5_500);
    expect(map.get('b', 5_499)).toBe(2);
    expect(map.get('b', 5_500)).toBeUndefined();
  });

  it('drops the oldest entry past its bound; setting a key again makes it the newest', () => {
    const map = new ExpiringMap<string, number>(1_000, 2);
    map.set('a', 1, 0);
    map.set('b', 2, 0);
    map.set('a', 3, 0);
    map.set('c', 4, 0);
    expect([map.get('a', 0), map.get('b', 0), map.get('c', 0)]).toEqual([3, undefined, 4]);
  });

  it('deletes by key, by a test on the keys, or all; keeps nothing with a ttl of 0', () => {
    const map = new ExpiringMap<string, number>(1_000, 10);
    for (const key of ['x1', 'x2', 'y1']) map.set(key, 1, 0);
    map.delete('x1');
    map.deleteWhere((key) => key.startsWith('x'));
    expect([map.get('x2', 0), map.get('y1', 0)]).toEqual([undefined, 1]);
    map.clear();
    expect(map.get('y1', 0)).toBeUndefined();
    const off = new ExpiringMap<string, number>(0, 10);
    off.set('a', 1, 0);
    expect(off.enabled).toBe(false);
    expect(off.get('a', 0)).toBeUndefined();
  });
});
