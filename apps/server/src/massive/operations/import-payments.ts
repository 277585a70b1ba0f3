import { todayIn } from '@backoffice/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { loanEvents, loans, payments } from '../../db/schema';
import { applyPayment, LOAN_MESSAGES, PAYABLE } from '../../services/loans';
import { defineOperation, RowRefused } from '../operation';

/** A collection network's file: every payment arrives on this channel, unique by its reference. */
const CHANNEL = 'cash_network';

export const PAYMENT_IMPORT_MESSAGES = {
  notFound: (id: number) => `El préstamo ${id} no existe en este país`,
  imported: (reference: string, id: number) => `La referencia ${reference} ya se importó (pago #${id}): no se aplica dos veces`,
};

type BatchLoan = { id: number; status: string; disbursedOn: string };

/**
 * Imports a network's payments through the loans area's payment path (`applyPayment`: late interest to the
 * payment's day, oldest installment first, credit kept), each attributed to the batch on the loan's timeline.
 * Idempotent by reference: one already imported (before, or by another batch meanwhile) is refused.
 */
export const importPayments = defineOperation<'import-payments', { loans: Map<number, BatchLoan>; imported: Map<string, number> }>({
  type: 'import-payments',
  async load(rows, { db, country }) {
    const ids = [...new Set(rows.map((row) => row.loan_id))];
    const references = [...new Set(rows.map((row) => row.reference))];
    const [found, seen] = await Promise.all([
      ids.length
        ? db
            .select({ id: loans.id, status: loans.status, disbursedOn: loans.disbursedOn })
            .from(loans)
            .where(and(eq(loans.country, country), inArray(loans.id, ids)))
        : Promise.resolve([]),
      references.length
        ? db
            .select({ id: payments.id, reference: payments.reference })
            .from(payments)
            .where(and(eq(payments.country, country), eq(payments.channel, CHANNEL), inArray(payments.reference, references)))
        : Promise.resolve([]),
    ]);
    return {
      loans: new Map(found.map((loan) => [loan.id, loan])),
      imported: new Map(seen.map((payment) => [payment.reference, payment.id])),
    };
  },
  validate(row, loaded, { country }) {
    const loan = loaded.loans.get(row.loan_id);
    if (!loan) return PAYMENT_IMPORT_MESSAGES.notFound(row.loan_id);
    const imported = loaded.imported.get(row.reference);
    if (imported !== undefined) return PAYMENT_IMPORT_MESSAGES.imported(row.reference, imported);
    if (!PAYABLE.includes(loan.status)) return LOAN_MESSAGES.closedLoan(loan.status);
    if (row.paid_on > todayIn(country)) return LOAN_MESSAGES.futurePayment;
    if (row.paid_on < loan.disbursedOn) return LOAN_MESSAGES.beforeDisbursement;
    return null;
  },
  recordId: (row) => row.loan_id,
  key: (row) => `reference:${row.reference}`,
  duplicate: (line) => `Fila repetida: la misma referencia ya está en la fila ${line}`,
  async apply(tx, row, context) {
    const { country, user, label } = context;
    const result = await applyPayment(tx, country, {
      loanId: row.loan_id,
      amount: row.amount,
      paidOn: row.paid_on,
      channel: CHANNEL,
      reference: row.reference,
      userId: user.id,
    });
    if (!result.applied) throw new RowRefused(PAYMENT_IMPORT_MESSAGES.imported(row.reference, result.paymentId));
    // The payment's timeline entry names the batch that imported it.
    await tx
      .update(loanEvents)
      .set({
        body: sql`${loanEvents.body} || ${` (${label})`}`,
        data: sql`${loanEvents.data} || ${JSON.stringify({ batch_id: context.batchId })}::jsonb`,
      })
      .where(
        and(
          eq(loanEvents.loanId, row.loan_id),
          eq(loanEvents.type, 'payment'),
          sql`(${loanEvents.data}->>'payment_id')::bigint = ${result.paymentId}`,
        ),
      );
  },
});
