import {
  addDays,
  allocatePayment,
  BUCKETS,
  DISBURSED_STATUS,
  dueDates,
  formatMoney,
  frenchSchedule,
  LOAN_CONFIG,
  roleOfKind,
  todayIn,
  type Bucket,
  type Country,
  type PaymentChannel,
} from '@backoffice/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { accrueLateInterest, breakPromises, markOverdue, refreshLoans } from '../../services/delinquency';
import { businessDayOf } from '../../services/loan-calendar';
import { applyPayment } from '../../services/loans';
import type { Tx } from '../client';
import { collectionPromises, installments, leads, loanEvents, loans, managements, paymentAllocations, payments, users } from '../schema';

const BATCH = 500;
const owed = (i: { principal: number; interest: number; vat: number }) => i.principal + i.interest + i.vat;
const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

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
  const config = LOAN_CONFIG[country];
  const workingDay = businessDayOf(country);
  const plans = disbursed.map((lead, index) => {
    const disbursedOn = todayIn(country, lead.at ?? now);
    const principal = lead.offered ?? lead.requested;
    const rate = lead.rate ?? config.defaultRate;
    const schedule = frenchSchedule({ principal, term: lead.term, rate, vatRate: config.vatRate }, dueDates(disbursedOn, lead.term, workingDay));
    const due = schedule.filter((i) => i.dueDate < today);
    let scenario = MIX[index % MIX.length];
    // The first installment left unpaid: for a bucket, one whose days past due fall in it.
    let firstUnpaid = due.length;
    if (scenario !== 'current' && scenario !== 'paid' && scenario !== 'partial') {
      const bucket = BUCKETS.find((b) => b.id === scenario)!;
      const fits = due.findIndex((i) => {
        const days = daysFrom(i.dueDate, today);
        return days >= bucket.min && days <= bucket.max;
      });
      if (fits >= 0) firstUnpaid = fits;
      else if (due.length > 0) firstUnpaid = due.length - 1;
      else scenario = 'current';
    }
    // Paid on time (the system's own allocation of a whole installment: interest, VAT, principal), or, for a
    // paid-off loan, everything else settled today.
    const onTime: { number: number; amount: number; paidOn: string }[] = [];
    const partOf = new Map<number, number>();
    const paidCount = scenario === 'paid' ? schedule.length : firstUnpaid;
    for (const i of schedule.slice(0, paidCount)) {
      onTime.push({ number: i.number, amount: owed(i), paidOn: i.dueDate < today ? addDays(i.dueDate, -Math.floor(rand() * 3)) : today });
    }
    if (scenario === 'paid') {
      // One payment today for what was not due yet.
      const ahead = onTime.filter((p) => p.paidOn === today);
      if (ahead.length > 1) {
        const total = ahead.reduce((t, p) => t + p.amount, 0);
        ahead.forEach((p, k) => (p.amount = k === 0 ? total : 0));
      }
    }
    if (scenario === 'partial' && schedule[firstUnpaid]) {
      // Part of the next installment, paid ahead: the loan stays current.
      const next = schedule[firstUnpaid];
      partOf.set(next.number, Math.round(owed(next) * (0.3 + rand() * 0.4)));
    }
    return { lead, disbursedOn, principal, rate, schedule, scenario, firstUnpaid, overdue: firstUnpaid < due.length, onTime, partOf };
  });

  // Loans, installments with the parts paid, payments and their allocations, in batches.
  const loanIds = new Map<number, number>();
  for (let start = 0; start < plans.length; start += BATCH) {
    const chunk = plans.slice(start, start + BATCH);
    const rows = await tx
      .insert(loans)
      .values(
        chunk.map((p) => ({
          country,
          leadId: p.lead.id,
          customerId: p.lead.customerId,
          principal: p.principal,
          term: p.lead.term,
          rate: p.rate,
          vatRate: config.vatRate,
          lateRate: config.lateRate,
          disbursedOn: p.disbursedOn,
          firstDueDate: p.schedule[0].dueDate,
          status: 'ACTIVE',
          outstanding: p.schedule.reduce((t, i) => t + owed(i), 0),
          createdAt: p.lead.at ?? now,
          updatedAt: p.lead.at ?? now,
        })),
      )
      .returning({ id: loans.id, leadId: loans.leadId });
    for (const row of rows) loanIds.set(row.leadId, row.id);
    await tx.insert(loanEvents).values(
      chunk.map((p) => ({
        country,
        loanId: loanIds.get(p.lead.id)!,
        type: 'created',
        body: `Préstamo de ${formatMoney(country, p.principal)} en ${p.lead.term} cuotas al ${p.rate}% nominal anual`,
        data: { principal: p.principal, term: p.lead.term, rate: p.rate },
        createdAt: p.lead.at ?? now,
      })),
    );
    const installmentRows = chunk.flatMap((p) =>
      p.schedule.map((i) => {
        const paid = p.onTime.some((x) => x.number === i.number);
        const part = p.partOf.get(i.number);
        const allocation = part ? allocatePayment(part, [{ id: 0, number: i.number, lateInterest: 0, interest: i.interest, vat: i.vat, principal: i.principal }]).allocations[0] : undefined;
        return {
          country,
          loanId: loanIds.get(p.lead.id)!,
          number: i.number,
          dueDate: i.dueDate,
          principal: i.principal,
          interest: i.interest,
          vat: i.vat,
          paidPrincipal: paid ? i.principal : (allocation?.principal ?? 0),
          paidInterest: paid ? i.interest : (allocation?.interest ?? 0),
          paidVat: paid ? i.vat : (allocation?.vat ?? 0),
          status: paid ? 'paid' : allocation ? 'partial' : 'pending',
          paidAt: paid ? new Date(Date.parse(`${p.onTime.find((x) => x.number === i.number)!.paidOn}T14:00:00Z`)) : null,
        };
      }),
    );
    const installmentIds = new Map<string, number>();
    for (let k = 0; k < installmentRows.length; k += BATCH) {
      const ids = await tx
        .insert(installments)
        .values(installmentRows.slice(k, k + BATCH))
        .returning({ id: installments.id, loanId: installments.loanId, number: installments.number });
      for (const row of ids) installmentIds.set(`${row.loanId}:${row.number}`, row.id);
    }
    // One payment per installment paid on time (the paid-off loans' last one covers every installment ahead).
    const paymentRows = chunk.flatMap((p) => {
      const loanId = loanIds.get(p.lead.id)!;
      const payments: { loanId: number; amount: number; paidOn: string; numbers: number[]; part?: boolean }[] = [];
      for (const x of p.onTime) {
        if (x.amount > 0) payments.push({ loanId, amount: x.amount, paidOn: x.paidOn, numbers: [x.number] });
        else payments[payments.length - 1].numbers.push(x.number);
      }
      for (const [number, amount] of p.partOf) payments.push({ loanId, amount, paidOn: today, numbers: [number], part: true });
      return payments.map((payment) => ({ ...payment, plan: p }));
    });
    for (let k = 0; k < paymentRows.length; k += BATCH) {
      const slice = paymentRows.slice(k, k + BATCH);
      const inserted = await tx
        .insert(payments)
        .values(
          slice.map((x) => {
            paymentCount++;
            return {
              country,
              loanId: x.loanId,
              amount: x.amount,
              paidOn: x.paidOn,
              channel: CHANNELS[paymentCount % CHANNELS.length],
              reference: `DEMO-${country.toUpperCase()}-${x.loanId}-${paymentCount}`,
              createdAt: new Date(Date.parse(`${x.paidOn}T14:00:00Z`)),
            };
          }),
        )
        .returning({ id: payments.id });
      const allocationRows = slice.flatMap((x, j) =>
        x.numbers.map((number) => {
          const i = x.plan.schedule[number - 1];
          const part = x.part ? allocatePayment(x.amount, [{ id: 0, number, lateInterest: 0, interest: i.interest, vat: i.vat, principal: i.principal }]).allocations[0] : undefined;
          return {
            paymentId: inserted[j].id,
            installmentId: installmentIds.get(`${x.loanId}:${number}`)!,
            interest: part?.interest ?? i.interest,
            vat: part?.vat ?? i.vat,
            principal: part?.principal ?? i.principal,
          };
        }),
      );
      await tx.insert(paymentAllocations).values(allocationRows);
      await tx.insert(loanEvents).values(
        slice.map((x, j) => ({
          country,
          loanId: x.loanId,
          type: 'payment',
          body: `Pago de ${formatMoney(country, x.amount)}`,
          data: { payment_id: inserted[j].id, amount: x.amount, paid_on: x.paidOn, credit: 0 },
          createdAt: new Date(Date.parse(`${x.paidOn}T14:00:00Z`)),
        })),
      );
    }
  }

  // The overdue loans: assignment to collectors, managements, promises (a kept one paid through applyPayment,
  // late interest and all).
  await markOverdue(tx, country, today);
  let overdueSeen = 0;
  for (const plan of plans) {
    if (!plan.overdue) continue;
    const loanId = loanIds.get(plan.lead.id)!;
    const schedule = plan.schedule;
    const firstUnpaid = plan.firstUnpaid;
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
    const sinceDue = daysFrom(oldest.dueDate, today);
    if (kind === 0 && sinceDue > 6) {
      // A promise kept: made and paid, the oldest installment's interest and part of its principal.
      const made = addDays(oldest.dueDate, 2);
      const dueOn = addDays(made, 3);
      const amount = Math.round(owed(oldest) / 2);
      await promise(made, dueOn, amount);
      paymentCount++;
      await applyPayment(
        tx,
        country,
        { loanId, amount, paidOn: dueOn, channel: 'cash_network', reference: `DEMO-${country.toUpperCase()}-${loanId}-${paymentCount}`, userId },
        now,
      );
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
