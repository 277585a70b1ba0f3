import { BANK_ACCOUNT_LOCKED_STATUSES, formatDateTime, isTerminalStatus, type Country, type ScheduledCall } from '@backoffice/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers, leadEvents, leads, scheduledCalls } from '../db/schema';
import { handOverCallBacks } from './calls';
import { customerChange } from './customer-changes';

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

/** A customer's edit; the optional fields, when absent, keep their stored values. */
export interface CustomerEdit {
  firstName: string;
  lastName: string;
  cellphone: string;
  email: string;
  address?: string | null;
  bank?: string | null;
  bankAccount?: string | null;
}

/**
 * A customer edit's result: saved; or refused because someone saved first ('stale'), or because it changes
 * the bank account while one of the customer's applications is in audit or transfer (`leadId`).
 */
export type CustomerUpdate = { saved: true } | { saved: false; reason: 'stale' } | { saved: false; reason: 'bankAccountLocked'; leadId: number };

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
        .where(
          and(
            eq(leads.id, leadId),
            eq(leads.country, country),
            isNull(leads.sellerId),
            inArray(leads.statusId, statusIds),
          ),
        )
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
      .select({ id: scheduledCalls.id, scheduleTime: scheduledCalls.scheduleTime, status: scheduledCalls.status, note: scheduledCalls.note })
      .from(scheduledCalls)
      .where(and(eq(scheduledCalls.leadId, leadId), eq(scheduledCalls.status, 'pending')))
      .orderBy(asc(scheduledCalls.scheduleTime), asc(scheduledCalls.id));
    return rows.map((row) => ({
      id: row.id,
      schedule_time: row.scheduleTime.toISOString(),
      status: row.status as ScheduledCall['status'],
      note: row.note,
    }));
  }

  /**
   * Optimistic concurrency on the customer's version: 'stale' when someone saved first (nothing written).
   * The lead's timeline gets a 'customer' event naming the fields that changed; a save that changes nothing
   * writes nothing (the version stays).
   */
  async updateCustomer(
    country: Country,
    leadId: number,
    customerId: number,
    userId: number,
    version: number,
    edit: CustomerEdit,
  ): Promise<CustomerUpdate> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({
          firstName: customers.firstName,
          lastName: customers.lastName,
          cellphone: customers.cellphone,
          email: customers.email,
          address: customers.address,
          bank: customers.bank,
          bankAccount: customers.bankAccount,
          version: customers.version,
        })
        .from(customers)
        .where(and(eq(customers.id, customerId), eq(customers.country, country)))
        // Locked before the statuses below are read: a status change of one of the customer's applications
        // locks this row too, so it either committed already (its status is seen) or waits for this edit.
        .for('no key update');
      if (!before || before.version !== version) return { saved: false, reason: 'stale' };
      const change = customerChange(before, edit);
      // Saving what is stored writes nothing: a new version would make everyone else's open edit stale.
      if (!change) return { saved: true };
      const accountChanges =
        (edit.bank !== undefined && edit.bank !== before.bank) || (edit.bankAccount !== undefined && edit.bankAccount !== before.bankAccount);
      if (accountChanges) {
        const [audited] = await tx
          .select({ id: leads.id })
          .from(leads)
          .where(and(eq(leads.customerId, customerId), inArray(leads.statusId, [...BANK_ACCOUNT_LOCKED_STATUSES[country]])))
          .orderBy(leads.id)
          .limit(1);
        if (audited) return { saved: false, reason: 'bankAccountLocked', leadId: audited.id };
      }
      const updated = await tx
        .update(customers)
        .set({ ...edit, version: sql`${customers.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(customers.id, customerId), eq(customers.country, country), eq(customers.version, version)))
        .returning({ id: customers.id });
      if (updated.length === 0) return { saved: false, reason: 'stale' };
      await tx.insert(leadEvents).values({ country, leadId, type: 'customer', userId, ...change });
      return { saved: true };
    });
  }

  /**
   * A pending call back for the lead's seller (the caller's own id when the lead has none), its timeline
   * event, and leads.next_call_at set to the soonest pending call of the lead. next_call_at is a mirror
   * for lists and reminders, not something users edit: it does not bump the lead's version (a call back
   * must not make the seller's open detail stale). Writes nothing when the lead already has that call back
   * pending ('again') or has ended ('closed': nobody calls about it). The lead's row is locked first (as the
   * next_call_at update would), so a status change that ends the lead waits for this and then cancels the
   * call back with the others, and concurrent repeats queue instead of deadlocking.
   */
  async scheduleCall(
    country: Country,
    leadId: number,
    input: { sellerId: number | null; createdBy: number; at: Date; note: string | undefined },
  ): Promise<'scheduled' | 'again' | 'closed'> {
    const when = formatDateTime(country, input.at);
    return this.db.transaction(async (tx) => {
      const [lead] = await tx.select({ statusId: leads.statusId }).from(leads).where(eq(leads.id, leadId)).for('no key update');
      if (!lead || isTerminalStatus(country, lead.statusId)) return 'closed';
      const scheduled = await tx
        .insert(scheduledCalls)
        .values({
          country,
          leadId,
          sellerId: input.sellerId,
          scheduleTime: input.at,
          status: 'pending',
          note: input.note ?? null,
          createdBy: input.createdBy,
        })
        // The same call back twice (a double submit, a retry) is one reminder and one timeline entry.
        .onConflictDoNothing({ target: [scheduledCalls.leadId, scheduledCalls.scheduleTime], where: sql`${scheduledCalls.status} = 'pending'` })
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
