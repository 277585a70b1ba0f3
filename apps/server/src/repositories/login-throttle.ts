import type { Country } from '@backoffice/shared';
import { and, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';

export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_ACCOUNT_FAILURES = 5;
export const MAX_IP_FAILURES = 20;

const windowStart = sql`now() - ${LOGIN_WINDOW_MINUTES} * interval '1 minute'`;

/**
 * Counts failed sign-ins per account (country + email) and per client address within a sliding window,
 * in the database because app nodes are stateless. A blocked attempt is answered before the password is
 * checked, so guessing stops costing us argon2 time too.
 */
export class LoginThrottle {
  constructor(private readonly db: Db) {}

  /** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
  async retryAfterSeconds(country: Country, email: string, ip: string): Promise<number> {
    const [account, address] = await Promise.all([
      this.unblockIn(and(eq(loginFailures.country, country), eq(loginFailures.email, email))!, MAX_ACCOUNT_FAILURES),
      this.unblockIn(eq(loginFailures.ip, ip), MAX_IP_FAILURES),
    ]);
    return Math.max(account, address);
  }

  async recordFailure(country: Country, email: string, ip: string): Promise<void> {
    await this.db.insert(loginFailures).values({ country, email, ip });
    // Rows outside the window never count again; dropping this key's old ones keeps the table small.
    await this.db
      .delete(loginFailures)
      .where(
        and(
          lt(loginFailures.createdAt, windowStart),
          or(and(eq(loginFailures.country, country), eq(loginFailures.email, email)), eq(loginFailures.ip, ip)),
        ),
      );
  }

  /** A successful sign-in forgives the account's failures (not the address's). */
  async clearAccount(country: Country, email: string): Promise<void> {
    await this.db.delete(loginFailures).where(and(eq(loginFailures.country, country), eq(loginFailures.email, email)));
  }

  /**
   * With `max` failures in the window the key is blocked until the max-th most recent one leaves the
   * window: that row's age decides the wait.
   */
  private async unblockIn(key: SQL, max: number): Promise<number> {
    const [row] = await this.db
      .select({
        seconds:
          sql<number>`ceil(extract(epoch from (${loginFailures.createdAt} + ${LOGIN_WINDOW_MINUTES} * interval '1 minute' - now())))`.mapWith(
            Number,
          ),
      })
      .from(loginFailures)
      .where(and(key, gt(loginFailures.createdAt, windowStart)))
      .orderBy(desc(loginFailures.createdAt))
      .offset(max - 1)
      .limit(1);
    return row ? Math.max(1, row.seconds) : 0;
  }
}
