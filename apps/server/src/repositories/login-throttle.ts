import type { Country } from '@backoffice/shared';
import { and, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';

export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_ACCOUNT_FAILURES = 5;
export const MAX_IP_FAILURES = 20;

const windowStart = sql`now() - ${LOGIN_WINDOW_MINUTES} * interval '1 minute'`;

/** A sign-in attempt let through (its reservation row's id), or refused with the seconds to wait. */
export type LoginAttempt = { allowed: true; id: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts failed sign-ins per account (country + email) and per client address within a sliding window,
 * in the database because app nodes are stateless. A blocked attempt is answered before the password is
 * checked, so guessing stops costing us argon2 time too.
 *
 * The limit holds under any concurrency, on every node, without locks: an attempt first reserves its row
 * (the failure it will be if the password is wrong), and only then counts the window's rows, its own
 * included, in a statement of its own. Each insert commits before its count starts, so (READ COMMITTED, or
 * PGlite's one connection) the k-th reservation to commit sees at least k rows: of attempts racing on one
 * key, at most the limit's number see a count within it and get their password verified. A refused attempt
 * removes its reservation without verifying anything; one whose password is right removes it too. While a
 * burst is in flight its reservations may refuse an attempt that would have been allowed alone: the error
 * is always on the side of verifying fewer passwords.
 */
export class LoginThrottle {
  constructor(private readonly db: Db) {}

  /** Reserves an attempt, or refuses it (nothing left behind) when the account or the address is blocked. */
  async reserve(country: Country, email: string, ip: string): Promise<LoginAttempt> {
    const [{ id }] = await this.db.insert(loginFailures).values({ country, email, ip }).returning({ id: loginFailures.id });
    const account = accountKey(country, email);
    const address = eq(loginFailures.ip, ip);
    const [counts] = await this.db
      .select({
        account: sql<number>`count(*) filter (where ${account})`.mapWith(Number),
        address: sql<number>`count(*) filter (where ${address})`.mapWith(Number),
      })
      .from(loginFailures)
      .where(and(or(account, address), gt(loginFailures.createdAt, windowStart)));
    if (counts.account <= MAX_ACCOUNT_FAILURES && counts.address <= MAX_IP_FAILURES) return { allowed: true, id };

    await this.release(id);
    const [accountWait, addressWait] = await Promise.all([
      this.unblockIn(account, MAX_ACCOUNT_FAILURES),
      this.unblockIn(address, MAX_IP_FAILURES),
    ]);
    // Reservations of attempts still in flight may have made the count and be gone already: wait a second.
    return { allowed: false, retryAfterSeconds: Math.max(1, accountWait, addressWait) };
  }

  /** Removes an attempt's reservation: it was refused, or its password was right (it is no failure). */
  async release(id: number): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.id, id));
  }

  /** The attempt's reservation stays as its failure; the key's rows that left the window are dropped. */
  async recordFailure(country: Country, email: string, ip: string): Promise<void> {
    // Rows outside the window never count again; dropping this key's old ones keeps the table small.
    await this.db
      .delete(loginFailures)
      .where(and(lt(loginFailures.createdAt, windowStart), or(accountKey(country, email), eq(loginFailures.ip, ip))));
  }

  /** A successful sign-in forgives the account's failures (not the address's). */
  async clearAccount(country: Country, email: string): Promise<void> {
    await this.db.delete(loginFailures).where(accountKey(country, email));
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

function accountKey(country: Country, email: string): SQL {
  return and(eq(loginFailures.country, country), eq(loginFailures.email, email))!;
}
