import type { ListCount } from '@backoffice/shared';
import { ExpiringMap } from './expiring-map';

/**
 * A short-lived, per-node memory of list counts by filter. A list page is cheap (an index range that stops
 * after one page); its count is the part that grows with the data, and a user paging through a list asks
 * for the same count on every page. Answers carry `cachedAt`, so a reused count is never passed off as a
 * fresh one. Writes made through this node drop the entries at once (one cache per country); writes from other nodes
 * show up when the entries expire (`ttlSeconds`). Bounded: the oldest entries go first.
 */
export class CountCache {
  private readonly entries: ExpiringMap<string, ListCount>;

  constructor(ttlSeconds: number, maxEntries = 2_000) {
    this.entries = new ExpiringMap(ttlSeconds * 1000, maxEntries);
  }

  get enabled(): boolean {
    return this.entries.enabled;
  }

  get(key: string, now = Date.now()): ListCount | undefined {
    const entry = this.entries.entry(key, now);
    return entry && { ...entry.value, cachedAt: new Date(entry.at).toISOString() };
  }

  set(key: string, count: ListCount, now = Date.now()): void {
    this.entries.set(key, count, now);
  }

  /** A write changed what some filter matches: forget every count. */
  clear(): void {
    this.entries.clear();
  }
}
