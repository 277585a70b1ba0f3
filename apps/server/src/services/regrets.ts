import { randomBytes } from 'node:crypto';
import {
  LEGAL_MESSAGES,
  findRegretTransition,
  formatCalendarDate,
  formatMoney,
  regretReturnAmount,
  regretRoleMayTake,
  regretStatusId,
  regretStatusLabel,
  todayIn,
  type Country,
  type RegretDetail,
  type RegretQuote,
  type RegretStage,
  type RegretCandidate,
  addDays,
} from '@backoffice/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LegalConfig } from '../config';
import type { Db, Tx } from '../db/client';
import { customers, installments, loanEvents, loans, payments, regretHistory, regrets, users } from '../db/schema';
import { HttpError } from '../lib/errors';
import type { AuthUser } from '../plugins/app/auth';
import { simulatedRegretTransfer, type RegretTransferAdapter } from './adapters/regret-transfer';
import { kindOfUser } from './debt-frees';
import { regretDeadline } from './regret-deadline';

/** Loans a regret may undo: disbursed and not yet settled, annulled or written off. */
const REGRETTABLE = ['ACTIVE', 'OVERDUE'];

/** A revocation code: 'REV-' and 8 characters without look-alikes. */
function newRevocationCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `REV-${[...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * Regrets (issue 36): filed within the legal period, a return request walked through its country's
 * transition table (shared workflow/return-requests.ts), its order and transfer steps through the transfer
 * adapter (retried), and the loan annulled once, by the certification.
 */
export class RegretsService {
  readonly adapter: RegretTransferAdapter;

  constructor(
    private readonly db: Db,
    private readonly config: LegalConfig,
    adapter?: RegretTransferAdapter,
  ) {
    this.adapter = adapter ?? simulatedRegretTransfer({ failSuffix: config.simulateFailSuffix, shortSuffix: config.simulateShortSuffix });
  }

  private async loanOf(db: Db | Tx, country: Country, user: AuthUser, ref: { loan_id?: number; lead_id?: number }) {
    const [loan] = await db
      .select()
      .from(loans)
      .where(and(eq(loans.country, country), ref.loan_id !== undefined ? eq(loans.id, ref.loan_id) : eq(loans.leadId, ref.lead_id!)));
    if (!loan) throw new HttpError(404, LEGAL_MESSAGES.loanNotFound);
    if (kindOfUser(user) === 'collector' && loan.collectorId !== user.id) throw new HttpError(403, LEGAL_MESSAGES.notCollectorsCustomer);
    return loan;
  }

  private async paidBack(db: Db | Tx, loanId: number): Promise<number> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(and(eq(payments.loanId, loanId), isNull(payments.reversedAt)));
    return Number(row?.total ?? 0);
  }

  /** The loan's legal deadline, whether today is within it, and what a regret would return. */
  async quote(country: Country, user: AuthUser, ref: { loan_id?: number; lead_id?: number }, now = new Date()): Promise<RegretQuote> {
    const loan = await this.loanOf(this.db, country, user, ref);
    const { deadline, rule } = regretDeadline(country, loan.disbursedOn, this.config.regret[country]);
    const [open] = await this.db
      .select({ id: regrets.id })
      .from(regrets)
      .where(and(eq(regrets.loanId, loan.id), sql`${regrets.status} not in (1004, 1013, 2007, 2008)`));
    return {
      loan_id: loan.id,
      loan_status: loan.status,
      disbursed_on: loan.disbursedOn,
      deadline,
      rule,
      within: todayIn(country, now) <= deadline,
      amount: regretReturnAmount(loan.principal, await this.paidBack(this.db, loan.id)),
      open_regret_id: open?.id ?? null,
    };
  }

  /**
   * Loans a regret can still be filed on (within their period, none open): the newest first, at most 20.
   * Every period ends within 60 days of disbursement, so older loans are not read.
   */
  async candidates(country: Country, user: AuthUser, now = new Date()): Promise<RegretCandidate[]> {
    const today = todayIn(country, now);
    const rows = await this.db
      .select({
        loan_id: loans.id,
        lead_id: loans.leadId,
        collector_id: loans.collectorId,
        disbursed_on: loans.disbursedOn,
        principal: loans.principal,
        customer_name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
        document: customers.docNumber,
      })
      .from(loans)
      .innerJoin(customers, eq(customers.id, loans.customerId))
      .where(
        and(
          eq(loans.country, country),
          inArray(loans.status, REGRETTABLE),
          sql`${loans.disbursedOn} >= ${addDays(today, -60)}::date`,
          sql`not exists (select 1 from regrets r where r.loan_id = ${loans.id} and r.status not in (1004, 1013, 2007, 2008))`,
          kindOfUser(user) === 'collector' ? eq(loans.collectorId, user.id) : undefined,
        ),
      )
      .orderBy(sql`${loans.disbursedOn} desc`, sql`${loans.id} desc`)
      .limit(200);
    return rows
      .map(({ collector_id: _c, ...row }) => ({ ...row, ...regretDeadline(country, row.disbursed_on, this.config.regret[country]) }))
      .filter((row) => row.deadline >= today)
      .slice(0, 20);
  }

  /** Files a regret: refused past the deadline (409 with it); the revocation code given and its communication recorded. */
  async file(country: Country, user: AuthUser, ref: { loan_id?: number; lead_id?: number }, now = new Date()): Promise<RegretDetail> {
    const id = await this.db.transaction(async (tx) => {
      const loan = await this.loanOf(tx, country, user, ref);
      const [locked] = await tx.select({ status: loans.status }).from(loans).where(eq(loans.id, loan.id)).for('update');
      const { deadline, rule } = regretDeadline(country, loan.disbursedOn, this.config.regret[country]);
      if (todayIn(country, now) > deadline) throw new HttpError(409, LEGAL_MESSAGES.pastDeadline(formatCalendarDate(deadline)));
      if (!REGRETTABLE.includes(locked!.status)) throw new HttpError(409, LEGAL_MESSAGES.loanNotRegrettable);
      const [open] = await tx
        .select({ id: regrets.id })
        .from(regrets)
        .where(and(eq(regrets.loanId, loan.id), sql`${regrets.status} not in (1004, 1013, 2007, 2008)`));
      if (open) throw new HttpError(409, LEGAL_MESSAGES.regretOpen);
      const code = newRevocationCode();
      const pending = regretStatusId(country, 'pending');
      const [row] = await tx
        .insert(regrets)
        .values({
          country,
          loanId: loan.id,
          customerId: loan.customerId,
          status: pending,
          revocationCode: code,
          disbursedOn: loan.disbursedOn,
          deadline,
          rule,
          amount: regretReturnAmount(loan.principal, await this.paidBack(tx, loan.id)),
          requestedBy: user.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: regrets.id });
      await tx.insert(regretHistory).values({ regretId: row!.id, fromStatus: null, toStatus: pending, userId: user.id, createdAt: now });
      // The code is the customer's proof: recorded now, sent by the communications area once it exists.
      await tx.insert(loanEvents).values({
        country,
        loanId: loan.id,
        type: 'communication',
        userId: user.id,
        body: `Arrepentimiento registrado. Código de revocación: ${code} (plazo legal hasta el ${formatCalendarDate(deadline)})`,
        data: { kind: 'regret_revocation_code', regret_id: row!.id, code, delivery: 'pending' },
        createdAt: now,
      });
      return row!.id;
    });
    return this.detail(country, user, id);
  }

  async detail(country: Country, user: AuthUser, id: number): Promise<RegretDetail> {
    const [row] = await this.db
      .select({
        id: regrets.id,
        status: regrets.status,
        loan_id: regrets.loanId,
        loan_status: loans.status,
        lead_id: loans.leadId,
        collector_id: loans.collectorId,
        customer_name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
        document: customers.docNumber,
        revocation_code: regrets.revocationCode,
        disbursed_on: regrets.disbursedOn,
        deadline: regrets.deadline,
        rule: regrets.rule,
        created_at: regrets.createdAt,
        amount: regrets.amount,
        returned: regrets.returned,
        attempts: regrets.attempts,
        version: regrets.version,
      })
      .from(regrets)
      .innerJoin(loans, eq(loans.id, regrets.loanId))
      .innerJoin(customers, eq(customers.id, regrets.customerId))
      .where(and(eq(regrets.country, country), eq(regrets.id, id)));
    if (!row) throw new HttpError(404, LEGAL_MESSAGES.notFound);
    if (kindOfUser(user) === 'collector' && row.collector_id !== user.id) throw new HttpError(404, LEGAL_MESSAGES.notFound);
    const history = await this.db
      .select({
        from_status: regretHistory.fromStatus,
        to_status: regretHistory.toStatus,
        user_name: users.name,
        reason: regretHistory.reason,
        created_at: regretHistory.createdAt,
      })
      .from(regretHistory)
      .leftJoin(users, eq(users.id, regretHistory.userId))
      .where(eq(regretHistory.regretId, id))
      .orderBy(asc(regretHistory.createdAt), asc(regretHistory.id));
    const { collector_id: _collector, ...rest } = row;
    return {
      ...rest,
      created_at: row.created_at.toISOString(),
      history: history.map((h) => ({ ...h, created_at: h.created_at.toISOString() })),
    };
  }

  /**
   * A person's status change: the row locked, its version checked, the table's transition and role, a reason
   * where it needs one, a history row. A change that starts a stage then runs it through the adapter.
   */
  async transition(
    country: Country,
    user: AuthUser,
    id: number,
    asked: { to: number; version: number; reason?: string },
  ): Promise<RegretDetail> {
    const stage = await this.db.transaction(async (tx) => {
      const current = await this.locked(tx, country, user, id);
      if (current.version !== asked.version) throw new HttpError(409, LEGAL_MESSAGES.versionChanged);
      const transition = findRegretTransition(country, current.status, asked.to);
      if (!transition || transition.outcomeOf !== null) throw new HttpError(409, LEGAL_MESSAGES.transitionNotAllowed);
      if (!regretRoleMayTake(country, transition, user.role)) throw new HttpError(403, LEGAL_MESSAGES.roleNotAllowed);
      const reason = asked.reason?.trim() || null;
      if (transition.reasonRequired && !reason)
        throw new HttpError(400, LEGAL_MESSAGES.reasonRequired, [{ field: 'reason', message: LEGAL_MESSAGES.reasonRequired }]);
      await this.move(tx, current, asked.to, user.id, reason);
      if (transition.annulsLoan) await this.annulLoan(tx, country, current.loanId, current.id, user.id);
      return transition.starts;
    });
    if (stage) await this.runStage(country, id, stage);
    return this.detail(country, user, id);
  }

  private async locked(tx: Tx, country: Country, user: AuthUser, id: number) {
    const [current] = await tx
      .select({ regret: regrets, collectorId: loans.collectorId, docNumber: customers.docNumber })
      .from(regrets)
      .innerJoin(loans, eq(loans.id, regrets.loanId))
      .innerJoin(customers, eq(customers.id, regrets.customerId))
      .where(and(eq(regrets.country, country), eq(regrets.id, id)))
      .for('update', { of: regrets });
    if (!current) throw new HttpError(404, LEGAL_MESSAGES.notFound);
    if (kindOfUser(user) === 'collector' && current.collectorId !== user.id) throw new HttpError(404, LEGAL_MESSAGES.notFound);
    return { ...current.regret, docNumber: current.docNumber };
  }

  private async move(
    tx: Tx,
    current: { id: number; status: number },
    to: number,
    userId: number | null,
    reason: string | null,
    extra: Partial<typeof regrets.$inferInsert> = {},
    data?: Record<string, unknown>,
  ) {
    const moved = await tx
      .update(regrets)
      .set({ ...extra, status: to, updatedAt: sql`now()`, version: sql`${regrets.version} + 1` })
      .where(and(eq(regrets.id, current.id), eq(regrets.status, current.status)))
      .returning({ id: regrets.id });
    if (moved.length === 0) throw new HttpError(409, LEGAL_MESSAGES.versionChanged);
    await tx.insert(regretHistory).values({ regretId: current.id, fromStatus: current.status, toStatus: to, userId, reason, data });
  }

  /** ANNULED once: the update only touches a loan not annulled yet; its open installments are cancelled. */
  private async annulLoan(tx: Tx, country: Country, loanId: number, regretId: number, userId: number): Promise<void> {
    const annulled = await tx
      .update(loans)
      .set({
        status: 'ANNULED',
        inCollections: false,
        outstanding: 0,
        overdueAmount: 0,
        daysPastDue: 0,
        bucket: null,
        nextActionAt: null,
        promiseDueOn: null,
        updatedAt: sql`now()`,
        version: sql`${loans.version} + 1`,
      })
      .where(and(eq(loans.id, loanId), sql`${loans.status} <> 'ANNULED'`))
      .returning({ id: loans.id });
    if (annulled.length === 0) return;
    await tx
      .update(installments)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(installments.loanId, loanId), inArray(installments.status, ['pending', 'partial', 'overdue'])));
    await tx.insert(loanEvents).values({
      country,
      loanId,
      type: 'status',
      userId,
      body: 'Préstamo anulado por arrepentimiento certificado',
      data: { to: 'ANNULED', regret_id: regretId },
    });
  }

  /** Runs an order or transfer step through the adapter, retrying a failure, and records its outcome. */
  async runStage(country: Country, id: number, stage: RegretStage): Promise<void> {
    const [row] = await this.db
      .select({ regret: regrets, docNumber: customers.docNumber })
      .from(regrets)
      .innerJoin(customers, eq(customers.id, regrets.customerId))
      .where(eq(regrets.id, id));
    if (!row) return;
    const input = {
      country,
      regretId: id,
      docNumber: row.docNumber,
      remaining: row.regret.amount - row.regret.returned,
      returned: row.regret.returned,
    };
    let calls = 0;
    let result: Awaited<ReturnType<RegretTransferAdapter['collect']>> | Awaited<ReturnType<RegretTransferAdapter['generateOrder']>> = {
      ok: false,
      error: '',
    };
    for (let attempt = 1; attempt <= this.config.transferAttempts; attempt++) {
      calls++;
      try {
        result = stage === 'order' ? await this.adapter.generateOrder(input) : await this.adapter.collect(input);
      } catch (error) {
        result = { ok: false, error: (error as Error).message };
      }
      if (result.ok) break;
    }
    await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(regrets).where(eq(regrets.id, id)).for('update');
      const waiting = regretStatusId(country, stage === 'order' ? 'generating order' : 'transfer in progress');
      if (!current || current.status !== waiting) return;
      const attempts = current.attempts + calls;
      if (!result.ok) {
        const failed = regretStatusId(country, stage === 'order' ? 'fail generating order' : 'transfer failed');
        await this.move(tx, current, failed, null, result.error, { attempts }, { calls });
        return;
      }
      if ('reference' in result) {
        await this.move(
          tx,
          current,
          regretStatusId(country, 'order generated'),
          null,
          null,
          { attempts, orderReference: result.reference },
          { reference: result.reference },
        );
        return;
      }
      const returned = current.returned + result.received;
      const done = returned >= current.amount || country === 'col';
      // col's short workflow has no pending balance: what arrived is recorded, and the step is done.
      const to = regretStatusId(country, done ? 'transferred' : 'pending balance');
      const reason = done ? null : `Devolvió menos de lo adeudado: faltan ${formatMoney(country, current.amount - returned)}`;
      await this.move(tx, current, to, null, reason, { attempts, returned }, { received: result.received });
    });
  }

  statusLabel(country: Country, id: number): string {
    return regretStatusLabel(country, id);
  }
}
