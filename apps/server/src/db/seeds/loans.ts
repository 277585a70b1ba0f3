import {
  addDays,
  BUCKETS,
  DISBURSED_STATUS,
  LOAN_CONFIG,
  roleOfKind,
  todayIn,
  type Bucket,
  type Country,
  type PaymentChannel,
} from '@backoffice/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { accrueLateInterest, breakPromises, markOverdue, refreshLoans } from '../../services/delinquency';
import { applyPayment, insertLoan } from '../../services/loans';
import type { Tx } from '../client';
import { collectionPromises, installments, leads, loanEvents, loans, managements, users } from '../schema';

/*
 * Demo loans: every seeded disbursed application (arg DISBURSED, col TRANSFERRED) gets its loan, disbursed
 * the day it reached that status, and a payment history drawn from a fixed mix: current, each bucket, paid
 * off, partial payments; promises kept, broken and pending; a few managements. Payments go through
 * applyPayment and the figures through the delinquency run's statements, so the seeded state is what the
 * system itself would have computed. Most overdue loans are the demo collector's: their queue has work.
 */

type Scenario = 'current' | 'paid' | 'partial' | Bucket;
/** The mix, in order, repeated: a current book with a tail in each bucket. */
const MIX: Scenario[] = ['current', '1-30', 'current', '31-60', 'partial', 'current', '61-90', 'paid', '90+', 'current', '1-30', 'partial', '31-60', '90+'];
const CHANNELS: PaymentChannel[] = ['transfer', 'debit_card', 'cash_network', 'transfer'];
const OUTCOMES_WITHOUT_PROMISE = ['no_answer', 'voicemail', 'call_back', 'third_party'];

/** A small deterministic generator: the leads' faker sequence stays as it was. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface SeededLoans {
  loans: number;
  payments: number;
}

export async function seedLoans(tx: Tx, country: Country, now: Date): Promise<SeededLoans> {
  const today = todayIn(country, now);
  const rand = random(country === 'arg' ? 34_001 : 34_002);
  const collectorRole = roleOfKind(country, 'collector');
  const collectors = collectorRole
    ? await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.country, country), eq(users.role, String(collectorRole.id)), eq(users.active, true)))
        .orderBy(asc(users.id))
    : [];
  const demoCollector = collectors.find((c) => c.email === `collector@${country}.example`) ?? collectors[0];
  const disbursed = await tx
    .select({ id: leads.id, customerId: leads.customerId, requested: leads.requestedAmount, offered: leads.offeredAmount, term: leads.term, rate: leads.rate, at: leads.statusChangedAt })
    .from(leads)
    .where(and(eq(leads.country, country), eq(leads.statusId, DISBURSED_STATUS[country])))
    .orderBy(asc(leads.id));

  let paymentCount = 0;
  let overdueSeen = 0;
  for (const [index, lead] of disbursed.entries()) {
    const disbursedOn = todayIn(country, lead.at ?? now);
    const loanId = await insertLoan(
      tx,
      country,
      { leadId: lead.id, customerId: lead.customerId, principal: lead.offered ?? lead.requested, term: lead.term, rate: lead.rate ?? LOAN_CONFIG[country].defaultRate, disbursedOn },
      lead.at ?? now,
    );
    const schedule = await tx.select().from(installments).where(eq(installments.loanId, loanId)).orderBy(asc(installments.number));
    const due = schedule.filter((i) => i.dueDate < today);
    let scenario = MIX[index % MIX.length];

    // The first installment left unpaid: for a bucket, one whose days past due fall in it.
    let firstUnpaid = due.length;
    if (scenario !== 'current' && scenario !== 'paid' && scenario !== 'partial') {
      const bucket = BUCKETS.find((b) => b.id === scenario)!;
      const fits = due.findIndex((i) => {
        const days = Math.round((Date.parse(today) - Date.parse(i.dueDate)) / 86_400_000);
        return days >= bucket.min && days <= bucket.max;
      });
      if (fits >= 0) firstUnpaid = fits;
      else scenario = due.length > 0 ? '1-30' : 'current';
      if (scenario === '1-30' && fits < 0 && due.length > 0) firstUnpaid = due.length - 1;
    }
    const pay = async (amount: number, paidOn: string, userId: number | null) => {
      if (amount <= 0) return;
      paymentCount++;
      await applyPayment(
        tx,
        country,
        { loanId, amount, paidOn, channel: CHANNELS[paymentCount % CHANNELS.length], reference: `DEMO-${country.toUpperCase()}-${loanId}-${paymentCount}`, userId },
        now,
      );
    };
    const owed = (i: (typeof schedule)[number]) => i.principal + i.interest + i.vat;

    if (scenario === 'paid') {
      // Paid on time, then settled early: the rest in one payment today.
      for (const i of due) await pay(owed(i), i.dueDate, null);
      const rest = schedule.filter((i) => i.dueDate >= today).reduce((t, i) => t + owed(i), 0);
      await pay(rest, today, null);
      continue;
    }
    for (const i of due.slice(0, firstUnpaid)) await pay(owed(i), addDays(i.dueDate, -Math.floor(rand() * 3)), null);
    if (scenario === 'partial') {
      const next = schedule[firstUnpaid];
      // Part of the next installment, paid ahead (still current) or, for one due already, late.
      if (next) await pay(Math.round(owed(next) * (0.3 + rand() * 0.4)), next.dueDate < today ? next.dueDate : today, null);
    }

    const overdue = firstUnpaid < due.length;
    if (!overdue) continue;
    overdueSeen++;
    // Two in three overdue loans are the demo collector's; the rest are the other collectors' or nobody's yet.
    const collector = overdueSeen % 3 !== 0 ? demoCollector : overdueSeen % 2 === 0 ? collectors[1] ?? null : null;
    if (collector) {
      const assignedAt = new Date(Date.parse(`${addDays(schedule[firstUnpaid].dueDate, 3)}T13:00:00Z`));
      await tx.update(loans).set({ collectorId: collector.id, assignedAt }).where(eq(loans.id, loanId));
      await tx.insert(loanEvents).values({ country, loanId, type: 'assignment', body: `Asignado a cobranza`, data: { collector_id: collector.id }, createdAt: assignedAt });
    }
    const userId = collector?.id ?? null;
    const manage = async (result: string, at: Date, note: string) => {
      const [management] = await tx
        .insert(managements)
        .values({ country, userId, loanId, channel: 'call', result, note, createdAt: at })
        .returning({ id: managements.id });
      await tx.insert(loanEvents).values({ country, loanId, type: 'management', userId, body: note, data: { management_id: management.id, result }, createdAt: at });
      return management.id;
    };
    const promise = async (made: string, dueOn: string, amount: number) => {
      const at = new Date(Date.parse(`${made}T15:00:00Z`));
      const managementId = await manage('promise', at, `Promete pagar el ${dueOn.split('-').reverse().join('/')}`);
      await tx.insert(collectionPromises).values({ country, loanId, userId, managementId, dueOn, amount, createdAt: at });
      await tx.insert(loanEvents).values({ country, loanId, type: 'promise', userId, data: { due_on: dueOn, amount }, createdAt: at });
    };
    const oldest = schedule[firstUnpaid];
    const kind = overdueSeen % 5;
    const sinceDue = Math.round((Date.parse(today) - Date.parse(oldest.dueDate)) / 86_400_000);
    if (kind === 0 && sinceDue > 6) {
      // A promise kept: made and paid, the oldest installment's interest and part of its principal.
      const made = addDays(oldest.dueDate, 2);
      const dueOn = addDays(made, 3);
      const amount = Math.round(owed(oldest) / 2);
      await promise(made, dueOn, amount);
      await pay(amount, dueOn, userId);
    } else if (kind === 1 && sinceDue > 4) {
      // A promise broken: its date passed without the payment.
      const made = addDays(today, -Math.min(sinceDue - 1, 10));
      await promise(made, addDays(made, 2), owed(oldest));
    } else if (kind === 2) {
      // A promise pending: due in the next days.
      await promise(addDays(today, -1), addDays(today, 1 + Math.floor(rand() * 5)), owed(oldest));
      await tx.update(loans).set({ promiseDueOn: sql`(select min(due_on) from collection_promises where loan_id = ${loanId} and status = 'pending')` }).where(eq(loans.id, loanId));
    } else {
      await manage(OUTCOMES_WITHOUT_PROMISE[overdueSeen % OUTCOMES_WITHOUT_PROMISE.length], new Date(Date.parse(`${addDays(today, -1)}T16:30:00Z`)), 'Sin contacto efectivo');
    }
  }

  // The timeline at the times things happened, not the seed's own.
  await tx.execute(sql`
    update payments set created_at = (paid_on + time '14:00') at time zone 'UTC' where country = ${country} and reference like 'DEMO-%'`);
  await tx.execute(sql`
    update loan_events e set created_at = ((e.data->>'paid_on')::date + time '14:00') at time zone 'UTC'
     where e.country = ${country} and e.type = 'payment' and e.data ? 'paid_on'`);
  // Where the daily run would have left them today.
  await markOverdue(tx, country, today);
  await accrueLateInterest(tx, country, today);
  await refreshLoans(tx, country, today);
  await breakPromises(tx, country, today);
  return { loans: disbursed.length, payments: paymentCount };
}
