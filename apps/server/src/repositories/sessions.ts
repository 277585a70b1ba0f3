import { createHash, randomBytes } from 'node:crypto';
import type { Country } from '@backoffice/shared';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  userId: number;
  country: Country;
  ttlHours: number;
  ip?: string;
  userAgent?: string;
}

/**
 * Sessions live in the database so any app node can answer any request. Only the token's sha256 is
 * stored; the token itself exists in the cookie (or the API client) alone.
 */
export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async create(input: NewSession): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const [row] = await this.db
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        userId: input.userId,
        country: input.country,
        // The database clock decides expiry, so nodes with skewed clocks agree.
        expiresAt: sql`now() + ${input.ttlHours} * interval '1 hour'`,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 512),
      })
      .returning({ expiresAt: sessions.expiresAt });
    return { token, expiresAt: row.expiresAt };
  }

  /** The session's user, when the token is known, not expired, and the user still active. */
  async findUser(token: string): Promise<{ user: UserRow; country: Country } | undefined> {
    const [row] = await this.db
      .select({ user: users, country: sessions.country })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, sql`now()`), eq(users.active, true)))
      .limit(1);
    return row ? { user: row.user, country: row.country as Country } : undefined;
  }

  async delete(token: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  }

  /** Housekeeping, run at sign-in: expired rows are useless and only grow the table. */
  async deleteExpired(userId?: number): Promise<void> {
    const expired = lte(sessions.expiresAt, sql`now()`);
    await this.db.delete(sessions).where(userId === undefined ? expired : and(expired, eq(sessions.userId, userId)));
  }
}
