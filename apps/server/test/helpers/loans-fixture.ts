import { addDays, bucketOf, todayIn, type Country } from '@backoffice/shared';
import type { App } from '../../src/app';
import { eq } from 'drizzle-orm';
import { installments, leads, loans } from '../../src/db/schema';
import type { KnownLead } from './leads-fixture';

/** What a test says about a loan in collections; the rest is filled in plainly. */
export interface LoanSpec {
  collectorId?: number | null;
  daysPastDue?: number;
  inCollections?: boolean;
  /** Days from today (the country's) of the open promise's date. */
  promiseInDays?: number | null;
  /** Next action at, as an instant. */
  nextActionAt?: Date | null;
  outstanding?: number;
  overdueAmount?: number;
}

export interface KnownLoan {
  id: number;
  leadId: number;
  customerId: number;
  collectorId: number | null;
  daysPastDue: number;
  bucket: string | null;
  dueDate: string;
  cellphone: string;
}

/**
 * Loans written straight into the database for collections tests (loan creation is another area's): one per
 * given lead, with an overdue first installment due `daysPastDue` days ago and a pending second one.
 */
export async function insertLoans(app: App, country: Country, knownLeads: KnownLead[], specs: LoanSpec[]): Promise<KnownLoan[]> {
  const today = todayIn(country);
  const known: KnownLoan[] = [];
  for (let i = 0; i < specs.length; i++) {
    const lead = knownLeads[i]!;
    const spec = specs[i]!;
    const dpd = spec.daysPastDue ?? 10 + i;
    const inCollections = spec.inCollections ?? dpd > 0;
    const dueDate = addDays(today, -dpd);
    const [customer] = await app.db.select({ customer_id: leads.customerId }).from(leads).where(eq(leads.id, lead.id));
    const [loan] = await app.db
      .insert(loans)
      .values({
        country,
        leadId: lead.id,
        customerId: customer!.customer_id,
        principal: 100_000,
        term: 6,
        rate: 60,
        vatRate: country === 'arg' ? 21 : 0,
        lateRate: 30,
        disbursedOn: addDays(today, -dpd - 30),
        firstDueDate: dueDate,
        status: inCollections ? 'OVERDUE' : 'ACTIVE',
        outstanding: spec.outstanding ?? 90_000 + i,
        overdueAmount: spec.overdueAmount ?? (inCollections ? 20_000 + i : 0),
        daysPastDue: dpd,
        overdueSince: dpd > 0 || inCollections ? dueDate : null,
        bucket: bucketOf(dpd),
        inCollections,
        collectorId: spec.collectorId ?? null,
        assignedAt: spec.collectorId ? new Date() : null,
        nextActionAt: spec.nextActionAt ?? null,
        promiseDueOn: spec.promiseInDays == null ? null : addDays(today, spec.promiseInDays),
      })
      .returning();
    await app.db.insert(installments).values([
      {
        country,
        loanId: loan!.id,
        number: 1,
        dueDate,
        principal: 15_000,
        interest: 4_000,
        vat: 1_000,
        lateInterest: 700,
        status: inCollections ? 'overdue' : 'pending',
      },
      {
        country,
        loanId: loan!.id,
        number: 2,
        dueDate: addDays(dueDate, 30),
        principal: 15_000,
        interest: 4_000,
        vat: 1_000,
        status: 'pending',
      },
    ]);
    known.push({
      id: loan!.id,
      leadId: lead.id,
      customerId: customer!.customer_id,
      collectorId: spec.collectorId ?? null,
      daysPastDue: dpd,
      bucket: bucketOf(dpd),
      dueDate,
      cellphone: lead.cellphone,
    });
  }
  return known;
}
