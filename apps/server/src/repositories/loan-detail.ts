import { catalogueLabel, lateInterestFor, LOAN_STATUSES, todayIn, type Country, type LoanDetail } from '@backoffice/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { customers, installments, leads, loanEvents, loans, paymentAllocations, payments, users } from '../db/schema';

export interface LoanHeader {
  id: number;
  collectorId: number | null;
  sellerId: number | null;
}

const iso = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

/** A loan as its detail shows it (schedule, payments with their allocations, timeline), read without locks. */
export class LoanDetailRepository {
  constructor(private readonly db: Db) {}

  /** Who the loan belongs to (for the read and pay checks), by loan id or by its lead's id. */
  async header(country: Country, by: { loanId: number } | { leadId: number }): Promise<LoanHeader | undefined> {
    const [row] = await this.db
      .select({ id: loans.id, collectorId: loans.collectorId, sellerId: leads.sellerId })
      .from(loans)
      .innerJoin(leads, eq(leads.id, loans.leadId))
      .where(and(eq(loans.country, country), 'loanId' in by ? eq(loans.id, by.loanId) : eq(loans.leadId, by.leadId)))
      .limit(1);
    return row;
  }

  async detail(country: Country, loanId: number, now = new Date()): Promise<Omit<LoanDetail, 'can_pay' | 'can_reverse'> | undefined> {
    const collector = alias(users, 'collector');
    const [row] = await this.db
      .select({ loan: loans, customer: customers, collectorName: collector.name })
      .from(loans)
      .innerJoin(customers, eq(customers.id, loans.customerId))
      .leftJoin(collector, eq(collector.id, loans.collectorId))
      .where(and(eq(loans.id, loanId), eq(loans.country, country)));
    if (!row) return undefined;
    const { loan, customer } = row;
    const asOf = todayIn(country, now);
    const rows = await this.db.select().from(installments).where(eq(installments.loanId, loanId)).orderBy(asc(installments.number));
    const creator = alias(users, 'creator');
    const reverser = alias(users, 'reverser');
    const paid = await this.db
      .select({ payment: payments, createdBy: creator.name, reversedBy: reverser.name })
      .from(payments)
      .leftJoin(creator, eq(creator.id, payments.createdBy))
      .leftJoin(reverser, eq(reverser.id, payments.reversedBy))
      .where(eq(payments.loanId, loanId))
      .orderBy(desc(payments.paidOn), desc(payments.id));
    const allocations = paid.length
      ? await this.db
          .select()
          .from(paymentAllocations)
          .where(
            inArray(
              paymentAllocations.paymentId,
              paid.map((p) => p.payment.id),
            ),
          )
          .orderBy(asc(paymentAllocations.id))
      : [];
    const numberOf = new Map(rows.map((i) => [i.id, i.number]));
    const events = await this.db
      .select({ event: loanEvents, user: users.name })
      .from(loanEvents)
      .leftJoin(users, eq(users.id, loanEvents.userId))
      .where(eq(loanEvents.loanId, loanId))
      .orderBy(desc(loanEvents.createdAt), desc(loanEvents.id))
      .limit(200);

    const open = rows.filter((i) => ['pending', 'partial', 'overdue'].includes(i.status));
    // The runs accrued late interest through their day; the days since add the same way (shown, not stored).
    let lateToDate = 0;
    let oldestOverdue: string | null = null;
    for (const i of open) {
      let late = i.lateInterest - i.paidLateInterest;
      if (i.dueDate < asOf) {
        const from = i.lateInterestThrough && i.lateInterestThrough > i.dueDate ? i.lateInterestThrough : i.dueDate;
        late += lateInterestFor(i.principal - i.paidPrincipal + (i.interest - i.paidInterest), loan.lateRate, from, asOf);
        if (!oldestOverdue || i.dueDate < oldestOverdue) oldestOverdue = i.dueDate;
      }
      lateToDate += late;
    }
    const unpaidBase = open.reduce((t, i) => t + (i.principal - i.paidPrincipal) + (i.interest - i.paidInterest) + (i.vat - i.paidVat), 0);
    const daysPastDue = oldestOverdue ? Math.round((Date.parse(asOf) - Date.parse(oldestOverdue)) / 86_400_000) : 0;

    return {
      loan: {
        id: loan.id,
        lead_id: loan.leadId,
        status: loan.status,
        principal: loan.principal,
        term: loan.term,
        rate: loan.rate,
        vat_rate: loan.vatRate,
        late_rate: loan.lateRate,
        disbursed_on: loan.disbursedOn,
        first_due_date: loan.firstDueDate,
        outstanding: loan.outstanding,
        overdue_amount: loan.overdueAmount,
        credit_balance: loan.creditBalance,
        days_past_due: loan.daysPastDue,
        bucket: loan.bucket,
        in_collections: loan.inCollections,
        collector_id: loan.collectorId,
        collector_name: row.collectorName,
        promise_due_on: loan.promiseDueOn,
        paid_at: iso(loan.paidAt),
        version: loan.version,
      },
      customer: {
        id: customer.id,
        full_name: `${customer.firstName} ${customer.lastName}`,
        doc_type: customer.docType,
        doc_number: customer.docNumber,
        cellphone: customer.cellphone,
        email: customer.email,
      },
      as_of: asOf,
      late_interest_to_date: lateToDate,
      days_past_due_today: daysPastDue,
      balance_today: unpaidBase + lateToDate,
      installments: rows.map((i) => ({
        id: i.id,
        number: i.number,
        due_date: i.dueDate,
        principal: i.principal,
        interest: i.interest,
        vat: i.vat,
        late_interest: i.lateInterest,
        paid_principal: i.paidPrincipal,
        paid_interest: i.paidInterest,
        paid_vat: i.paidVat,
        paid_late_interest: i.paidLateInterest,
        status: i.status,
        balance: i.principal + i.interest + i.vat + i.lateInterest - i.paidPrincipal - i.paidInterest - i.paidVat - i.paidLateInterest,
        paid_at: iso(i.paidAt),
      })),
      payments: paid.map(({ payment: p, createdBy, reversedBy }) => ({
        id: p.id,
        amount: p.amount,
        paid_on: p.paidOn,
        channel: p.channel,
        reference: p.reference,
        credit_amount: p.creditAmount,
        created_by: createdBy,
        created_at: iso(p.createdAt)!,
        reversed_at: iso(p.reversedAt),
        reversed_by: reversedBy,
        reversal_reason: p.reversalReason,
        allocations: allocations
          .filter((a) => a.paymentId === p.id)
          .map((a) => ({
            installment_number: numberOf.get(a.installmentId) ?? 0,
            late_interest: a.lateInterest,
            interest: a.interest,
            vat: a.vat,
            principal: a.principal,
          })),
      })),
      timeline: events.map(({ event, user }) => ({
        id: event.id,
        type: event.type,
        user,
        body: event.body ?? describe(event.type, event.data),
        created_at: iso(event.createdAt)!,
      })),
    };
  }
}

/** The system's events carry data, not text: what the timeline says of them. */
function describe(type: string, data: Record<string, unknown> | null): string | null {
  if (type === 'status' && data)
    return `Estado: ${catalogueLabel(LOAN_STATUSES, String(data.from))} → ${catalogueLabel(LOAN_STATUSES, String(data.to))}`;
  if (type === 'promise_kept') return 'Promesa de pago cumplida';
  if (type === 'promise_broken') return 'Promesa de pago incumplida';
  return null;
}
