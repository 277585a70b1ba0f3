import {
  AUDIT_CLAIM_MINUTES,
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
import { and, asc, desc, eq, fillPlaceholders, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import { queryRows, type Db, type Tx } from '../db/client';
import { audits, customers, leads, payableAccount, users } from '../db/schema';
import { literalLimit, ph, StatementCache, type Params } from '../db/statements';
import { customerColumns, customerSummaryOf, isoText, personRefOf } from './leads';

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

const expiry = (claimedAt: Date) => new Date(claimedAt.getTime() + AUDIT_CLAIM_MINUTES * 60_000).toISOString();

export function claimOf(auditorId: number | null, name: string | null, claimedAt: Date | null, active: boolean): AuditClaim | null {
  if (!active || auditorId === null || name === null || claimedAt === null) return null;
  return { user: { id: auditorId, name }, claimed_at: claimedAt.toISOString(), expires_at: expiry(claimedAt) };
}

/** The columns of a round, in RoundTuple's order (rounds() reads them as arrays). */
const roundFields = {
  id: audits.id,
  statusId: audits.statusId,
  queuedAt: isoText(audits.queuedAt),
  auditorId: audits.auditorId,
  auditorName: auditor.name,
  claimedAt: isoText(audits.claimedAt),
  identity: audits.checkIdentity,
  documents: audits.checkDocuments,
  signature: audits.checkSignature,
  bankAccount: audits.checkBankAccount,
  phone: audits.checkPhone,
  decision: audits.decision,
  comment: audits.comment,
  decidedAt: isoText(audits.decidedAt),
  active: sql<boolean>`(${activeClaim})`,
};

type RoundTuple = [
  id: number,
  statusId: number,
  queuedAt: string,
  auditorId: number | null,
  auditorName: string | null,
  claimedAt: string | null,
  identity: boolean,
  documents: boolean,
  signature: boolean,
  bankAccount: boolean,
  phone: boolean,
  decision: AuditDecision | null,
  comment: string | null,
  decidedAt: string | null,
  active: boolean,
];

function roundOf(row: RoundTuple): { round: AuditRound; open: OpenRound | null } {
  const [
    id,
    statusId,
    queuedAt,
    auditorId,
    auditorName,
    claimedAt,
    identity,
    documents,
    signature,
    bankAccount,
    phone,
    decision,
    comment,
    decidedAt,
    active,
  ] = row;
  return {
    round: {
      id,
      status_id: statusId,
      queued_at: queuedAt,
      auditor: auditorId !== null && auditorName !== null ? { id: auditorId, name: auditorName } : null,
      claimed_at: claimedAt,
      checklist: { identity, documents, signature, bank_account: bankAccount, phone },
      decision,
      comment,
      decided_at: decidedAt,
    },
    open: decidedAt === null ? { id, auditorId, auditorName, claimedAt: claimedAt === null ? null : new Date(claimedAt), active } : null,
  };
}

/** The columns of a queue row, in QueueTuple's order (the page statements return rows as arrays). */
const queueFields = {
  auditId: audits.id,
  queuedAt: isoText(audits.queuedAt),
  auditorId: audits.auditorId,
  auditorName: auditor.name,
  claimedAt: isoText(audits.claimedAt),
  active: sql<boolean>`(${activeClaim})`,
  decision: audits.decision,
  decidedAt: isoText(audits.decidedAt),
  leadId: leads.id,
  leadStatusId: leads.statusId,
  requestedAmount: leads.requestedAmount,
  term: leads.term,
  sellerId: leads.sellerId,
  sellerName: seller.name,
  ...customerColumns,
};

type QueueTuple = [
  auditId: number,
  queuedAt: string,
  auditorId: number | null,
  auditorName: string | null,
  claimedAt: string | null,
  active: boolean,
  decision: AuditDecision | null,
  decidedAt: string | null,
  leadId: number,
  leadStatusId: number,
  /** bigint: the driver gives its text. */
  requestedAmount: string | number,
  term: number,
  sellerId: number | null,
  sellerName: string | null,
  customerId: number,
  docType: string,
  docNumber: string,
  cuil: string | null,
  firstName: string,
  lastName: string,
  cellphone: string | null,
  email: string | null,
];

function queueItemOf(row: QueueTuple): AuditQueueItem {
  const [
    auditId,
    queuedAt,
    auditorId,
    auditorName,
    claimedAt,
    active,
    decision,
    decidedAt,
    leadId,
    leadStatusId,
    requestedAmount,
    term,
    sellerId,
    sellerName,
  ] = row;
  const [customerId, docType, docNumber, cuil, firstName, lastName, cellphone, email] = row.slice(14) as [
    number,
    string,
    string,
    string | null,
    string,
    string,
    string | null,
    string | null,
  ];
  return {
    audit_id: auditId,
    lead_id: leadId,
    status_id: leadStatusId,
    queued_at: queuedAt,
    customer: customerSummaryOf({ customerId, docType, docNumber, cuil, firstName, lastName, cellphone, email }),
    requested_amount: Number(requestedAmount),
    term,
    seller: personRefOf(sellerId, sellerName),
    claim: decidedAt === null ? claimOf(auditorId, auditorName, claimedAt === null ? null : new Date(claimedAt), active) : null,
    decision,
    decided_at: decidedAt,
  };
}

export class AuditsRepository {
  constructor(private readonly db: Db) {}

  /** The queue's statements, compiled once per shape. */
  private readonly statements = new StatementCache('audits');

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

  /** The open rounds in the statuses bound as `statuses` passing the claim filter (`userId` for 'mine'). */
  private openRounds(claim: AuditClaimFilter): SQL {
    const claimed: Record<AuditClaimFilter, SQL | undefined> = {
      all: undefined,
      unclaimed: sql`not (${activeClaim})`,
      claimed: activeClaim,
      mine: sql`${audits.auditorId} = ${ph('userId')}::integer`,
    };
    return and(
      sql`${audits.country} = ${ph('country')}`,
      isNull(audits.decidedAt),
      sql`${audits.statusId} = any(${ph('statuses')}::integer[])`,
      claimed[claim],
    )!;
  }

  /**
   * Each lead's latest round, as a lateral sub-select under the table's own name so that the queue's fields read it.
   */
  private latestRound() {
    return this.db
      .select()
      .from(audits)
      .where(eq(audits.leadId, leads.id))
      .orderBy(desc(audits.queuedAt), desc(audits.id))
      .limit(1)
      .as('audits');
  }

  /**
   * A page of open rounds: the page's rounds from the queue index alone (the offset walks index entries, not
   * joined rows), then their leads, customers and people. The same plan whatever the values, so a prepared
   * statement on one generic plan (planning this five-table join anew was most of a page's cost).
   */
  private openPage(claim: AuditClaimFilter, pageSize: number) {
    const pageRounds = this.db
      .select({ id: audits.id })
      .from(audits)
      .where(this.openRounds(claim))
      .orderBy(asc(audits.queuedAt), asc(audits.id))
      .limit(literalLimit(pageSize))
      .offset(ph('offset'))
      .as('page_rounds');
    return this.db
      .select(queueFields)
      .from(pageRounds)
      .innerJoin(audits, eq(audits.id, pageRounds.id))
      .innerJoin(leads, eq(leads.id, audits.leadId))
      .innerJoin(customers, eq(customers.id, leads.customerId))
      .leftJoin(auditor, eq(auditor.id, audits.auditorId))
      .leftJoin(seller, eq(seller.id, leads.sellerId))
      .orderBy(asc(audits.queuedAt), asc(audits.id));
  }

  /**
   * A page of leads in decided statuses (`status0`, `status1`…) by when they entered them, with their latest
   * rounds. The page's leads first, then their rounds. Per status its leads are an index range; several
   * statuses are merged from the first `reach` (offset + page size) of each, so nothing is gathered and
   * sorted whole.
   */
  private enteredPage(statusCount: number, newestFirst: boolean, pageSize: number) {
    // Fresh each time: drizzle renders a union's ORDER BY with bare column names, on the expression itself.
    const entered = () => (newestFirst ? [desc(leads.statusChangedAt), desc(leads.id)] : [asc(leads.statusChangedAt), asc(leads.id)]);
    const inStatus = (i: number) =>
      this.db
        .select({ id: leads.id, at: leads.statusChangedAt })
        .from(leads)
        .where(and(sql`${leads.country} = ${ph('country')}`, sql`${leads.statusId} = ${ph(`status${i}`)}::integer`))
        .orderBy(...entered());
    const [first, second, ...more] = Array.from({ length: statusCount }, (_, i) => inStatus(i).limit(ph('reach')));
    const merged = first !== undefined && second !== undefined ? unionAll(first, second, ...more).orderBy(...entered()) : inStatus(0);
    const pageLeads = merged.limit(literalLimit(pageSize)).offset(ph('offset')).as('page_leads');
    return this.db
      .select(queueFields)
      .from(pageLeads)
      .innerJoin(leads, eq(leads.id, pageLeads.id))
      .crossJoinLateral(this.latestRound())
      .innerJoin(customers, eq(customers.id, leads.customerId))
      .leftJoin(auditor, eq(auditor.id, audits.auditorId))
      .leftJoin(seller, eq(seller.id, leads.sellerId))
      .orderBy(...entered());
  }

  async queue(country: Country, userId: number, filters: AuditQueueFilters, page: number, pageSize: number): Promise<AuditQueueItem[]> {
    const { open, newestFirst, statuses } = this.plan(country, filters);
    if (statuses.length === 0) return [];
    const offset = (page - 1) * pageSize;
    const values: Params = { country, userId, statuses, offset, reach: offset + pageSize };
    statuses.forEach((id, i) => (values[`status${i}`] = id));
    let rows;
    if (open) {
      const statement = this.statements.get(`open|${filters.claim}|${pageSize}`, () => this.openPage(filters.claim, pageSize));
      rows = await queryRows(this.db, statement.text, fillPlaceholders(statement.params, values), statement.name);
    } else {
      // Planned for its values (unnamed): how far each status's range reaches decides the plan.
      const statement = this.statements.get(`entered|${statuses.length}|${newestFirst}|${pageSize}`, () =>
        this.enteredPage(statuses.length, newestFirst, pageSize),
      );
      rows = await queryRows(this.db, statement.text, fillPlaceholders(statement.params, values), statement.name);
    }
    return (rows as QueueTuple[]).map(queueItemOf);
  }

  /**
   * Counts up to `cap` + 1 cases (the subquery stops there), so a queue of any length costs no more than one
   * of `cap`; without a cap it counts them all ("Contar exacto"). From one index alone: the queue's open
   * rounds from audits_queue_idx (status and claim are in it: no join to each round's lead), decided statuses from leads_status_entered_idx. One plan
   * whatever the values: prepared.
   */
  async count(country: Country, userId: number, filters: AuditQueueFilters, cap?: number): Promise<ListCount> {
    const { open, statuses } = this.plan(country, filters);
    if (statuses.length === 0) return { total: 0, exact: true };
    const statement = this.statements.get(`count|${open ? filters.claim : 'entered'}|${cap ?? 'all'}`, () => {
      const fields = { one: sql`1` };
      const matching = (
        open
          ? this.db.select(fields).from(audits).where(this.openRounds(filters.claim))
          : this.db
              .select(fields)
              .from(leads)
              .where(and(sql`${leads.country} = ${ph('country')}`, sql`${leads.statusId} = any(${ph('statuses')}::integer[])`))
      ).$dynamic();
      if (cap !== undefined) matching.limit(literalLimit(cap + 1));
      return this.db.select({ n: sql<number>`count(*)::int` }).from(matching.as('matching'));
    });
    const [[n]] = (await queryRows(
      this.db,
      statement.text,
      fillPlaceholders(statement.params, { country, userId, statuses }),
      statement.name,
    )) as [[number]];
    return cap !== undefined && n > cap ? { total: cap, exact: false } : { total: n, exact: true };
  }

  /** Every round of a lead, newest first (the open one, if any, comes first): one prepared statement. */
  async rounds(country: Country, leadId: number): Promise<{ round: AuditRound; open: OpenRound | null }[]> {
    const statement = this.statements.get('rounds', () =>
      this.db
        .select(roundFields)
        .from(audits)
        .leftJoin(auditor, eq(auditor.id, audits.auditorId))
        .where(and(sql`${audits.leadId} = ${ph('leadId')}::integer`, sql`${audits.country} = ${ph('country')}`))
        .orderBy(desc(audits.queuedAt), desc(audits.id)),
    );
    const rows = await queryRows(this.db, statement.text, fillPlaceholders(statement.params, { leadId, country }), statement.name);
    return (rows as RoundTuple[]).map(roundOf);
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
      .where(and(eq(audits.leadId, leadId), eq(audits.country, country), isNull(audits.decidedAt), eq(audits.auditorId, userId)))
      .returning({ id: audits.id });
    return released.length > 0;
  }

  /** Whether the lead's customer has a bank account to pay into, read inside the decision's transaction. */
  async hasBankAccount(tx: Tx, country: Country, leadId: number): Promise<boolean> {
    const [row] = await tx
      .select({ account: payableAccount })
      .from(leads)
      .innerJoin(customers, eq(customers.id, leads.customerId))
      .where(and(eq(leads.id, leadId), eq(leads.country, country)));
    return row?.account === true;
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
