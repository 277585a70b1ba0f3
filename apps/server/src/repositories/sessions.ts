import { createHash, randomBytes } from 'node:crypto';
import type { Country } from '@backoffice/shared';
import { and, desc, eq, gt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { secondFactorRoleKinds, sessions, userSecondFactors, users, type UserRow } from '../db/schema';
import { ExpiringMap } from '../lib/expiring-map';
import { oneRow } from '../db/rows';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  userId: number;
  country: Country;
  ttlHours: number;
  ip?: string;
  userAgent?: string;
  /** The password was right but the account has a second factor: the session waits for its code. */
  secondFactorPending?: boolean;
}

/**
 * Sessions live in the database so any app node can answer any request. Only the token's sha256 is
 * stored; the token itself exists in the cookie (or the API client) alone.
 */
export interface FoundSession {
  user: UserRow;
  country: Country;
  /** Signed in with the password only: the second factor's code is still due. */
  secondFactorPending: boolean;
  /** The user has a confirmed second factor. */
  secondFactorEnrolled: boolean;
  /** The role kinds of the user's country that must have one (the admins' setting). */
  secondFactorKinds: string[];
}

const MAX_CACHED_SESSIONS = 10_000;
/** A session's last use is written at most this often: an active user costs one write every 15 s, not one a request. */
const TOUCH_EVERY_SECONDS = 15;

export class SessionsRepository {
  /**
   * A per-node memory of sessions looked up in the last `cacheSeconds`: a signed-in user's burst of
   * requests costs one database lookup, not one each. Signing out on this node forgets the session at
   * once; a sign-out on another node, an expired session or a deactivated user is noticed within
   * `cacheSeconds` (5 by default, 0 turns the cache off).
   */
  private readonly cache: ExpiringMap<string, FoundSession>;

  constructor(
    private readonly db: Db,
    cacheSeconds = 0,
    /** Minutes without a request that end a session (0 = none). */
    private readonly idleMinutes = 0,
  ) {
    this.cache = new ExpiringMap(cacheSeconds * 1000, MAX_CACHED_SESSIONS);
  }

  async create(input: NewSession): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const row = oneRow(
      await this.db
        .insert(sessions)
        .values({
          tokenHash: hashToken(token),
          userId: input.userId,
          country: input.country,
          // The database clock decides expiry, so nodes with skewed clocks agree.
          expiresAt: sql`now() + ${input.ttlHours} * interval '1 hour'`,
          ip: input.ip,
          userAgent: input.userAgent?.slice(0, 512),
          secondFactorPending: input.secondFactorPending ?? false,
        })
        .returning({ expiresAt: sessions.expiresAt }),
    );
    return { token, expiresAt: row.expiresAt };
  }

  /**
   * The session's user, when the token is known, not expired nor idle past `idleMinutes`, and the user still
   * active. `touch` (a request the user made, not a background poll) moves its last use forward.
   */
  async findUser(token: string, options: { touch?: boolean } = {}): Promise<FoundSession | undefined> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    const cached = this.cache.get(tokenHash, now);
    if (cached) return cached;
    const idle = this.idleMinutes > 0 ? gt(sessions.lastUsedAt, sql`now() - ${this.idleMinutes} * interval '1 minute'`) : undefined;
    const [row] = await this.db
      .select({
        user: users,
        country: sessions.country,
        expiresAt: sessions.expiresAt,
        stale: sql<boolean>`${sessions.lastUsedAt} < now() - ${TOUCH_EVERY_SECONDS} * interval '1 second'`,
        secondFactorPending: sessions.secondFactorPending,
        secondFactorEnrolled: sql<boolean>`exists (select 1 from ${userSecondFactors} f where f.user_id = ${users.id} and f.confirmed_at is not null)`,
        secondFactorKinds: sql<string[]>`array(select k.kind from ${secondFactorRoleKinds} k where k.country = ${users.country})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`), idle, eq(users.active, true)))
      .limit(1);
    if (!row) return undefined;
    if (options.touch !== false && row.stale) {
      await this.db
        .update(sessions)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(sessions.tokenHash, tokenHash));
    }
    const found: FoundSession = {
      user: row.user,
      country: row.country as Country,
      secondFactorPending: row.secondFactorPending,
      secondFactorEnrolled: row.secondFactorEnrolled,
      secondFactorKinds: row.secondFactorKinds,
    };
    // Never trusted past the session's own expiry (the cache's seconds are far below any idle timeout).
    this.cache.set(tokenHash, found, now, row.expiresAt.getTime());
    return found;
  }

  /**
   * Ends a session found past its lifetime or its idle timeout (its row goes, so it is told once, whichever
   * node sees it first): the user, country and why, or undefined when the token names no such session.
   */
  async endLapsed(token: string): Promise<{ userId: number; country: Country; reason: 'expired' | 'idle_timeout' } | undefined> {
    const idle = this.idleMinutes > 0 ? sql`${sessions.lastUsedAt} <= now() - ${this.idleMinutes} * interval '1 minute'` : sql`false`;
    const [row] = await this.db
      .delete(sessions)
      .where(and(eq(sessions.tokenHash, hashToken(token)), sql`(${sessions.expiresAt} <= now() or ${idle})`))
      .returning({ userId: sessions.userId, country: sessions.country, expired: sql<boolean>`${sessions.expiresAt} <= now()` });
    return row && { userId: row.userId, country: row.country as Country, reason: row.expired ? 'expired' : 'idle_timeout' };
  }

  async delete(token: string): Promise<void> {
    const tokenHash = hashToken(token);
    this.cache.delete(tokenHash);
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  /** The live condition of a session (not expired, not idle): the list shows what `findUser` would accept. */
  private live(): SQL {
    const idle = this.idleMinutes > 0 ? gt(sessions.lastUsedAt, sql`now() - ${this.idleMinutes} * interval '1 minute'`) : undefined;
    return and(gt(sessions.expiresAt, sql`now()`), idle)!;
  }

  /** The user's live sessions, last used first; `current` names the asking one by its token. */
  async listActive(userId: number, currentToken: string | undefined) {
    const currentHash = currentToken ? hashToken(currentToken) : undefined;
    const rows = await this.db
      .select({
        id: sessions.id,
        tokenHash: sessions.tokenHash,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), this.live()))
      .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
    return rows.map(({ tokenHash, ...row }) => ({ ...row, current: tokenHash === currentHash }));
  }

  /** Ends one of the user's sessions by its public id; false when it is not theirs (or gone already). */
  async endById(userId: number, id: string): Promise<boolean> {
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
      .returning({ tokenHash: sessions.tokenHash });
    for (const row of ended) this.cache.delete(row.tokenHash);
    return ended.length > 0;
  }

  /**
   * Ends every session of the user but the one holding `keepToken` (all of them without it): "end the others",
   * a password change, a deactivation. Other nodes' caches forget them within `cacheSeconds`.
   */
  async endAll(userId: number, keepToken?: string): Promise<number> {
    const keep = keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined;
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), keep))
      .returning({ tokenHash: sessions.tokenHash });
    for (const row of ended) this.cache.delete(row.tokenHash);
    return ended.length;
  }

  /** The session's second factor was given: it becomes a full session. */
  async completeSecondFactor(token: string): Promise<boolean> {
    const tokenHash = hashToken(token);
    this.cache.delete(tokenHash);
    const rows = await this.db
      .update(sessions)
      .set({ secondFactorPending: false })
      .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.secondFactorPending, true)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  /** Drops this node's cached user of a session whose user just changed (a password change lifts its restriction). */
  forget(token: string): void {
    this.cache.delete(hashToken(token));
  }

  /** Housekeeping, run at sign-in: expired rows are useless and only grow the table. */
  async deleteExpired(userId?: number): Promise<void> {
    const expired = lte(sessions.expiresAt, sql`now()`);
    await this.db.delete(sessions).where(userId === undefined ? expired : and(expired, eq(sessions.userId, userId)));
  }
}
