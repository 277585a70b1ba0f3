import { CLOSED_STATUSES, callBackEventText, formatDateTime, type Country, type DueCall } from '@backoffice/shared';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { holdLead } from './lead-lock';
import { calls, customers, leadEvents, leads, scheduledCalls } from '../db/schema';
import { oneRow } from '../db/rows';

/*
 * Call reminders (the seller's due call backs, resolved or postponed from the reminder modal; cancelled or
 * rescheduled from the sale detail) and the record of calls placed through telephony. Each change writes the
 * lead's timeline in the same transaction.
 */

/**
 * A lead's pending call backs go with the lead to its new seller (a reassignment, a take from the pool):
 * the reminders are for whoever works it now, never for a seller who can no longer open it. Run inside the
 * transaction that changes the seller.
 */
export async function handOverCallBacks(tx: Tx, country: Country, leadId: number, sellerId: number): Promise<void> {
  await tx
    .update(scheduledCalls)
    .set({ sellerId })
    .where(and(eq(scheduledCalls.country, country), eq(scheduledCalls.leadId, leadId), eq(scheduledCalls.status, 'pending')));
}

export type CallBackChange =
  | { ok: true; id: number; leadId: number; status: 'resolved' | 'postponed'; next: { id: number; scheduleTime: Date } | null }
  | { ok: false; reason: 'not_found' | 'not_yours' | 'not_pending' };

/**
 * A pending call back cancelled or moved from the sale detail: whose reminder it is (the realtime event goes
 * to them), or why not: not that application's ('not_found'), the application is no longer the seller's
 * ('not_yours'), no longer pending ('not_pending'), or (a reschedule) another pending one of the application
 * is due at that time ('same_time'). `changed` false: a repeat of the same reschedule, nothing written.
 */
export type CallBackEdit =
  | { ok: true; id: number; leadId: number; sellerId: number | null; scheduleTime: Date; changed: boolean }
  | { ok: false; reason: 'not_found' | 'not_yours' | 'not_pending' | 'same_time' | 'stale' };

/** A call about to be placed: who, through which telephony user, to which number, about which lead. */
export interface CallRecord {
  country: Country;
  userId: number;
  neotelUser: number;
  cellphone: string;
  leadId: number | null;
  adapter: string;
}

/** What the telephony system answered: it took the call (its id), or it failed (the reason). */
export type CallOutcome = { status: 'started'; externalId: string | null } | { status: 'failed'; outcome: string };

export function duration(from: Date, to: Date): string {
  const seconds = Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

export class CallsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The seller's earliest due call back (pending, schedule_time <= now), with the customer's first name
   * and cellphone; one index range on scheduled_calls (seller_id, status, schedule_time). `due_count` counts
   * the whole range (the window runs before the limit): how many reminders wait behind this one.
   */
  async due(country: Country, sellerId: number, now: Date = new Date()): Promise<DueCall | undefined> {
    const [row] = await this.db
      .select({
        id: scheduledCalls.id,
        leadId: scheduledCalls.leadId,
        firstName: customers.firstName,
        cellphone: customers.cellphone,
        scheduleTime: scheduledCalls.scheduleTime,
        dueCount: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(scheduledCalls)
      .innerJoin(leads, eq(leads.id, scheduledCalls.leadId))
      .innerJoin(customers, eq(customers.id, leads.customerId))
      .where(
        and(
          eq(scheduledCalls.sellerId, sellerId),
          eq(scheduledCalls.status, 'pending'),
          lte(scheduledCalls.scheduleTime, now),
          eq(scheduledCalls.country, country),
        ),
      )
      .orderBy(asc(scheduledCalls.scheduleTime), asc(scheduledCalls.id))
      .limit(1);
    if (!row) return undefined;
    return {
      id: row.id,
      lead_id: row.leadId,
      first_name: row.firstName,
      cellphone: row.cellphone ?? '',
      schedule_time: row.scheduleTime.toISOString(),
      due_count: row.dueCount,
    };
  }

  /** The call back marked resolved (only its seller's, only while pending) and a `call_resolved` event. */
  async resolve(country: Country, id: number, sellerId: number): Promise<CallBackChange> {
    return this.db.transaction(async (tx) => {
      const found = await this.lockOwnPending(tx, country, id, sellerId);
      if (!found.ok) return found;
      const { row } = found;
      await tx
        .update(scheduledCalls)
        .set({ status: 'resolved', resolvedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${scheduledCalls.version} + 1` })
        .where(eq(scheduledCalls.id, id));
      await this.mirrorNextCall(tx, country, row.leadId);
      await tx.insert(leadEvents).values({
        country,
        leadId: row.leadId,
        type: 'call_resolved',
        userId: sellerId,
        body: `Llamada del ${formatDateTime(country, row.scheduleTime)} resuelta${row.note ? `\n${row.note}` : ''}`,
        fromValue: String(id),
      });
      return { ok: true, id, leadId: row.leadId, status: 'resolved', next: null };
    });
  }

  /**
   * The call back marked postponed and a new pending one `minutes` later for the same seller and note
   * (the postponed row keeps when it was first due), with a `call_postponed` event. Later than now, or than
   * when it was due if that is still ahead: postponing never brings a call back forward.
   */
  async postpone(country: Country, id: number, sellerId: number, minutes: number): Promise<CallBackChange> {
    return this.db.transaction(async (tx) => {
      const found = await this.lockOwnPending(tx, country, id, sellerId);
      if (!found.ok) return found;
      const { row } = found;
      const at = new Date(Math.max(Date.now(), row.scheduleTime.getTime()) + minutes * 60_000);
      await tx
        .update(scheduledCalls)
        .set({ status: 'postponed', resolvedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${scheduledCalls.version} + 1` })
        .where(eq(scheduledCalls.id, id));
      const [inserted] = await tx
        .insert(scheduledCalls)
        .values({ country, leadId: row.leadId, sellerId, scheduleTime: at, status: 'pending', note: row.note, createdBy: sellerId })
        .onConflictDoNothing({
          target: [scheduledCalls.leadId, scheduledCalls.scheduleTime],
          where: sql`${scheduledCalls.status} = 'pending'`,
        })
        .returning({ id: scheduledCalls.id });
      // Another call back of the lead due at that very instant is the one the seller will get.
      const next =
        inserted ??
        oneRow(
          await tx
            .select({ id: scheduledCalls.id })
            .from(scheduledCalls)
            .where(and(eq(scheduledCalls.leadId, row.leadId), eq(scheduledCalls.scheduleTime, at), eq(scheduledCalls.status, 'pending'))),
        );
      await this.mirrorNextCall(tx, country, row.leadId);
      await tx.insert(leadEvents).values({
        country,
        leadId: row.leadId,
        type: 'call_postponed',
        userId: sellerId,
        body: `Llamada del ${formatDateTime(country, row.scheduleTime)} pospuesta al ${formatDateTime(country, at)}`,
        fromValue: row.scheduleTime.toISOString(),
        toValue: at.toISOString(),
      });
      return { ok: true, id, leadId: row.leadId, status: 'postponed', next: { id: next.id, scheduleTime: at } };
    });
  }

  /**
   * A pending call back of the lead marked cancelled (nobody will be reminded of it) and a `call_back` event
   * saying so. `ownSellerId`: the caller is a seller, who may act only while the lead is theirs.
   */
  async cancel(country: Country, leadId: number, id: number, by: { userId: number; ownSellerId?: number }): Promise<CallBackEdit> {
    return this.db.transaction(async (tx) => {
      const found = await this.lockLeadPending(tx, country, leadId, id, by.ownSellerId);
      if (!found.ok) return found;
      const { row } = found;
      await tx
        .update(scheduledCalls)
        .set({ status: 'cancelled', resolvedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${scheduledCalls.version} + 1` })
        .where(eq(scheduledCalls.id, id));
      await this.mirrorNextCall(tx, country, leadId);
      await tx.insert(leadEvents).values({
        country,
        leadId,
        type: 'call_back',
        userId: by.userId,
        body: callBackEventText.cancelled(formatDateTime(country, row.scheduleTime), row.note),
        fromValue: row.scheduleTime.toISOString(),
        toValue: 'cancelled',
      });
      return { ok: true, id, leadId, sellerId: row.sellerId, scheduleTime: row.scheduleTime, changed: true };
    });
  }

  /**
   * A pending call back of the lead moved to `at` (the same row: its seller and note stay), with a
   * `call_back` event 'Llamada del … reprogramada al …'. To the time it already has: nothing written (a
   * repeat). To the time of another pending call back of the lead: 'same_time' (one reminder per instant).
   */
  async reschedule(
    country: Country,
    leadId: number,
    id: number,
    move: { at: Date; version: number },
    by: { userId: number; ownSellerId?: number },
  ): Promise<CallBackEdit> {
    const { at } = move;
    return this.db.transaction(async (tx) => {
      const found = await this.lockLeadPending(tx, country, leadId, id, by.ownSellerId);
      if (!found.ok) return found;
      const { row } = found;
      // Before the version: the same move sent twice (a retry) is done, not stale.
      if (row.scheduleTime.getTime() === at.getTime())
        return { ok: true, id, leadId, sellerId: row.sellerId, scheduleTime: at, changed: false };
      if (row.version !== move.version) return { ok: false, reason: 'stale' };
      // Checked with the lead's row locked: another booking or move of this lead waits for this one.
      const [taken] = await tx
        .select({ id: scheduledCalls.id })
        .from(scheduledCalls)
        .where(and(eq(scheduledCalls.leadId, leadId), eq(scheduledCalls.scheduleTime, at), eq(scheduledCalls.status, 'pending')));
      if (taken) return { ok: false, reason: 'same_time' };
      await tx
        .update(scheduledCalls)
        .set({ scheduleTime: at, updatedAt: sql`now()`, version: sql`${scheduledCalls.version} + 1` })
        .where(eq(scheduledCalls.id, id));
      await this.mirrorNextCall(tx, country, leadId);
      await tx.insert(leadEvents).values({
        country,
        leadId,
        type: 'call_back',
        userId: by.userId,
        body: callBackEventText.rescheduled(formatDateTime(country, row.scheduleTime), formatDateTime(country, at)),
        fromValue: row.scheduleTime.toISOString(),
        toValue: at.toISOString(),
      });
      return { ok: true, id, leadId, sellerId: row.sellerId, scheduleTime: at, changed: true };
    });
  }

  /** A lead to call: its seller and its customer's stored cellphone (null when the customer has none). */
  async leadToCall(
    country: Country,
    leadId: number,
  ): Promise<{ id: number; sellerId: number | null; cellphone: string | null } | undefined> {
    const [row] = await this.db
      .select({ id: leads.id, sellerId: leads.sellerId, cellphone: customers.cellphone })
      .from(leads)
      .innerJoin(customers, eq(customers.id, leads.customerId))
      .where(and(eq(leads.country, country), eq(leads.id, leadId)))
      .limit(1);
    return row;
  }

  /**
   * The seller's lead whose customer has this cellphone (national digits), if any: the most recently updated
   * one still open, else the most recently updated.
   */
  async leadByCellphone(country: Country, sellerId: number, cellphone: string): Promise<number | null> {
    const [row] = await this.db
      .select({ id: leads.id })
      .from(leads)
      .innerJoin(customers, eq(customers.id, leads.customerId))
      .where(and(eq(leads.country, country), eq(leads.sellerId, sellerId), eq(customers.cellphone, cellphone)))
      .orderBy(inArray(leads.statusId, [...CLOSED_STATUSES[country]]), desc(leads.updatedAt), desc(leads.id))
      .limit(1);
    return row?.id ?? null;
  }

  /**
   * The call's row, written before dialling so that a user has at most one open call (a unique index): a
   * double click or a repeated request dials once. Undefined when the user has a call open already (one
   * sent at the same moment waits for the other's row, then finds it).
   */
  async claimStart(record: CallRecord): Promise<number | undefined> {
    const [row] = await this.db
      .insert(calls)
      .values({ ...record, status: 'started' })
      .onConflictDoNothing({ target: calls.userId, where: sql`${calls.status} = 'started'` })
      .returning({ id: calls.id });
    return row?.id;
  }

  /** What dialling the claimed call gave, and (when its lead is known) a `call` event saying so. */
  async recordStart(id: number, result: CallOutcome): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [call] = await tx
        .update(calls)
        .set(
          result.status === 'started'
            ? { externalId: result.externalId, updatedAt: sql`now()` }
            : { status: 'failed', outcome: result.outcome, endedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${calls.version} + 1` },
        )
        .where(eq(calls.id, id))
        .returning({ country: calls.country, userId: calls.userId, leadId: calls.leadId, cellphone: calls.cellphone });
      if (!call || call.leadId === null) return;
      await tx.insert(leadEvents).values({
        country: call.country,
        leadId: call.leadId,
        type: 'call',
        userId: call.userId,
        body:
          result.status === 'started' ? `Llamada a ${call.cellphone} iniciada` : `Llamada a ${call.cellphone} fallida: ${result.outcome}`,
        toValue: result.status,
        fromValue: String(id),
      });
    });
  }

  /** Ends the user's open calls (a hang-up), each lead's timeline saying how long it lasted. */
  async endOpen(country: Country, userId: number): Promise<{ id: number; leadId: number | null }[]> {
    return this.db.transaction(async (tx) => {
      const ended = await tx
        .update(calls)
        .set({ status: 'ended', endedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${calls.version} + 1` })
        .where(and(eq(calls.userId, userId), eq(calls.status, 'started'), eq(calls.country, country)))
        .returning({ id: calls.id, leadId: calls.leadId, cellphone: calls.cellphone, startedAt: calls.startedAt, endedAt: calls.endedAt });
      for (const call of ended) {
        if (call.leadId === null) continue;
        await tx.insert(leadEvents).values({
          country,
          leadId: call.leadId,
          type: 'call',
          userId,
          body: `Llamada a ${call.cellphone} finalizada (${duration(call.startedAt, call.endedAt ?? new Date())})`,
          toValue: 'ended',
          fromValue: String(call.id),
        });
      }
      return ended.map((call) => ({ id: call.id, leadId: call.leadId }));
    });
  }

  /**
   * Row locks first, so a resolve, a postpone, a cancel and a reschedule of the same call back cannot two of
   * them pass the checks: the lead's row (NO KEY UPDATE, as booking and a status change take it: one order for
   * all, no deadlock), then the call back's.
   */
  private async lockOwnPending(tx: Tx, country: Country, id: number, sellerId: number) {
    const [call] = await tx
      .select({ leadId: scheduledCalls.leadId })
      .from(scheduledCalls)
      .where(and(eq(scheduledCalls.id, id), eq(scheduledCalls.country, country)));
    if (!call) return { ok: false as const, reason: 'not_found' as const };
    // The lead's seller now, not only the call back's: a reminder is acted on only while the lead is theirs.
    const lead = await holdLead(tx, country, call.leadId, sellerId, 'no key update');
    if (!lead.ok) return { ok: false as const, reason: lead.reason };
    const [row] = await tx
      .select({
        leadId: scheduledCalls.leadId,
        sellerId: scheduledCalls.sellerId,
        status: scheduledCalls.status,
        scheduleTime: scheduledCalls.scheduleTime,
        note: scheduledCalls.note,
      })
      .from(scheduledCalls)
      .where(and(eq(scheduledCalls.id, id), eq(scheduledCalls.country, country)))
      .for('update');
    if (!row) return { ok: false as const, reason: 'not_found' as const };
    if (row.sellerId !== sellerId) return { ok: false as const, reason: 'not_yours' as const };
    if (row.status !== 'pending') return { ok: false as const, reason: 'not_pending' as const };
    return { ok: true as const, row };
  }

  /**
   * The lead's row locked (NO KEY UPDATE, the order of lockOwnPending, booking and status changes), then its
   * call back `id`: not_found unless it is this lead's, not_yours when the lead has moved to another seller
   * than `ownSellerId` (when given), not_pending once resolved, postponed or cancelled.
   */
  private async lockLeadPending(tx: Tx, country: Country, leadId: number, id: number, ownSellerId: number | undefined) {
    const lead = await holdLead(tx, country, leadId, ownSellerId, 'no key update');
    if (!lead.ok) return { ok: false as const, reason: lead.reason };
    const [row] = await tx
      .select({
        sellerId: scheduledCalls.sellerId,
        status: scheduledCalls.status,
        scheduleTime: scheduledCalls.scheduleTime,
        note: scheduledCalls.note,
        version: scheduledCalls.version,
      })
      .from(scheduledCalls)
      .where(and(eq(scheduledCalls.id, id), eq(scheduledCalls.leadId, leadId), eq(scheduledCalls.country, country)))
      .for('update');
    if (!row) return { ok: false as const, reason: 'not_found' as const };
    if (row.status !== 'pending') return { ok: false as const, reason: 'not_pending' as const };
    return { ok: true as const, row };
  }

  /** leads.next_call_at follows the lead's soonest pending call back (a mirror: no version bump). */
  private async mirrorNextCall(tx: Tx, country: Country, leadId: number): Promise<void> {
    await tx
      .update(leads)
      .set({
        nextCallAt: sql`(select min(${scheduledCalls.scheduleTime}) from ${scheduledCalls} where ${scheduledCalls.leadId} = ${leadId} and ${scheduledCalls.status} = 'pending')`,
      })
      .where(and(eq(leads.id, leadId), eq(leads.country, country)));
  }
}
