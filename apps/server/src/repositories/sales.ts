import { CALL_BACK_MAX_PENDING, formatDateTime, isClosedStatus, type Country, type ScheduledCall } from '@backoffice/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers, leadEvents, leads, scheduledCalls } from '../db/schema';
import { handOverCallBacks } from './calls';
import { banInForce, customerBanKeys, type FoundBan } from './customer-bans';
import { holdLead, type LeadRefusal } from './lead-lock';
import {
  applicationInAuditOrTransfer,
  applicationOfAnotherSeller,
  customerChange,
  recordCustomerChange,
  type CustomerEdit,
} from './customer-changes';
import { oneRow } from '../db/rows';

/*
 * What the sales screens write besides what the lead repository already does (list, detail, notes,
 * management status) and the workflow (status): taking a lead from the unassigned pool, editing the
 * customer, scheduling call backs.
 */

export type TakeResult =
  /** `again`: the caller already held it (a double click, a second tab): nothing written. */
  | { ok: true; version: number; again?: true }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'taken' }
  /** Unassigned, but in a status the caller does not offer (its status says why). */
  | { ok: false; reason: 'status'; statusId: number };

/** A field of the edit that a hold on the customer refuses, by its API name. */
export type HeldField = 'first_name' | 'last_name' | 'cellphone' | 'bank_account';

/**
 * A customer edit's result: saved; or refused, with nothing written, because someone saved first ('stale'),
 * because a seller changes the identity or the bank account of a customer whose open application `leadId`
 * is another seller's ('otherSeller'), or because it changes what the audit checked (names, cellphone, bank
 * account) while the customer's application `leadId` is in audit or transfer ('inAudit'). `fields`: what it
 * changed that is held.
 */
export type CustomerUpdate =
  | { saved: true }
  | { saved: false; reason: 'stale' }
  | { saved: false; reason: 'refused'; refusal: LeadRefusal }
  | { saved: false; reason: 'otherSeller' | 'inAudit'; leadId: number; fields: HeldField[] }
  | { saved: false; reason: 'banned'; field: 'cellphone' | 'email' | 'bank_account'; ban: FoundBan };

export class SalesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Assigns an unassigned lead in one of `statusIds` (the workable sales statuses) to the seller. One
   * conditional UPDATE (`seller_id is null` and the status in its WHERE) is the whole race: of two sellers
   * taking the same lead, the second finds the condition false once the first commits, and gets 'taken';
   * a lead that moved to a closed status meanwhile is not assigned either. A refusal writes nothing.
   */
  async take(country: Country, leadId: number, seller: { id: number; name: string }, statusIds: number[]): Promise<TakeResult> {
    return this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(leads)
        .set({ sellerId: seller.id, version: sql`${leads.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(leads.id, leadId), eq(leads.country, country), isNull(leads.sellerId), inArray(leads.statusId, statusIds)))
        .returning({ version: leads.version });
      if (!updated) {
        const [row] = await tx
          .select({ sellerId: leads.sellerId, statusId: leads.statusId, version: leads.version })
          .from(leads)
          .where(and(eq(leads.id, leadId), eq(leads.country, country)));
        if (!row) return { ok: false, reason: 'not_found' };
        if (row.sellerId === seller.id) return { ok: true, version: row.version, again: true };
        return row.sellerId === null ? { ok: false, reason: 'status', statusId: row.statusId } : { ok: false, reason: 'taken' };
      }
      await tx.insert(leadEvents).values({
        country,
        leadId,
        type: 'assignment',
        userId: seller.id,
        body: seller.name,
        fromValue: null,
        toValue: String(seller.id),
      });
      await handOverCallBacks(tx, country, leadId, seller.id);
      return { ok: true, version: updated.version };
    });
  }

  /** The lead's pending call backs, soonest first. */
  async pendingCalls(leadId: number): Promise<ScheduledCall[]> {
    const rows = await this.db
      .select({
        id: scheduledCalls.id,
        scheduleTime: scheduledCalls.scheduleTime,
        status: scheduledCalls.status,
        note: scheduledCalls.note,
        version: scheduledCalls.version,
      })
      .from(scheduledCalls)
      .where(and(eq(scheduledCalls.leadId, leadId), eq(scheduledCalls.status, 'pending')))
      .orderBy(asc(scheduledCalls.scheduleTime), asc(scheduledCalls.id));
    return rows.map((row) => ({
      id: row.id,
      schedule_time: row.scheduleTime.toISOString(),
      status: row.status as ScheduledCall['status'],
      note: row.note,
      version: row.version,
    }));
  }

  /**
   * Optimistic concurrency on the customer's version: 'stale' when someone saved first (nothing written).
   * Every application of the customer gets a 'customer' event naming the fields that changed (the edited
   * one its own, the others 'Por la solicitud #N'); a save that changes nothing writes nothing (the version
   * stays). Holds, checked on the locked customer row, refuse the whole edit:
   * - `sellerId` (the editor is a seller, not the back office): the names and the bank account stay while an
   *   open application of the customer is another seller's ('otherSeller');
   * - anyone: what the audit checked (the names, the cellphone, the bank account) stays while an
   *   application of the customer is in audit or transfer ('inAudit').
   */
  async updateCustomer(
    country: Country,
    leadId: number,
    customerId: number,
    editor: { userId: number; sellerId: number | undefined; ownSellerId: number | undefined },
    version: number,
    edit: CustomerEdit,
  ): Promise<CustomerUpdate> {
    return this.db.transaction(async (tx) => {
      // The application it is made from first (the order status changes lock in): a seller's edit lands
      // only while the application is still theirs.
      const lead = await holdLead(tx, country, leadId, editor.ownSellerId);
      if (!lead.ok) return { saved: false, reason: 'refused', refusal: lead };
      const [before] = await tx
        .select({
          firstName: customers.firstName,
          lastName: customers.lastName,
          cellphone: customers.cellphone,
          email: customers.email,
          address: customers.address,
          bank: customers.bank,
          bankAccount: customers.bankAccount,
          bankAccountType: customers.bankAccountType,
          version: customers.version,
        })
        .from(customers)
        .where(and(eq(customers.id, customerId), eq(customers.country, country)))
        // Locked before the applications below are read: a status change of one of the customer's applications
        // and a new application of the customer lock this row too, so each either committed already (and is
        // seen) or waits for this edit.
        .for('no key update');
      if (!before || before.version !== version) return { saved: false, reason: 'stale' };
      const change = customerChange(before, edit);
      // Saving what is stored writes nothing: a new version would make everyone else's open edit stale.
      if (!change) return { saved: true };
      const changes = (key: keyof CustomerEdit) => edit[key] !== undefined && edit[key] !== before[key];
      // Filling in the type of an account stored without one (before types were asked) completes it: the
      // account stays the one audited and paid into, so no hold refuses it. Anything else moves the money.
      const typeCompleted = before.bankAccountType === null && !changes('bank') && !changes('bankAccount');
      const accountChanges = changes('bank') || changes('bankAccount') || (changes('bankAccountType') && !typeCompleted);
      if (editor.sellerId !== undefined) {
        const held: HeldField[] = [
          ...(changes('firstName') ? (['first_name'] as const) : []),
          ...(changes('lastName') ? (['last_name'] as const) : []),
          ...(accountChanges ? (['bank_account'] as const) : []),
        ];
        const theirs = held.length > 0 ? await applicationOfAnotherSeller(tx, country, customerId, editor.sellerId) : undefined;
        if (theirs !== undefined) return { saved: false, reason: 'otherSeller', leadId: theirs, fields: held };
      }
      const audited: HeldField[] = [
        ...(changes('firstName') ? (['first_name'] as const) : []),
        ...(changes('lastName') ? (['last_name'] as const) : []),
        ...(changes('cellphone') ? (['cellphone'] as const) : []),
        ...(accountChanges ? (['bank_account'] as const) : []),
      ];
      const inAudit = audited.length > 0 ? await applicationInAuditOrTransfer(tx, country, customerId) : undefined;
      if (inAudit !== undefined) return { saved: false, reason: 'inAudit', leadId: inAudit, fields: audited };
      // A cellphone, email or account under a credit ban in force may not be set (one that is stored already stays).
      const contact: ['cellphone' | 'email' | 'bank_account', keyof CustomerEdit][] = [
        ['cellphone', 'cellphone'],
        ['email', 'email'],
        ['bank_account', 'bankAccount'],
      ];
      for (const [field, key] of contact) {
        if (!changes(key) || !edit[key]) continue;
        const ban = await banInForce(tx, country, customerBanKeys(country, { [key]: edit[key] }));
        if (ban) return { saved: false, reason: 'banned', field, ban };
      }
      const updated = await tx
        .update(customers)
        .set({ ...edit, version: sql`${customers.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(customers.id, customerId), eq(customers.country, country), eq(customers.version, version)))
        .returning({ id: customers.id });
      if (updated.length === 0) return { saved: false, reason: 'stale' };
      await recordCustomerChange(tx, country, customerId, leadId, editor.userId, change);
      return { saved: true };
    });
  }

  /**
   * A pending call back for the lead's seller (the caller's own id when the lead has none), its timeline
   * event, and leads.next_call_at set to the soonest pending call of the lead. next_call_at is a mirror
   * for lists and reminders, not something users edit: it does not bump the lead's version (a call back
   * must not make the seller's open detail stale). Writes nothing when the lead already has that call back
   * pending ('again'), has CALL_BACK_MAX_PENDING others pending ('full') or has ended ('closed': nobody calls
   * about it). The lead's row is locked first (as the
   * next_call_at update would), so a status change that ends the lead waits for this and then cancels the
   * call back with the others, and concurrent repeats queue instead of deadlocking.
   */
  async scheduleCall(
    country: Country,
    leadId: number,
    input: { ownSellerId: number | undefined; createdBy: number; at: Date; note: string | undefined },
  ): Promise<'scheduled' | 'again' | 'closed' | 'full' | LeadRefusal> {
    const when = formatDateTime(country, input.at);
    return this.db.transaction(async (tx) => {
      const lead = await holdLead(tx, country, leadId, input.ownSellerId, 'no key update');
      if (!lead.ok) return lead;
      if (isClosedStatus(country, lead.statusId)) return 'closed';
      // Counted with the lead's row locked: concurrent schedules of one lead take their turns. At the cap a
      // repeat of one already pending is still that one ('again'), not a new one refused.
      const { pending, same } = oneRow(
        await tx
          .select({
            pending: sql<number>`count(*)`.mapWith(Number),
            same: sql<number>`count(*) filter (where ${scheduledCalls.scheduleTime} = ${input.at})`.mapWith(Number),
          })
          .from(scheduledCalls)
          .where(and(eq(scheduledCalls.leadId, leadId), eq(scheduledCalls.status, 'pending'))),
      );
      if (pending >= CALL_BACK_MAX_PENDING) return same > 0 ? 'again' : 'full';
      const scheduled = await tx
        .insert(scheduledCalls)
        .values({
          country,
          leadId,
          // The reminder goes to whoever works the lead now; an unassigned lead's call back has no seller yet.
          sellerId: lead.sellerId,
          scheduleTime: input.at,
          status: 'pending',
          note: input.note ?? null,
          createdBy: input.createdBy,
        })
        // The same call back twice (a double submit, a retry) is one reminder and one timeline entry.
        .onConflictDoNothing({
          target: [scheduledCalls.leadId, scheduledCalls.scheduleTime],
          where: sql`${scheduledCalls.status} = 'pending'`,
        })
        .returning({ id: scheduledCalls.id });
      if (scheduled.length === 0) return 'again';
      await tx
        .update(leads)
        .set({
          nextCallAt: sql`(select min(${scheduledCalls.scheduleTime}) from ${scheduledCalls} where ${scheduledCalls.leadId} = ${leadId} and ${scheduledCalls.status} = 'pending')`,
        })
        .where(and(eq(leads.id, leadId), eq(leads.country, country)));
      await tx.insert(leadEvents).values({
        country,
        leadId,
        type: 'call_back',
        userId: input.createdBy,
        body: `Llamar el ${when}${input.note ? `\n${input.note}` : ''}`,
        toValue: input.at.toISOString(),
      });
      return 'scheduled';
    });
  }
}
