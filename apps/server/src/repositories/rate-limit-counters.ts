import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { oneRow } from '../db/rows';

/** A key's requests in its current window, and the milliseconds until the window ends. */
export interface RateLimitHit {
  current: number;
  ttl: number;
}

/** How many hits between two sweeps of the windows that ended (per node). */
const SWEEP_EVERY = 1_000;

const ttlMs = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.expiresAt} - now())) * 1000))`.mapWith(Number);

/**
 * Fixed-window request counters in the database, shared by every app node (a limit kept per node lets a user
 * behind a balancer spread over n nodes make n times as many requests). A hit is one upsert, atomic under any
 * concurrency: the first hit of a key, or the first after its window ended, opens a window of `windowMs`;
 * the others count within it. The database clock decides, so nodes with skewed clocks agree.
 */
export class RateLimitCounters {
  private hits = 0;

  constructor(private readonly db: Db) {}

  /** Counts a request of `key`. */
  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const expired = lte(rateLimitCounters.expiresAt, sql`now()`);
    const row = oneRow(
      await this.db
        .insert(rateLimitCounters)
        .values({ key, count: 1, expiresAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
            expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimitCounters.expiresAt} end`,
          },
        })
        .returning({ current: rateLimitCounters.count, ttl: ttlMs }),
    );
    if (++this.hits % SWEEP_EVERY === 0) await this.sweep();
    return row;
  }

  /** The key's count without counting a request (0 once its window ended). */
  async peek(key: string): Promise<RateLimitHit> {
    const [row] = await this.db
      .select({ current: rateLimitCounters.count, ttl: ttlMs })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.expiresAt, sql`now()`)));
    return row ?? { current: 0, ttl: 0 };
  }

  /** Drops the windows that ended: a key seen once (an address that sent one error report) leaves no row. */
  async sweep(): Promise<void> {
    await this.db.delete(rateLimitCounters).where(lte(rateLimitCounters.expiresAt, sql`now()`));
  }
}
