import type { Country, SecurityEvent, SecurityEventFilters, SecurityEventType } from '@backoffice/shared';
import { and, count, desc, eq, gt, gte, lt, lte, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { securityEvents, type SecurityEventRow } from '../db/schema';
import { oneRow } from '../db/rows';

export interface NewSecurityEvent {
  country: Country | null;
  type: SecurityEventType;
  userId?: number | null;
  actorId?: number | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export function toSecurityEvent(row: SecurityEventRow): SecurityEvent {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    type: row.type,
    user_id: row.userId,
    actor_id: row.actorId,
    ip: row.ip,
    details: row.details,
  };
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

  private where(country: Country, filters: SecurityEventFilters): SQL {
    return and(
      eq(securityEvents.country, country),
      filters.type ? eq(securityEvents.type, filters.type) : undefined,
      filters.user_id ? eq(securityEvents.userId, filters.user_id) : undefined,
      filters.ip ? eq(securityEvents.ip, filters.ip) : undefined,
      filters.from ? gte(securityEvents.createdAt, new Date(filters.from)) : undefined,
      filters.to ? lte(securityEvents.createdAt, new Date(filters.to)) : undefined,
    )!;
  }

  /** A page of the country's log, newest first, and how many rows match. */
  async list(
    country: Country,
    filters: SecurityEventFilters,
    page: number,
    pageSize: number,
  ): Promise<{ rows: SecurityEventRow[]; total: number }> {
    const where = this.where(country, filters);
    const [rows, counted] = await Promise.all([
      this.db
        .select()
        .from(securityEvents)
        .where(where)
        .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(securityEvents).where(where),
    ]);
    return { rows, total: oneRow(counted).n };
  }

  /** Every matching row, newest first, in batches (the export): keyset on id, memory holds one batch. */
  async *all(country: Country, filters: SecurityEventFilters, batch: number): AsyncGenerator<SecurityEventRow[]> {
    let before: number | undefined;
    for (;;) {
      const rows = await this.db
        .select()
        .from(securityEvents)
        .where(and(this.where(country, filters), before === undefined ? undefined : lt(securityEvents.id, before)))
        .orderBy(desc(securityEvents.id))
        .limit(batch);
      const last = rows.at(-1);
      if (last) yield rows;
      if (!last || rows.length < batch) return;
      before = last.id;
    }
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
