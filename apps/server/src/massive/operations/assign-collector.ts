import { and, asc, eq, inArray, param, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { loanEvents, loans } from '../../db/schema';
import { COLLECTOR_KINDS } from '../../repositories/collections';
import { defineOperation, RowRefused, type ApplyContext } from '../operation';
import { activeStaffByEmail, type StaffMember } from './staff';

/** A loan past these is settled: nobody collects it (LOAN_STATUSES). */
const FINISHED = ['PAID', 'CLOSED', 'CANCELLED', 'ANNULED'];

export const COLLECTOR_MESSAGES = {
  notFound: (id: number) => `El préstamo ${id} no existe en este país`,
  finished: (status: string) => `El préstamo está terminado (${status}): no se asigna`,
  unknownCollector: (email: string) => `${email} no es un cobrador activo de este país`,
};

type Collector = StaffMember;
type BatchLoan = { id: number; status: string; collectorId: number | null };

const loanFields = { id: loans.id, status: loans.status, collectorId: loans.collectorId };

/** The collectors of these emails, from the run's memo or read in the row's (or chunk's) transaction. */
async function collectorsOf(tx: Tx, { country, memo }: ApplyContext, emails: string[]): Promise<Map<string, Collector>> {
  const found = new Map<string, Collector>();
  const missing: string[] = [];
  for (const email of new Set(emails)) {
    const collector = memo.get(`collector:${email}`) as Collector | undefined;
    if (collector) found.set(email, collector);
    else missing.push(email);
  }
  for (const [email, collector] of await activeStaffByEmail(tx, country, COLLECTOR_KINDS, missing)) {
    memo.set(`collector:${email}`, collector);
    found.set(email, collector);
  }
  return found;
}

/** The loan's refusal at apply time, or null. */
function refusalOf(loan: BatchLoan | undefined, id: number): string | null {
  if (!loan) return COLLECTOR_MESSAGES.notFound(id);
  if (FINISHED.includes(loan.status)) return COLLECTOR_MESSAGES.finished(loan.status);
  return null;
}

/**
 * Assigns each loan to a collector, as /collections' "Asignar" does (the loan's collector, its assignment
 * time and an 'assignment' event on its timeline), the event naming the batch.
 */
export const assignCollector = defineOperation<'assign-collector', { loans: Map<number, BatchLoan>; collectors: Map<string, Collector> }>({
  type: 'assign-collector',
  async load(rows, { db, country }) {
    const ids = [...new Set(rows.map((row) => row.loan_id))];
    const [found, collectors] = await Promise.all([
      ids.length
        ? db
            .select(loanFields)
            .from(loans)
            .where(and(eq(loans.country, country), inArray(loans.id, ids)))
        : Promise.resolve([]),
      activeStaffByEmail(
        db,
        country,
        COLLECTOR_KINDS,
        rows.map((row) => row.collector_email),
      ),
    ]);
    return { loans: new Map(found.map((loan) => [loan.id, loan])), collectors };
  },
  validate(row, loaded) {
    const loan = loaded.loans.get(row.loan_id);
    if (!loan) return COLLECTOR_MESSAGES.notFound(row.loan_id);
    if (FINISHED.includes(loan.status)) return COLLECTOR_MESSAGES.finished(loan.status);
    if (!loaded.collectors.has(row.collector_email)) return COLLECTOR_MESSAGES.unknownCollector(row.collector_email);
    return null;
  },
  recordId: (row) => row.loan_id,
  duplicate: (line) => `Fila repetida: el mismo préstamo ya está en la fila ${line}`,
  async apply(tx, row, context) {
    const { country } = context;
    const collector = (await collectorsOf(tx, context, [row.collector_email])).get(row.collector_email);
    if (!collector) throw new RowRefused(COLLECTOR_MESSAGES.unknownCollector(row.collector_email));
    const [loan] = await tx
      .select(loanFields)
      .from(loans)
      .where(and(eq(loans.id, row.loan_id), eq(loans.country, country)))
      .for('no key update');
    if (!loan) throw new RowRefused(COLLECTOR_MESSAGES.notFound(row.loan_id));
    const refused = refusalOf(loan, row.loan_id);
    if (refused) throw new RowRefused(refused);
    // Already theirs: nothing to write (as the one-by-one assignment), the row is done.
    if (loan.collectorId === collector.id) return;
    await tx
      .update(loans)
      .set({ collectorId: collector.id, assignedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${loans.version} + 1` })
      .where(eq(loans.id, loan.id));
    await tx.insert(loanEvents).values(eventOf(context, loan, collector));
    announce(context, loan, collector);
  },
  /** The chunk in four statements: the collectors (memo), the loans locked, one UPDATE, one INSERT of events. */
  async applyChunk(tx, rows, context) {
    const { country } = context;
    const collectors = await collectorsOf(
      tx,
      context,
      rows.map(({ value }) => value.collector_email),
    );
    const ids = [...new Set(rows.map(({ value }) => value.loan_id))];
    if (ids.length !== rows.length) throw new RowRefused('repeated loan in the chunk');
    const locked = new Map(
      (
        await tx
          .select(loanFields)
          .from(loans)
          .where(and(eq(loans.country, country), inArray(loans.id, ids)))
          .orderBy(asc(loans.id))
          .for('no key update')
      ).map((loan) => [loan.id, loan]),
    );
    const changes: { loan: BatchLoan; collector: Collector }[] = [];
    for (const { value } of rows) {
      const collector = collectors.get(value.collector_email);
      if (!collector) throw new RowRefused(COLLECTOR_MESSAGES.unknownCollector(value.collector_email));
      const loan = locked.get(value.loan_id);
      const refused = refusalOf(loan, value.loan_id);
      if (refused) throw new RowRefused(refused);
      if (loan!.collectorId !== collector.id) changes.push({ loan: loan!, collector });
    }
    if (changes.length > 0) {
      await tx.execute(sql`
        update ${loans} set collector_id = v.collector_id, assigned_at = now(), updated_at = now(), version = ${loans.version} + 1
          from unnest(${param(changes.map(({ loan }) => loan.id))}::int[], ${param(changes.map(({ collector }) => collector.id))}::int[]) as v(id, collector_id)
         where ${loans.id} = v.id`);
      await tx.insert(loanEvents).values(changes.map(({ loan, collector }) => eventOf(context, loan, collector)));
    }
    // One message per collector for the chunk (loan_ids and count, as /collections' assignment of a filter's
    // rows), not one per loan: a 100,000-row batch would otherwise send 200,000 through the realtime bridge.
    const messages = new Map<string, { to: number; collectorId: number; loanIds: number[] }>();
    const add = (to: number, collectorId: number, loanId: number) => {
      const key = `${to}:${collectorId}`;
      const message = messages.get(key) ?? { to, collectorId, loanIds: [] };
      message.loanIds.push(loanId);
      messages.set(key, message);
    };
    for (const { loan, collector } of changes) {
      add(collector.id, collector.id, loan.id);
      if (loan.collectorId !== null) add(loan.collectorId, collector.id, loan.id);
    }
    const by = { id: context.user.id, name: context.user.name };
    context.afterCommit(() => {
      for (const { to, collectorId, loanIds } of messages.values()) {
        context.realtime.toUser(to, 'loan:assigned', {
          collector_id: collectorId,
          loan_ids: loanIds.slice(0, 100),
          count: loanIds.length,
          by,
        });
      }
    });
    return [];
  },
});

/** The loan's 'assignment' event naming the batch. */
function eventOf({ country, user, label, batchId }: ApplyContext, loan: BatchLoan, collector: Collector) {
  return {
    country,
    loanId: loan.id,
    type: 'assignment',
    userId: user.id,
    body: `Asignado a ${collector.name} (${label})`,
    data: { collector_id: collector.id, previous_collector_id: loan.collectorId, batch_id: batchId },
  };
}

/** Once committed, the new collector (and the previous one) hear of it, as with an assignment one by one. */
function announce(context: ApplyContext, loan: BatchLoan, collector: Collector) {
  const { user } = context;
  const payload = { collector_id: collector.id, loan_ids: [loan.id], count: 1, by: { id: user.id, name: user.name } };
  const previous = loan.collectorId;
  context.afterCommit(() => {
    context.realtime.toUser(collector.id, 'loan:assigned', payload);
    if (previous !== null) context.realtime.toUser(previous, 'loan:assigned', payload);
  });
}
