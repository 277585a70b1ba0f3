import { isClosedStatus, type Country } from '@backoffice/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { customers, leadStatusHistory, leads, payableAccount, scheduledCalls } from '../db/schema';
import { StageRunsRepository } from './stage-runs';

/** What the workflow needs of a lead: its status, owner, version, offer, and the customer's document. */
export interface WorkflowLead {
  id: number;
  statusId: number;
  sellerId: number | null;
  version: number;
  offeredAmount: number | null;
  requestedAmount: number;
  docNumber: string;
  /** The customer's: a transfer needs an account to pay into. */
  hasBankAccount: boolean;
}

/** The status change decided for a locked lead. */
export interface StatusChange {
  to: number;
  /** The version the client read: the update matches only that one. */
  version: number;
  /** Who took it, or who ran the stage that decided it; null when the system ran it by itself. */
  userId: number | null;
  reason: string | null;
  offer?: { amount: number; rate: number };
  /** The new status's automated stage is queued for the system to run (stage_runs). */
  queueStage: boolean;
}

/**
 * Work that must commit or roll back with a status change (an audit decision's row): runs after the
 * status history row is written, in the same transaction; throwing refuses the whole change.
 */
export type ChangeHook = (tx: Tx, change: { from: number; to: number }) => Promise<void>;

const fields = {
  id: leads.id,
  statusId: leads.statusId,
  sellerId: leads.sellerId,
  version: leads.version,
  offeredAmount: leads.offeredAmount,
  requestedAmount: leads.requestedAmount,
  docNumber: customers.docNumber,
  hasBankAccount: payableAccount,
};

/**
 * The only writer of leads.status_id besides the lead's creation: the workflow service calls it, nothing
 * else does.
 */
export class WorkflowRepository {
  constructor(private readonly db: Db) {}

  /** The lead of the country, unlocked (for showing options and before calling an adapter). */
  async find(country: Country, id: number): Promise<WorkflowLead | undefined> {
    const [row] = await this.db
      .select(fields)
      .from(leads)
      .innerJoin(customers, eq(customers.id, leads.customerId))
      .where(and(eq(leads.id, id), eq(leads.country, country)))
      .limit(1);
    return row;
  }

  /**
   * In one transaction: locks the lead's and its customer's rows (a concurrent change of the same lead
   * waits, then sees the new version), lets `decide` check it against the current row (it throws to refuse: nothing is
   * written), updates status and version only if the version is still the one the client read, and writes
   * the status history row. Answers undefined for an unknown lead (or another country's), 'stale' when the
   * version moved on, else the change made.
   */
  async change(
    country: Country,
    id: number,
    decide: (lead: WorkflowLead) => StatusChange | Promise<StatusChange>,
    within?: ChangeHook,
    /** The caller's transaction: the change runs in a savepoint of it (refused, it leaves the caller's work). */
    outer?: Tx,
  ): Promise<{ from: number; to: number } | 'stale' | undefined> {
    return (outer ?? this.db).transaction(async (tx) => {
      const [lead] = await tx
        .select(fields)
        .from(leads)
        .innerJoin(customers, eq(customers.id, leads.customerId))
        .where(and(eq(leads.id, id), eq(leads.country, country)))
        // The customer's row too: a guard reads its bank account, which an edit of the customer (locking the
        // same row before it checks this lead's status) must not clear between the check and the commit.
        // NO KEY UPDATE, not UPDATE: the timeline rows written meanwhile (their key share on the lead) do not wait.
        .for('no key update', { of: [leads, customers] });
      if (!lead) return undefined;
      const change = await decide(lead);
      const updated = await tx
        .update(leads)
        .set({
          statusId: change.to,
          // The history row's time too (now() is the transaction's).
          statusChangedAt: sql`now()`,
          version: sql`${leads.version} + 1`,
          updatedAt: sql`now()`,
          ...(change.offer ? { offeredAmount: change.offer.amount, rate: change.offer.rate } : {}),
        })
        .where(and(eq(leads.id, id), eq(leads.country, country), eq(leads.version, change.version)))
        .returning({ id: leads.id });
      if (updated.length === 0) return 'stale';
      await tx.insert(leadStatusHistory).values({
        country,
        leadId: id,
        fromStatus: lead.statusId,
        toStatus: change.to,
        userId: change.userId,
        reason: change.reason,
      });
      // Nobody calls about an application that ended: its pending call backs are cancelled (no reminder).
      if (isClosedStatus(country, change.to)) {
        await tx
          .update(scheduledCalls)
          .set({ status: 'cancelled', resolvedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${scheduledCalls.version} + 1` })
          .where(and(eq(scheduledCalls.leadId, id), eq(scheduledCalls.status, 'pending')));
        await tx.update(leads).set({ nextCallAt: null }).where(eq(leads.id, id));
      }
      // Committed with the change or not at all: a stage to run is never lost between the two.
      await StageRunsRepository.replace(tx, country, id, change.queueStage ? change.to : null);
      if (within) await within(tx, { from: lead.statusId, to: change.to });
      return { from: lead.statusId, to: change.to };
    });
  }
}
