import {
  AUDIT_CLAIM_MINUTES,
  LIST_COUNT_THRESHOLD,
  auditQueueStatusIds,
  type AuditChecklist,
  type AuditClaim,
  type AuditClaimFilter,
  type AuditDecision,
  type AuditQueueItem,
  type AuditRound,
  type Country,
  type ListCount,
} from '@backoffice/shared';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { audits, customers, leads, users } from '../db/schema';
import { customerColumns, customerSummaryOf, personRefOf } from './leads';
import type { Tx } from './workflow';

/*
 * Audit rounds: the auditors' queue, claims and the rounds' history. Rounds are opened and closed by the
 * lead_status_history trigger (migration 0009_audits_queue); this repository claims, releases, reads, and
 * records a decision inside the workflow's transaction (`recordDecision`).
 */

const CLAIM_TTL = sql.raw(`interval '${AUDIT_CLAIM_MINUTES} minutes'`);

/** A claim protects the case while it is this fresh. */
const activeClaim = sql`${audits.auditorId} is not null and ${audits.claimedAt} > now() - ${CLAIM_TTL}`;

const auditor = alias(users, 'auditor');
const seller = alias(users, 'seller');

export interface AuditQueueFilters {
  /** Lead statuses (audit statuses of the country). */
  statuses: number[];
  claim: AuditClaimFilter;
}

/** The holder of an open round, for messages and answers. */
export interface OpenRound {
  id: number;
  auditorId: number | null;
  auditorName: string | null;
  claimedAt: Date | null;
  /** Whether the claim still protects the case. */
  active: boolean;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const expiry = (claimedAt: Date) => new Date(claimedAt.getTime() + AUDIT_CLAIM_MINUTES * 60_000).toISOString();

export function claimOf(auditorId: number | null, name: string | null, claimedAt: Date | null, active: boolean): AuditClaim | null {
  if (!active || auditorId === null || name === null || claimedAt === null) return null;
  return { user: { id: auditorId, name }, claimed_at: claimedAt.toISOString(), expires_at: expiry(claimedAt) };
}

const roundFields = {
  id: audits.id,
  statusId: audits.statusId,
  queuedAt: audits.queuedAt,
  auditorId: audits.auditorId,
  auditorName: auditor.name,
  claimedAt: audits.claimedAt,
  identity: audits.checkIdentity,
  documents: audits.checkDocuments,
  signature: audits.checkSignature,
  bankAccount: audits.checkBankAccount,
  phone: audits.checkPhone,
  decision: audits.decision,
  comment: audits.comment,
  decidedAt: audits.decidedAt,
  active: sql<boolean>`(${activeClaim})`,
};

interface RoundRow {
  id: number;
  statusId: number;
  queuedAt: Date;
  auditorId: number | null;
  auditorName: string | null;
  claimedAt: Date | null;
  identity: boolean;
  documents: boolean;
  signature: boolean;
  bankAccount: boolean;
  phone: boolean;
  decision: string | null;
  comment: string | null;
  decidedAt: Date | null;
  active: boolean;
}

function toRound(row: RoundRow): AuditRound {
  return {
    id: row.id,
    status_id: row.statusId,
    queued_at: row.queuedAt.toISOString(),
    auditor: row.auditorId !== null && row.auditorName !== null ? { id: row.auditorId, name: row.auditorName } : null,
    claimed_at: iso(row.claimedAt),
    checklist: {
      identity: row.identity,
      documents: row.documents,
      signature: row.signature,
      bank_account: row.bankAccount,
      phone: row.phone,
    },
    decision: row.decision as AuditDecision | null,
    comment: row.comment,
    decided_at: iso(row.decidedAt),
  };
}

export class AuditsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The queue, oldest first (time the lead entered its status), in one of two ways:
   * - only the queue's own statuses (AUDIT_PENDING, AUDIT_RETRY): their open rounds, read from the partial
   *   index audits_queue_idx (its size is the queue's, whatever the number of leads); an open round is the
   *   status its lead waits in (the trigger closes it at the lead's next move), so the round's own status
   *   filters them without reading the leads;
   * - with a decided status (AUDIT_APPROVAL, …): the leads in the statuses, by when they entered them
   *   (leads_status_entered_idx: a page is an index range, whatever the number of leads in them), newest
   *   first when all the statuses are decided ones (a history of decisions), each with its latest round read
   *   for the page's leads only (through audits_lead_id_idx). Every claim filter but 'all' asks for
   *   undecided rounds, which decided statuses never have: they are left out.
   */
  private plan(country: Country, filters: AuditQueueFilters): { open: boolean; newestFirst: boolean; statuses: number[] } {
    const queue = new Set(auditQueueStatusIds(country));
    const statuses = filters.claim === 'all' ? filters.statuses : filters.statuses.filter((id) => queue.has(id));
    // Work waiting is served oldest first; decisions alone are a history, read newest first.
    return { open: statuses.every((id) => queue.has(id)), newestFirst: !statuses.some((id) => queue.has(id)), statuses };
  }

  /** The open rounds in `statuses` passing the claim filter (the queue's own statuses). */
  private openRounds(country: Country, userId: number, claim: AuditClaimFilter, statuses: number[]): SQL {
    const claimed: Record<AuditClaimFilter, SQL | undefined> = {
      all: undefined,
      unclaimed: sql`not (${activeClaim})`,
      claimed: activeClaim,
      mine: eq(audits.auditorId, userId),
    };
    return and(eq(audits.country, country), isNull(audits.decidedAt), inArray(audits.statusId, statuses), claimed[claim])!;
  }

  /** The leads in `statuses`, by when they entered them. */
  private leadsIn(country: Country, statuses: number[]): SQL {
    return and(eq(leads.country, country), inArray(leads.statusId, statuses))!;
  }

  /**
   * Each lead's latest round, as a lateral sub-select under the table's own name so that roundFields read it.
   */
  private latestRound() {
    return this.db.select().from(audits).where(eq(audits.leadId, leads.id)).orderBy(desc(audits.queuedAt), desc(audits.id)).limit(1).as('audits');
  }

  async queue(
    country: Country,
    userId: number,
    filters: AuditQueueFilters,
    page: number,
    pageSize: number,
  ): Promise<AuditQueueItem[]> {
    const { open, newestFirst, statuses } = this.plan(country, filters);
    if (statuses.length === 0) return [];
    const fields = {
      ...roundFields,
      leadId: leads.id,
      leadStatusId: leads.statusId,
      requestedAmount: leads.requestedAmount,
      term: leads.term,
      sellerId: leads.sellerId,
      sellerName: seller.name,
      ...customerColumns,
    };
    const offset = (page - 1) * pageSize;
    let select;
    if (open) {
      select = this.db
        .select(fields)
        .from(audits)
        .innerJoin(leads, eq(leads.id, audits.leadId))
        .where(this.openRounds(country, userId, filters.claim, statuses))
        .orderBy(asc(audits.queuedAt), asc(audits.id))
        .limit(pageSize)
        .offset(offset)
        .$dynamic();
    } else {
      // Fresh each time: drizzle renders a union's ORDER BY with bare column names, on the expression itself.
      const entered = () => (newestFirst ? [desc(leads.statusChangedAt), desc(leads.id)] : [asc(leads.statusChangedAt), asc(leads.id)]);
      // The page's leads first, then their rounds. Per status its leads are an index range; several statuses
      // are merged from the first offset + pageSize of each, so nothing is gathered and sorted whole.
      const inStatus = (statusId: number) =>
        this.db
          .select({ id: leads.id, at: leads.statusChangedAt })
          .from(leads)
          .where(and(eq(leads.country, country), eq(leads.statusId, statusId)))
          .orderBy(...entered());
      const [first, second, ...more] = statuses.map((statusId) => inStatus(statusId).limit(offset + pageSize));
      const merged = second ? unionAll(first, second, ...more).orderBy(...entered()) : inStatus(statuses[0]);
      const pageLeads = merged.limit(pageSize).offset(offset).as('page_leads');
      select = this.db
        .select(fields)
        .from(pageLeads)
        .innerJoin(leads, eq(leads.id, pageLeads.id))
        .crossJoinLateral(this.latestRound())
        .orderBy(...entered())
        .$dynamic();
    }
    const rows = await select
      .innerJoin(customers, eq(customers.id, leads.customerId))
      .leftJoin(auditor, eq(auditor.id, audits.auditorId))
      .leftJoin(seller, eq(seller.id, leads.sellerId));
    return rows.map((row) => ({
      audit_id: row.id,
      lead_id: row.leadId,
      status_id: row.leadStatusId,
      queued_at: row.queuedAt.toISOString(),
      customer: customerSummaryOf(row),
      requested_amount: row.requestedAmount,
      term: row.term,
      seller: personRefOf(row.sellerId, row.sellerName),
      claim: row.decidedAt === null ? claimOf(row.auditorId, row.auditorName, row.claimedAt, row.active) : null,
      decision: row.decision as AuditDecision | null,
      decided_at: iso(row.decidedAt),
    }));
  }

  /**
   * Exact up to the lists' threshold, like every list, from one index alone: the queue's open rounds from
   * audits_queue_idx (status and claim are in it: ~10,000 index entries, where joining each round's lead
   * cost ~40 ms at a million leads), decided statuses from leads_status_entered_idx.
   */
  async count(country: Country, userId: number, filters: AuditQueueFilters): Promise<ListCount> {
    const { open, statuses } = this.plan(country, filters);
    if (statuses.length === 0) return { total: 0, exact: true };
    const fields = { one: sql`1` };
    const capped = (
      open
        ? this.db.select(fields).from(audits).where(this.openRounds(country, userId, filters.claim, statuses))
        : this.db.select(fields).from(leads).where(this.leadsIn(country, statuses))
    )
      .limit(LIST_COUNT_THRESHOLD + 1)
      .as('capped');
    const [{ n }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(capped);
    return n > LIST_COUNT_THRESHOLD ? { total: LIST_COUNT_THRESHOLD, exact: false } : { total: n, exact: true };
  }

  /** Every round of a lead, newest first (the open one, if any, comes first). */
  async rounds(country: Country, leadId: number): Promise<{ round: AuditRound; open: OpenRound | null }[]> {
    const rows = await this.db
      .select(roundFields)
      .from(audits)
      .leftJoin(auditor, eq(auditor.id, audits.auditorId))
      .where(and(eq(audits.leadId, leadId), eq(audits.country, country)))
      .orderBy(desc(audits.queuedAt), desc(audits.id));
    return rows.map((row) => ({
      round: toRound(row),
      open:
        row.decidedAt === null
          ? { id: row.id, auditorId: row.auditorId, auditorName: row.auditorName, claimedAt: row.claimedAt, active: row.active }
          : null,
    }));
  }

  /** The lead's open round and its holder, or undefined when the lead is not waiting for audit. */
  async openRound(country: Country, leadId: number): Promise<OpenRound | undefined> {
    const [row] = await this.db
      .select({
        id: audits.id,
        auditorId: audits.auditorId,
        auditorName: auditor.name,
        claimedAt: audits.claimedAt,
        active: sql<boolean>`(${activeClaim})`,
      })
      .from(audits)
      .leftJoin(auditor, eq(auditor.id, audits.auditorId))
      .where(and(eq(audits.leadId, leadId), eq(audits.country, country), isNull(audits.decidedAt)));
    return row;
  }

  /**
   * Takes the lead's open round for `userId` in one conditional UPDATE: free, already theirs, or a claim
   * that expired. Two auditors claiming at once: PostgreSQL makes the second UPDATE wait for the first and
   * re-check the condition against the committed row, so exactly one gets it. True when taken.
   */
  async claim(country: Country, leadId: number, userId: number): Promise<boolean> {
    const taken = await this.db
      .update(audits)
      .set({ auditorId: userId, claimedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${audits.version} + 1` })
      .where(
        and(
          eq(audits.leadId, leadId),
          eq(audits.country, country),
          isNull(audits.decidedAt),
          sql`(${audits.auditorId} is null or ${audits.auditorId} = ${userId} or ${audits.claimedAt} <= now() - ${CLAIM_TTL})`,
        ),
      )
      .returning({ id: audits.id });
    return taken.length > 0;
  }

  /** Lets the case go back to the queue; only the holder's claim is released. True when released. */
  async release(country: Country, leadId: number, userId: number): Promise<boolean> {
    const released = await this.db
      .update(audits)
      .set({ auditorId: null, claimedAt: null, updatedAt: sql`now()`, version: sql`${audits.version} + 1` })
      .where(
        and(eq(audits.leadId, leadId), eq(audits.country, country), isNull(audits.decidedAt), eq(audits.auditorId, userId)),
      )
      .returning({ id: audits.id });
    return released.length > 0;
  }

  /**
   * Writes the decision on the round the user holds, inside the workflow's transaction (after the status
   * history row, whose trigger has just closed the round: `decision is null` is what tells an undecided
   * round). False when the round is no longer theirs or was decided meanwhile: the caller rolls back.
   */
  async recordDecision(
    tx: Tx,
    input: { roundId: number; userId: number; decision: AuditDecision; checklist: AuditChecklist; comment: string | null },
  ): Promise<boolean> {
    const { checklist } = input;
    const updated = await tx
      .update(audits)
      .set({
        decision: input.decision,
        comment: input.comment,
        checkIdentity: checklist.identity,
        checkDocuments: checklist.documents,
        checkSignature: checklist.signature,
        checkBankAccount: checklist.bank_account,
        checkPhone: checklist.phone,
        decidedAt: sql`now()`,
        updatedAt: sql`now()`,
        version: sql`${audits.version} + 1`,
      })
      .where(and(eq(audits.id, input.roundId), eq(audits.auditorId, input.userId), isNull(audits.decision)))
      .returning({ id: audits.id });
    return updated.length > 0;
  }
}

