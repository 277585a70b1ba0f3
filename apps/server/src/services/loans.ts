import {
  LOAN_STATUSES,
  allocatePayment,
  COUNTRY_TIME_ZONE,
  dueDates,
  findRole,
  formatMoney,
  frenchSchedule,
  LOAN_CONFIG,
  todayIn,
  usuryRefusal,
  type Country,
  type OpenInstallment,
  type PaymentChannel,
  type RoleKind,
} from '@backoffice/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { installments, leads, loanEvents, loans, paymentAllocations, payments } from '../db/schema';
import { HttpError } from '../lib/errors';
import { accrueLateInterest, markOverdue, refreshLoans } from './delinquency';
import { businessDayOf } from './loan-calendar';
import { oneRow } from '../db/rows';

export const LOAN_MESSAGES = {
  notFound: 'Préstamo no encontrado',
  notYourLoan: 'Este préstamo no está asignado a ti',
  mayNotPay: 'Tu rol no puede registrar pagos en este préstamo',
  mayNotReverse: 'Solo un administrador puede revertir un pago',
  paymentNotFound: 'Pago no encontrado',
  alreadyReversed: 'El pago ya fue revertido',
  closedLoan: (status: string) =>
    `El préstamo está ${(LOAN_STATUSES.find((s) => s.id === status)?.label ?? status).toLowerCase()}: no admite pagos`,
  futurePayment: 'La fecha del pago no puede ser posterior a hoy',
  beforeDisbursement: 'La fecha del pago no puede ser anterior al desembolso',
} as const;

/** Statuses where money still moves. */
export const PAYABLE = ['ACTIVE', 'OVERDUE', 'PAID'];

/**
 * The lead's loan, created in the transaction that moves the lead to its disbursed status (arg DISBURSED,
 * col TRANSFERRED): principal the offer (or the requested amount), term and rate the lead's (a lead without a
 * rate takes the country's default), French schedule from today on working days. One per lead
 * (loans_lead_id_key): a repeat finds the loan there and creates nothing. Refused (409) above col's usury rate.
 */
export async function createLoanForLead(tx: Tx, country: Country, leadId: number, now = new Date()): Promise<number> {
  const [existing] = await tx.select({ id: loans.id }).from(loans).where(eq(loans.leadId, leadId)).limit(1);
  if (existing) return existing.id;
  const [lead] = await tx
    .select({
      customerId: leads.customerId,
      requested: leads.requestedAmount,
      offered: leads.offeredAmount,
      term: leads.term,
      rate: leads.rate,
    })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.country, country)));
  if (!lead) throw new HttpError(404, 'Lead no encontrado');
  const config = LOAN_CONFIG[country];
  const rate = lead.rate ?? config.defaultRate;
  const disbursedOn = todayIn(country, now);
  const refusal = usuryRefusal(country, rate, disbursedOn);
  if (refusal) throw new HttpError(409, refusal);
  return insertLoan(tx, country, {
    leadId,
    customerId: lead.customerId,
    principal: lead.offered ?? lead.requested,
    term: lead.term,
    rate,
    disbursedOn,
  });
}

export interface NewLoan {
  leadId: number;
  customerId: number;
  principal: number;
  term: number;
  rate: number;
  disbursedOn: string;
}

/** Writes a loan, its schedule and its 'created' event; answers its id (the existing one on a repeat). */
export async function insertLoan(tx: Tx, country: Country, loan: NewLoan, createdAt?: Date): Promise<number> {
  const config = LOAN_CONFIG[country];
  const schedule = frenchSchedule(
    { principal: loan.principal, term: loan.term, rate: loan.rate, vatRate: config.vatRate },
    dueDates(loan.disbursedOn, loan.term, businessDayOf(country)),
  );
  const [firstInstallment] = schedule;
  if (!firstInstallment) throw new RangeError('A loan has at least one installment');
  const outstanding = schedule.reduce((total, row) => total + row.principal + row.interest + row.vat, 0);
  const at = createdAt ? { createdAt, updatedAt: createdAt } : {};
  const [inserted] = await tx
    .insert(loans)
    .values({
      country,
      leadId: loan.leadId,
      customerId: loan.customerId,
      principal: loan.principal,
      term: loan.term,
      rate: loan.rate,
      vatRate: config.vatRate,
      lateRate: config.lateRate,
      disbursedOn: loan.disbursedOn,
      firstDueDate: firstInstallment.dueDate,
      status: 'ACTIVE',
      outstanding,
      ...at,
    })
    // A concurrent disbursement of the same lead: the unique lead_id lets one in, the other finds it.
    .onConflictDoNothing({ target: loans.leadId })
    .returning({ id: loans.id });
  if (!inserted) {
    return oneRow(await tx.select({ id: loans.id }).from(loans).where(eq(loans.leadId, loan.leadId))).id;
  }
  await tx.insert(installments).values(
    schedule.map((row) => ({
      country,
      loanId: inserted.id,
      number: row.number,
      dueDate: row.dueDate,
      principal: row.principal,
      interest: row.interest,
      vat: row.vat,
      status: 'pending',
      ...at,
    })),
  );
  await tx.insert(loanEvents).values({
    country,
    loanId: inserted.id,
    type: 'created',
    body: `Préstamo de ${formatMoney(country, loan.principal)} en ${loan.term} cuotas al ${loan.rate}% nominal anual`,
    data: { principal: loan.principal, term: loan.term, rate: loan.rate },
    ...(createdAt ? { createdAt } : {}),
  });
  return inserted.id;
}

export interface PaymentInput {
  loanId: number;
  amount: number;
  paidOn: string;
  channel: PaymentChannel;
  reference: string;
  userId: number | null;
}

export interface PaymentResult {
  paymentId: number;
  /** False: the (country, channel, reference) was applied before; its first payment answers. */
  applied: boolean;
}

/**
 * Applies a payment inside the caller's transaction (a person's registration, a voluntary payment, a bulk
 * import): late interest accrued through the payment's day first, then the amount spread oldest installment
 * first (allocatePayment), overpayment kept as credit, the loan's figures and status refreshed, pending
 * promises it covers kept. Unique by (country, channel, reference): the same payment again applies nothing
 * and answers the first one.
 */
export async function applyPayment(tx: Tx, country: Country, input: PaymentInput, now = new Date()): Promise<PaymentResult> {
  const today = todayIn(country, now);
  const [loan] = await tx
    .select({ id: loans.id, status: loans.status, disbursedOn: loans.disbursedOn })
    .from(loans)
    .where(and(eq(loans.id, input.loanId), eq(loans.country, country)))
    .for('update');
  if (!loan) throw new HttpError(404, LOAN_MESSAGES.notFound);
  const [inserted] = await tx
    .insert(payments)
    .values({
      country,
      loanId: loan.id,
      amount: input.amount,
      paidOn: input.paidOn,
      channel: input.channel,
      reference: input.reference,
      createdBy: input.userId,
    })
    .onConflictDoNothing({ target: [payments.country, payments.channel, payments.reference] })
    .returning({ id: payments.id });
  if (!inserted) {
    const first = oneRow(
      await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.country, country), eq(payments.channel, input.channel), eq(payments.reference, input.reference))),
    );
    return { paymentId: first.id, applied: false };
  }
  if (!PAYABLE.includes(loan.status)) throw new HttpError(409, LOAN_MESSAGES.closedLoan(loan.status));
  if (input.paidOn > today)
    throw new HttpError(400, LOAN_MESSAGES.futurePayment, [{ field: 'paid_on', message: LOAN_MESSAGES.futurePayment }]);
  if (input.paidOn < loan.disbursedOn) {
    throw new HttpError(400, LOAN_MESSAGES.beforeDisbursement, [{ field: 'paid_on', message: LOAN_MESSAGES.beforeDisbursement }]);
  }

  // What is owed on the payment's day: the late interest of the days before it too.
  await markOverdue(tx, country, input.paidOn, loan.id);
  await accrueLateInterest(tx, country, input.paidOn, loan.id);
  const open = await tx
    .select()
    .from(installments)
    .where(and(eq(installments.loanId, loan.id), inArray(installments.status, ['pending', 'partial', 'overdue'])))
    .orderBy(asc(installments.number));
  const owed: OpenInstallment[] = open.map((i) => ({
    id: i.id,
    number: i.number,
    lateInterest: i.lateInterest - i.paidLateInterest,
    interest: i.interest - i.paidInterest,
    vat: i.vat - i.paidVat,
    principal: i.principal - i.paidPrincipal,
  }));
  const { allocations, credit } = allocatePayment(input.amount, owed);
  for (const a of allocations) {
    await tx
      .update(installments)
      .set({
        paidLateInterest: sql`${installments.paidLateInterest} + ${a.lateInterest}`,
        paidInterest: sql`${installments.paidInterest} + ${a.interest}`,
        paidVat: sql`${installments.paidVat} + ${a.vat}`,
        paidPrincipal: sql`${installments.paidPrincipal} + ${a.principal}`,
        updatedAt: sql`now()`,
      })
      .where(eq(installments.id, a.installmentId));
  }
  if (allocations.length > 0) {
    await tx.insert(paymentAllocations).values(allocations.map((a) => ({ paymentId: inserted.id, ...a })));
  }
  await settleInstallmentStatuses(tx, loan.id, today);
  if (credit > 0) {
    await tx.update(payments).set({ creditAmount: credit }).where(eq(payments.id, inserted.id));
    await tx
      .update(loans)
      .set({ creditBalance: sql`${loans.creditBalance} + ${credit}` })
      .where(eq(loans.id, loan.id));
  }
  await tx.insert(loanEvents).values({
    country,
    loanId: loan.id,
    type: 'payment',
    userId: input.userId,
    body: `Pago de ${formatMoney(country, input.amount)} (${input.reference})${credit > 0 ? `; saldo a favor ${formatMoney(country, credit)}` : ''}`,
    data: { payment_id: inserted.id, amount: input.amount, paid_on: input.paidOn, channel: input.channel, credit },
  });
  await keepPromises(tx, country, loan.id);
  await refreshLoans(tx, country, today, loan.id);
  return { paymentId: inserted.id, applied: true };
}

/**
 * Installment statuses after money moved: paid once nothing is owed, else overdue past its due date, partial
 * with something paid, pending.
 */
async function settleInstallmentStatuses(tx: Tx, loanId: number, today: string): Promise<void> {
  await tx.execute(sql`
    update installments i set
      status = case
        when i.paid_principal >= i.principal and i.paid_interest >= i.interest and i.paid_vat >= i.vat
             and i.paid_late_interest >= i.late_interest then 'paid'
        when i.due_date < ${today}::date then 'overdue'
        when i.paid_principal + i.paid_interest + i.paid_vat + i.paid_late_interest > 0 then 'partial'
        else 'pending' end,
      paid_at = case
        when i.paid_principal >= i.principal and i.paid_interest >= i.interest and i.paid_vat >= i.vat
             and i.paid_late_interest >= i.late_interest then coalesce(i.paid_at, now())
        else null end,
      updated_at = now()
     where i.loan_id = ${loanId} and i.status in ('pending', 'partial', 'overdue', 'paid')`);
}

/**
 * A pending promise is kept once the loan's payments (not reversed) from the day it was made through its date
 * add up to its amount.
 */
async function keepPromises(tx: Tx, country: Country, loanId: number): Promise<void> {
  await tx.execute(sql`
    with kept as (
      update collection_promises p set status = 'kept', resolved_at = now()
       where p.loan_id = ${loanId} and p.status = 'pending'
         and (select coalesce(sum(pm.amount), 0) from payments pm
               where pm.loan_id = p.loan_id and pm.reversed_at is null
                 and pm.paid_on between (p.created_at at time zone ${COUNTRY_TIME_ZONE[country]}::text)::date and p.due_on) >= p.amount
      returning p.id, p.loan_id, p.amount, p.due_on
    ),
    events as (
      insert into loan_events (country, loan_id, type, data)
      select ${country}, k.loan_id, 'promise_kept', jsonb_build_object('promise_id', k.id, 'amount', k.amount, 'due_on', k.due_on) from kept k
    )
    update loans l set promise_due_on = (
             select min(p.due_on) from collection_promises p where p.loan_id = l.id and p.status = 'pending')
     where l.id = ${loanId} and exists (select 1 from kept)`);
}

export interface ReversalInput {
  loanId: number;
  paymentId: number;
  reason: string;
  userId: number;
}

/** An admin undoes a payment: what it paid is owed again (its allocations), its credit leaves the balance. */
export async function reversePayment(tx: Tx, country: Country, input: ReversalInput, now = new Date()): Promise<void> {
  const today = todayIn(country, now);
  const [loan] = await tx
    .select({ id: loans.id, creditBalance: loans.creditBalance })
    .from(loans)
    .where(and(eq(loans.id, input.loanId), eq(loans.country, country)))
    .for('update');
  if (!loan) throw new HttpError(404, LOAN_MESSAGES.notFound);
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, input.paymentId), eq(payments.loanId, loan.id)))
    .for('update');
  if (!payment) throw new HttpError(404, LOAN_MESSAGES.paymentNotFound);
  if (payment.reversedAt) throw new HttpError(409, LOAN_MESSAGES.alreadyReversed);
  const allocations = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, payment.id));
  for (const a of allocations) {
    await tx
      .update(installments)
      .set({
        paidLateInterest: sql`${installments.paidLateInterest} - ${a.lateInterest}`,
        paidInterest: sql`${installments.paidInterest} - ${a.interest}`,
        paidVat: sql`${installments.paidVat} - ${a.vat}`,
        paidPrincipal: sql`${installments.paidPrincipal} - ${a.principal}`,
        updatedAt: sql`now()`,
      })
      .where(eq(installments.id, a.installmentId));
  }
  await tx
    .update(payments)
    .set({ reversedAt: sql`now()`, reversedBy: input.userId, reversalReason: input.reason })
    .where(eq(payments.id, payment.id));
  if (payment.creditAmount > 0) {
    await tx
      .update(loans)
      .set({ creditBalance: sql`greatest(0, ${loans.creditBalance} - ${payment.creditAmount})` })
      .where(eq(loans.id, loan.id));
  }
  await settleInstallmentStatuses(tx, loan.id, today);
  await tx.insert(loanEvents).values({
    country,
    loanId: loan.id,
    type: 'payment_reversed',
    userId: input.userId,
    body: `Pago de ${formatMoney(country, payment.amount)} (${payment.reference}) revertido: ${input.reason}`,
    data: { payment_id: payment.id, amount: payment.amount },
  });
  await refreshLoans(tx, country, today, loan.id);
}

/** Who reads every loan of the country; a collector reads the loans assigned to them, a seller their sales'. */
const READ_ALL: readonly RoleKind[] = ['admin', 'supervisor', 'atc', 'operator', 'webservice', 'seller_renovator', 'risk'];
const PAY: readonly RoleKind[] = ['admin', 'supervisor', 'atc'];

export interface LoanOwners {
  collectorId: number | null;
  sellerId: number | null;
}

/** null when the user may read the loan, else the refusal. */
export function readRefusal(country: Country, role: number | string, userId: number, owners: LoanOwners): HttpError | null {
  const kind = findRole(country, role)?.kind;
  if (kind && READ_ALL.includes(kind)) return null;
  if (kind === 'collector' && owners.collectorId === userId) return null;
  if ((kind === 'seller' || kind === 'seller_wo_assignation') && owners.sellerId === userId) return null;
  return new HttpError(403, kind === 'collector' ? LOAN_MESSAGES.notYourLoan : 'No tienes permiso para ver este préstamo');
}

export function mayPay(country: Country, role: number | string, userId: number, owners: LoanOwners): boolean {
  const kind = findRole(country, role)?.kind;
  return (kind !== undefined && PAY.includes(kind)) || (kind === 'collector' && owners.collectorId === userId);
}

export function mayReverse(country: Country, role: number | string): boolean {
  return findRole(country, role)?.kind === 'admin';
}
