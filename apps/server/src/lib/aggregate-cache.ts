interface Entry {
  at: number;
  value: Promise<unknown>;
}

/**
 * A short-lived, per-node memory of aggregates (the dashboard's), by key. Unlike the list counts, several
 * users open the same dashboard at once: a miss stores the computation itself, so concurrent requests for
 * the same key wait for one aggregate instead of each running their own. A failed computation is
 * forgotten at once. Entries expire after `ttlSeconds` (other nodes' writes show up then); 0 turns the
 * cache off. Bounded: the oldest entries go first.
 */
export class AggregateCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlSeconds: number,
    private readonly maxEntries = 1_000,
  ) {}

  /** The value for `key` and when it was computed: from memory while fresh, else from `compute`. */
  async get<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<{ value: T; at: number }> {
    if (this.ttlSeconds <= 0) return { value: await compute(), at: now };
    const entry = this.entries.get(key);
    if (entry && now - entry.at <= this.ttlSeconds * 1000) return { value: (await entry.value) as T, at: entry.at };
    const value = compute();
    const fresh: Entry = { at: now, value };
    this.entries.delete(key);
    this.entries.set(key, fresh);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    try {
      return { value: await value, at: now };
    } catch (error) {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
      throw error;
    }
  }

  /** Drops the entries whose key starts with this prefix. */
  invalidate(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
