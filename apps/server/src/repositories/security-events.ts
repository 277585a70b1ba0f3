import type { Country, SecurityEventType } from '@backoffice/shared';
import { and, count, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { securityEvents } from '../db/schema';
import { oneRow } from '../db/rows';

export interface NewSecurityEvent {
  country: Country | null;
  type: SecurityEventType;
  userId?: number | null;
  actorId?: number | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** The security log (db/tables/security.ts): written by the auth routes, the guards and the exports. */
export class SecurityEventsRepository {
  constructor(private readonly db: Db) {}

  async record(event: NewSecurityEvent): Promise<void> {
    await this.db.insert(securityEvents).values({
      country: event.country,
      type: event.type,
      userId: event.userId ?? null,
      actorId: event.actorId ?? null,
      ip: event.ip ?? null,
      details: event.details ?? {},
    });
  }

  /** Failed sign-ins (wrong passwords and wrong codes) on the account after its latest successful one (the one being made is not written yet). */
  async failuresSinceLastSuccess(userId: number): Promise<number> {
    const [last] = await this.db
      .select({ at: max(securityEvents.createdAt) })
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, userId), eq(securityEvents.type, 'login_success')));
    const row = oneRow(
      await this.db
        .select({ n: count() })
        .from(securityEvents)
        .where(
          and(
            eq(securityEvents.userId, userId),
            // A wrong second-factor code at sign-in is a failed sign-in too (someone knew the password).
            sql`(${securityEvents.type} = 'login_failure' or (${securityEvents.type} = 'second_factor_failure' and ${securityEvents.details}->>'purpose' = 'sign_in'))`,
            last?.at ? gt(securityEvents.createdAt, last.at) : undefined,
          ),
        ),
    );
    return row.n;
  }

  /** Deletes rows older than `days` (the retention); answers how many went. */
  async purge(days: number): Promise<number> {
    const gone = await this.db
      .delete(securityEvents)
      .where(lt(securityEvents.createdAt, sql`now() - ${days} * interval '1 day'`))
      .returning({ id: securityEvents.id });
    return gone.length;
  }
}
