import type { ListCount } from '@backoffice/shared';

interface Entry {
  count: ListCount;
  at: number;
}

/**
 * A short-lived, per-node memory of list counts by filter. A list page is cheap (an index range that stops
 * after one page); its count is the part that grows with the data, and a user paging through a list asks
 * for the same count on every page. Answers carry `cachedAt`, so a reused count is never passed off as a
 * fresh one. Writes made through this node drop the entries at once (one cache per country); writes from other nodes
 * show up when the entries expire (`ttlSeconds`). Bounded: the oldest entries go first.
 */
export class CountCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlSeconds: number,
    private readonly maxEntries = 2_000,
  ) {}

  get enabled(): boolean {
    return this.ttlSeconds > 0;
  }

  get(key: string, now = Date.now()): ListCount | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at > this.ttlSeconds * 1000) {
      this.entries.delete(key);
      return undefined;
    }
    return { ...entry.count, cachedAt: new Date(entry.at).toISOString() };
  }

  set(key: string, count: ListCount, now = Date.now()): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    this.entries.set(key, { count, at: now });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** A write changed what some filter matches: forget every count. */
  clear(): void {
    this.entries.clear();
  }
}
