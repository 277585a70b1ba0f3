export interface ExpiringEntry<V> {
  value: V;
  /** When it was set (ms). */
  at: number;
}

/**
 * A bounded map whose entries are forgotten once more than `ttlMs` have passed since they were set (or at
 * their own `until`, when sooner). Every per-node memory of the server is one (counts, dashboard aggregates, page positions, sessions,
 * broad texts): they differ in what they keep, not in how they forget. Setting a key makes it the newest;
 * past `maxEntries` the oldest goes first. A ttl of 0 keeps nothing.
 */
export class ExpiringMap<K, V> {
  private readonly entries = new Map<K, ExpiringEntry<V> & { until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The value and when it was set, while it lasts (an expired entry is dropped). */
  entry(key: K, now = Date.now()): ExpiringEntry<V> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at > this.ttlMs || now >= entry.until) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  get(key: K, now = Date.now()): V | undefined {
    return this.entry(key, now)?.value;
  }

  /** Keeps `value` for `ttlMs` from `now`, and not at or after `until`. */
  set(key: K, value: V, now = Date.now(), until = Infinity): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    this.entries.set(key, { value, at: now, until });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops the entries whose key passes `test`. */
  deleteWhere(test: (key: K) => boolean): void {
    for (const key of this.entries.keys()) if (test(key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
