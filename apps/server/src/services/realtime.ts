import {
  REALTIME_EVENTS,
  realtimeRooms,
  type Country,
  type RealtimeClientEvents,
  type RealtimeEventName,
  type RealtimeEventPayload,
  type RealtimeServerEvents,
} from '@backoffice/shared';
import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { Db } from '../db/client';
import { PeriodicTask } from '../lib/periodic-task';
import { realtimeCursors, scheduledCalls } from '../db/schema';

/** Clients only join and leave customer rooms; the server emits the shared events. */
export type RealtimeServer = Server<RealtimeClientEvents, RealtimeServerEvents>;

/**
 * The typed emitter routes and jobs use (`app.realtime`). Until the node listens (and always in `inject`
 * tests) no socket server is attached and events are dropped: there is nobody on this node to deliver to,
 * and with several nodes each listening node publishes its own events through the PostgreSQL adapter.
 * Emitting never throws into the caller: a lost notification must not fail the write that caused it.
 */
export class RealtimeService {
  private io: RealtimeServer | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Messages emitted and not yet handed to the other nodes (the PostgreSQL adapter's queue). */
  private backlog: () => number = () => 0;

  attach(io: RealtimeServer, backlog?: () => number): void {
    this.io = io;
    if (backlog) this.backlog = backlog;
  }

  detach(): void {
    this.io = null;
    this.backlog = () => 0;
  }

  /**
   * Resolves once fewer than `max` messages wait to be relayed: a producer of thousands (a massive batch's
   * chunks) waits here, so its messages keep pace with the database instead of piling up in memory.
   */
  async settled(max = 4000): Promise<void> {
    while (this.backlog() > max) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** The socket server, when this node serves the bridge (diagnostics, tests). */
  get server(): RealtimeServer | null {
    return this.io;
  }

  toUser<E extends RealtimeEventName>(userId: number, event: E, payload: RealtimeEventPayload<E>): void {
    this.emit(realtimeRooms.user(userId), event, payload);
  }

  toCountry<E extends RealtimeEventName>(country: Country, event: E, payload: RealtimeEventPayload<E>): void {
    this.emit(realtimeRooms.country(country), event, payload);
  }

  /** To the staff who have the customer open (their detail or conversation joined the room). */
  toCustomer<E extends RealtimeEventName>(country: Country, customerId: number, event: E, payload: RealtimeEventPayload<E>): void {
    this.emit(realtimeRooms.customer(country, customerId), event, payload);
  }

  private emit<E extends RealtimeEventName>(room: string, event: E, payload: RealtimeEventPayload<E>): void {
    if (!this.io) return;
    try {
      // The payload is the contract the web app parses: a producer's mistake is caught here, not in browsers.
      const data = REALTIME_EVENTS[event].parse(payload) as RealtimeEventPayload<E>;
      // socket.io's typed emit cannot follow the generic E through its overloads.
      (this.io.to(room).emit as (event: string, data: unknown) => boolean)(event, data);
    } catch (error) {
      this.log.error({ err: error, event, room }, 'realtime event not sent');
    }
  }
}

const REMINDER_CURSOR = 'call-reminders';
/** A node that was down longer than this does not replay older reminders (the web app's poll shows them). */
const REMINDER_LOOKBACK = sql`interval '10 minutes'`;
const REMINDER_BATCH = 1000;

/**
 * `call-reminder:due` for call backs whose time came since the previous check, to their seller. The check's
 * progress is a row of `realtime_cursors`; a node runs a check only when it locks that row (`FOR UPDATE SKIP
 * LOCKED`), so with several nodes each reminder is emitted once (the PostgreSQL adapter delivers it on every
 * node) and the node that checks next continues where the last one stopped. Only pending call backs count
 * (postponing one marks it postponed and schedules a new pending row, which is announced at its own time).
 */
export class CallReminderCheck extends PeriodicTask<number> {
  constructor(
    private readonly db: Db,
    private readonly realtime: RealtimeService,
    log: FastifyBaseLogger,
  ) {
    // A tick answers the reminders it emitted; 0 when another node holds the check.
    super(
      () => this.check(),
      (error) => log.error({ err: error }, 'call reminder check failed'),
    );
  }

  private async check(): Promise<number> {
    const due = await this.db.transaction(async (tx) => {
      // The first check ever starts now: call backs that were due before the bridge existed are the poll's.
      await tx.insert(realtimeCursors).values({ name: REMINDER_CURSOR }).onConflictDoNothing();
      const [cursor] = await tx
        .select({ name: realtimeCursors.name })
        .from(realtimeCursors)
        .where(eq(realtimeCursors.name, REMINDER_CURSOR))
        .for('update', { skipLocked: true });
      if (!cursor) return null;
      // The window's bounds stay in SQL: the cursor keeps PostgreSQL's microseconds (a JS Date would round
      // them and re-emit a reminder due in that microsecond), and now() is the transaction's, one clock for all nodes.
      const since = sql`greatest((select checked_at from ${realtimeCursors} where name = ${REMINDER_CURSOR}), now() - ${REMINDER_LOOKBACK})`;
      const rows = await tx
        .select({
          id: scheduledCalls.id,
          leadId: scheduledCalls.leadId,
          sellerId: scheduledCalls.sellerId,
          scheduleTime: scheduledCalls.scheduleTime,
        })
        .from(scheduledCalls)
        .where(
          and(
            eq(scheduledCalls.status, 'pending'),
            isNotNull(scheduledCalls.sellerId),
            gt(scheduledCalls.scheduleTime, since),
            lte(scheduledCalls.scheduleTime, sql`now()`),
          ),
        )
        .orderBy(scheduledCalls.scheduleTime, scheduledCalls.id)
        .limit(REMINDER_BATCH);
      // A full batch: continue from its last row next time instead of skipping the rest.
      const last = rows.at(-1);
      const checkedAt = last && rows.length === REMINDER_BATCH ? last.scheduleTime : sql`now()`;
      await tx.update(realtimeCursors).set({ checkedAt }).where(eq(realtimeCursors.name, REMINDER_CURSOR));
      return rows;
    });
    // Emitted after the commit: a rolled-back check emits nothing and the next one sees the same window.
    for (const row of due ?? []) {
      this.realtime.toUser(row.sellerId!, 'call-reminder:due', {
        id: row.id,
        lead_id: row.leadId,
        schedule_time: row.scheduleTime.toISOString(),
      });
    }
    return due?.length ?? 0;
  }
}
