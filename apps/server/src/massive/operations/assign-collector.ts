import { and, eq, inArray, sql } from 'drizzle-orm';
import { loanEvents, loans } from '../../db/schema';
import { COLLECTOR_KINDS } from '../../repositories/collections';
import { defineOperation, RowRefused } from '../operation';
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

/**
 * Assigns each loan to a collector, as /collections' "Asignar" does (the loan's collector, its assignment
 * time and an 'assignment' event on its timeline), the event naming the batch.
 */
export const assignCollector = defineOperation<'assign-collector', { loans: Map<number, BatchLoan>; collectors: Map<string, Collector> }>({
  type: 'assign-collector',
  async load(rows, { db, country }) {
    const ids = [...new Set(rows.map((row) => row.loan_id))];
    const [found, collectors] = await Promise.all([
      ids.length ? db.select(loanFields).from(loans).where(and(eq(loans.country, country), inArray(loans.id, ids))) : Promise.resolve([]),
      activeStaffByEmail(db, country, COLLECTOR_KINDS, rows.map((row) => row.collector_email)),
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
    const { country, user, label, memo } = context;
    const key = `collector:${row.collector_email}`;
    let collector = memo.get(key) as Collector | undefined;
    if (!collector) {
      collector = (await activeStaffByEmail(tx, country, COLLECTOR_KINDS, [row.collector_email])).get(row.collector_email);
      if (!collector) throw new RowRefused(COLLECTOR_MESSAGES.unknownCollector(row.collector_email));
      memo.set(key, collector);
    }
    const [loan] = await tx
      .select(loanFields)
      .from(loans)
      .where(and(eq(loans.id, row.loan_id), eq(loans.country, country)))
      .for('no key update');
    if (!loan) throw new RowRefused(COLLECTOR_MESSAGES.notFound(row.loan_id));
    if (FINISHED.includes(loan.status)) throw new RowRefused(COLLECTOR_MESSAGES.finished(loan.status));
    // Already theirs: nothing to write (as the one-by-one assignment), the row is done.
    if (loan.collectorId === collector.id) return;
    await tx
      .update(loans)
      .set({ collectorId: collector.id, assignedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${loans.version} + 1` })
      .where(eq(loans.id, loan.id));
    await tx.insert(loanEvents).values({
      country,
      loanId: loan.id,
      type: 'assignment',
      userId: user.id,
      body: `Asignado a ${collector.name} (${label})`,
      data: { collector_id: collector.id, previous_collector_id: loan.collectorId, batch_id: context.batchId },
    });
    const payload = { collector_id: collector.id, loan_ids: [loan.id], count: 1, by: { id: user.id, name: user.name } };
    const previous = loan.collectorId;
    const assigned = collector.id;
    context.afterCommit(() => {
      context.realtime.toUser(assigned, 'loan:assigned', payload);
      if (previous !== null) context.realtime.toUser(previous, 'loan:assigned', payload);
    });
  },
});
