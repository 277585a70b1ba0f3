import type { Country } from '@backoffice/shared';
import { and, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';
import { oneRow } from '../db/rows';

/**
 * How sign-in failures slow further attempts down. Each key (the account from this address, the account from
 * anywhere, the address whatever the account) lets `free` failures through in the window; after that each
 * attempt waits since the key's latest failure a delay that doubles with every further failure, up to the
 * key's cap. No hard lock: an attacker cannot keep the owner (or an office behind one address) out for
 * longer than the account's and the address's caps, while guessing one account from one address costs
 * the pair's much longer cap.
 */
export interface LoginThrottleSettings {
  windowMinutes: number;
  /** Failures on the account from one address before its delays start; their cap is the window. */
  pairFreeFailures: number;
  /** Failures on the account from any address before its delays start. */
  accountFreeFailures: number;
  /** Failures from one address, any account, before its delays start. */
  addressFreeFailures: number;
  /** The first delay; each further failure doubles it. */
  delayBaseSeconds: number;
  /** The account's and the address's longest delay (what an attack can cost the owner or an office). */
  delayMaxSeconds: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleSettings = {
  windowMinutes: 15,
  pairFreeFailures: 3,
  accountFreeFailures: 5,
  addressFreeFailures: 20,
  delayBaseSeconds: 2,
  delayMaxSeconds: 60,
};

/** A sign-in attempt let through (its reservation row's id), or refused with the seconds to wait. */
export type LoginAttempt =
  { allowed: true; id: number } | { allowed: false; retryAfterSeconds: number; key: 'pair' | 'account' | 'address'; failures: number };

/** The wait a key with `failures` in the window imposes after its latest one (0: none). */
export function delayAfter(failures: number, free: number, base: number, cap: number): number {
  if (failures < free) return 0;
  return Math.min(cap, base * 2 ** Math.min(failures - free, 30));
}

/**
 * Counts failed sign-ins per account (country + email), per address and per both, in the database because
 * app nodes are stateless. A slowed attempt is answered before the password is checked, so guessing stops
 * costing argon2 time too.
 *
 * The delays hold under any concurrency, on every node: an attempt decides under transaction-scoped advisory
 * locks on its account and its address, and a let-through attempt leaves its row (the failure it will be if
 * the password is wrong) before the locks go, so the next attempt on either key sees it: past the free
 * failures, that row is the key's latest, made a moment ago, and its delay refuses the racing attempt. A
 * refused attempt leaves nothing (asking early does not push the wait further); one whose password is
 * right removes its row.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly settings: LoginThrottleSettings = DEFAULT_LOGIN_THROTTLE,
  ) {}

  /** Reserves an attempt, or refuses it (nothing left behind) while one of its keys is in its delay. */
  async reserve(country: Country, email: string, ip: string): Promise<LoginAttempt> {
    const s = this.settings;
    const account = accountKey(country, email);
    const fromAddress = eq(loginFailures.ip, ip);
    const pair = and(account, fromAddress)!;
    // The address's own count leaves out what an admin's unlock forgave it (those rows still count for their accounts).
    const address = and(fromAddress, eq(loginFailures.countsForAddress, true))!;
    const stats = (key: SQL) => ({
      n: sql<number>`count(*) filter (where ${key})`.mapWith(Number),
      // Seconds since the key's latest row, by the database's clock (every node agrees).
      age: sql<number | null>`extract(epoch from now() - max(${loginFailures.createdAt}) filter (where ${key}))`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    });
    return this.db.transaction(async (tx) => {
      // One decision at a time per account and per address (locks taken in one order: no deadlock).
      for (const key of [`login:${country}:${email}`, `login-ip:${ip}`].sort()) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
      }
      const counts = oneRow(
        await tx
          .select({ pair: stats(pair), account: stats(account), address: stats(address) })
          .from(loginFailures)
          .where(and(or(account, fromAddress), gt(loginFailures.createdAt, this.windowStart()))),
      );
      const windowSeconds = s.windowMinutes * 60;
      const limits = {
        pair: delayAfter(counts.pair.n, s.pairFreeFailures, s.delayBaseSeconds, windowSeconds),
        account: delayAfter(counts.account.n, s.accountFreeFailures, s.delayBaseSeconds, s.delayMaxSeconds),
        address: delayAfter(counts.address.n, s.addressFreeFailures, s.delayBaseSeconds, s.delayMaxSeconds),
      };
      let refused: Extract<LoginAttempt, { allowed: false }> | undefined;
      for (const key of ['pair', 'account', 'address'] as const) {
        const wait = Math.ceil(limits[key] - (counts[key].age ?? Infinity));
        if (limits[key] > 0 && wait > 0 && (!refused || wait > refused.retryAfterSeconds)) {
          refused = { allowed: false, retryAfterSeconds: wait, key, failures: counts[key].n };
        }
      }
      if (refused) return refused;
      const { id } = oneRow(await tx.insert(loginFailures).values({ country, email, ip }).returning({ id: loginFailures.id }));
      return { allowed: true as const, id };
    });
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
      .where(and(lt(loginFailures.createdAt, this.windowStart()), or(accountKey(country, email), eq(loginFailures.ip, ip))));
  }

  /** A successful sign-in forgives the account's failures (not the address's). */
  async clearAccount(country: Country, email: string): Promise<number> {
    const gone = await this.db.delete(loginFailures).where(accountKey(country, email)).returning({ id: loginFailures.id });
    return gone.length;
  }

  /**
   * An admin's unlock: forgives the account's failures and lifts the delays of the addresses its failures of
   * the window came from, so its owner gets in from there at once (an office behind one address). The other
   * accounts' failures from those addresses stay and still slow those accounts; they only stop counting for
   * the address. Answers the failures forgiven and the addresses lifted.
   */
  async unlockAccount(country: Country, email: string): Promise<{ cleared: number; addresses: string[] }> {
    return this.db.transaction(async (tx) => {
      const recent = await tx
        .selectDistinct({ ip: loginFailures.ip })
        .from(loginFailures)
        .where(and(accountKey(country, email), gt(loginFailures.createdAt, this.windowStart())));
      const addresses = recent.map((row) => row.ip).sort();
      const gone = await tx.delete(loginFailures).where(accountKey(country, email)).returning({ id: loginFailures.id });
      if (addresses.length > 0) {
        await tx
          .update(loginFailures)
          .set({ countsForAddress: false })
          .where(and(inArray(loginFailures.ip, addresses), eq(loginFailures.countsForAddress, true)));
      }
      return { cleared: gone.length, addresses };
    });
  }

  private windowStart(): SQL {
    return sql`now() - ${this.settings.windowMinutes} * interval '1 minute'`;
  }
}

function accountKey(country: Country, email: string): SQL {
  return and(eq(loginFailures.country, country), eq(loginFailures.email, email))!;
}
