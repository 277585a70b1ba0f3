import type { Country } from '@backoffice/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { App } from '../../src/app';
import { customers, installments, leads, loans, users } from '../../src/db/schema';

/** A lead of the country whose customer has no loan yet (the loans of these tests are inserted directly). */
export async function freeLead(app: App, country: Country, skip = 0) {
  const rows = await app.db
    .select({
      leadId: leads.id,
      customerId: leads.customerId,
      docNumber: customers.docNumber,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(leads)
    .innerJoin(customers, eq(customers.id, leads.customerId))
    .where(and(eq(leads.country, country), sql`not exists (select 1 from loans l where l.customer_id = ${leads.customerId})`))
    .orderBy(asc(leads.id))
    .limit(skip + 1)
    .offset(skip);
  return rows[0]!;
}

export async function userId(app: App, email: string): Promise<number> {
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** A loan with three installments, as the loans area would have written it at disbursement. */
export async function insertLoan(
  app: App,
  country: Country,
  lead: { leadId: number; customerId: number },
  o: {
    status?: string;
    outstanding?: number;
    disbursedOn?: string;
    principal?: number;
    collectorId?: number | null;
    paidAt?: Date | null;
  } = {},
) {
  const principal = o.principal ?? 300_000;
  const [loan] = await app.db
    .insert(loans)
    .values({
      country,
      leadId: lead.leadId,
      customerId: lead.customerId,
      principal,
      term: 3,
      rate: 80,
      vatRate: country === 'arg' ? 21 : 0,
      lateRate: 120,
      disbursedOn: o.disbursedOn ?? '2026-01-05',
      firstDueDate: '2026-02-05',
      status: o.status ?? 'ACTIVE',
      outstanding: o.outstanding ?? 360_000,
      inCollections: o.status === 'OVERDUE',
      overdueSince: o.status === 'OVERDUE' ? '2026-02-05' : null,
      collectorId: o.collectorId ?? null,
      paidAt: o.paidAt ?? null,
    })
    .returning();
  await app.db.insert(installments).values(
    [1, 2, 3].map((n) => ({
      country,
      loanId: loan!.id,
      number: n,
      dueDate: `2026-0${n + 1}-05`,
      principal: principal / 3,
      interest: 15_000,
      vat: 3_150,
      status: o.status === 'PAID' ? 'paid' : 'pending',
    })),
  );
  return loan!;
}
