import { describe, expect, it } from 'vitest';
import { AggregateCache } from '../../src/lib/aggregate-cache';

describe('AggregateCache', () => {
  it('reuses a value while fresh and computes again once it expires', async () => {
    const cache = new AggregateCache(30);
    let runs = 0;
    const compute = async () => ++runs;
    expect(await cache.get('k', compute, 1_000)).toEqual({ value: 1, at: 1_000 });
    expect(await cache.get('k', compute, 31_000)).toEqual({ value: 1, at: 1_000 });
    expect(await cache.get('k', compute, 31_001)).toEqual({ value: 2, at: 31_001 });
    expect(await cache.get('other', compute, 31_001)).toEqual({ value: 3, at: 31_001 });
  });

  it('runs one computation for concurrent misses of the same key', async () => {
    const cache = new AggregateCache(30);
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const compute = async () => {
      runs++;
      await gate;
      return 'done';
    };
    const pending = Array.from({ length: 5 }, () => cache.get('k', compute));
    release();
    expect((await Promise.all(pending)).map((entry) => entry.value)).toEqual(Array(5).fill('done'));
    expect(runs).toBe(1);
  });

  it('forgets failures, and computes every time when turned off', async () => {
    const cache = new AggregateCache(30);
    await expect(cache.get('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await cache.get('k', async () => 'ok')).value).toBe('ok');

    const off = new AggregateCache(0);
    let runs = 0;
    await off.get('k', async () => ++runs);
    await off.get('k', async () => ++runs);
    expect(runs).toBe(2);
  });
});
