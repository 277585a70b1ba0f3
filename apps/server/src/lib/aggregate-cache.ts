import { ExpiringMap } from './expiring-map';

/**
 * A short-lived, per-node memory of aggregates (the dashboard's), by key. Unlike the list counts, several
 * users open the same dashboard at once: a miss stores the computation itself, so concurrent requests for
 * the same key wait for one aggregate instead of each running their own. A failed computation is
 * forgotten at once. Entries expire after `ttlSeconds` (other nodes' writes show up then); 0 turns the
 * cache off. Bounded: the oldest entries go first.
 */
export class AggregateCache {
  private readonly entries: ExpiringMap<string, Promise<unknown>>;

  constructor(ttlSeconds: number, maxEntries = 1_000) {
    this.entries = new ExpiringMap(ttlSeconds * 1000, maxEntries);
  }

  /** The value for `key` and when it was computed: from memory while fresh, else from `compute`. */
  async get<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<{ value: T; at: number }> {
    if (!this.entries.enabled) return { value: await compute(), at: now };
    const entry = this.entries.entry(key, now);
    if (entry) return { value: (await entry.value) as T, at: entry.at };
    const value = compute();
    this.entries.set(key, value, now);
    try {
      return { value: await value, at: now };
    } catch (error) {
      if (this.entries.get(key, now) === value) this.entries.delete(key);
      throw error;
    }
  }

  /** Drops the entries whose key starts with this prefix. */
  invalidate(prefix: string): void {
    this.entries.deleteWhere((key) => key.startsWith(prefix));
  }
}
