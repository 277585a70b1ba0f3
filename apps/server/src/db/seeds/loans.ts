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
import { and, asc, eq, param, sql } from 'drizzle-orm';
import { accrueLateInterest, breakPromises, markOverdue, refreshLoans } from '../../services/delinquency';
import { businessDayOf } from '../../services/loan-calendar';
import { applyPayment } from '../../services/loans';
import type { Tx } from '../client';
import { collectionPromises, installments, leads, loanEvents, loans, managements, paymentAllocations, payments, users } from '../schema';
import { cycled, itemAt } from '../rows';

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
const MIX: Scenario[] = [
  'current',
  '1-30',
  'current',
  '31-60',
  'partial',
  'current',
  '61-90',
  'paid',
  '90+',
  'current',
  '1-30',
  'partial',
  '31-60',
  '90+',
];
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
    .select({
      id: leads.id,
      customerId: leads.customerId,
      requested: leads.requestedAmount,
      offered: leads.offeredAmount,
      term: leads.term,
      rate: leads.rate,
      at: leads.statusChangedAt,
    })
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
    const schedule = frenchSchedule(
      { principal, term: lead.term, rate, vatRate: config.vatRate },
      dueDates(disbursedOn, lead.term, workingDay),
    );
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
    const next = schedule[firstUnpaid];
    if (scenario === 'partial' && next) {
      // Part of the next installment, paid ahead: the loan stays current.
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
          firstDueDate: itemAt(p.schedule, 0).dueDate,
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
        const allocation = part
          ? allocatePayment(part, [
              { id: 0, number: i.number, lateInterest: 0, interest: i.interest, vat: i.vat, principal: i.principal },
            ]).allocations.at(0)
          : undefined;
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
        // A zero amount: paid by the payment before it (onTime starts with a payment).
        const previous = payments.at(-1);
        if (x.amount > 0 || !previous) payments.push({ loanId, amount: x.amount, paidOn: x.paidOn, numbers: [x.number] });
        else previous.numbers.push(x.number);
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
              channel: cycled(CHANNELS, paymentCount),
              reference: `DEMO-${country.toUpperCase()}-${x.loanId}-${paymentCount}`,
              createdAt: new Date(Date.parse(`${x.paidOn}T14:00:00Z`)),
            };
          }),
        )
        .returning({ id: payments.id });
      const allocationRows = slice.flatMap((x, j) =>
        x.numbers.map((number) => {
          const i = itemAt(x.plan.schedule, number - 1);
          const part = x.part
            ? allocatePayment(x.amount, [{ id: 0, number, lateInterest: 0, interest: i.interest, vat: i.vat, principal: i.principal }])
                .allocations[0]
            : undefined;
          return {
            paymentId: itemAt(inserted, j).id,
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
          data: { payment_id: itemAt(inserted, j).id, amount: x.amount, paid_on: x.paidOn, credit: 0 },
          createdAt: new Date(Date.parse(`${x.paidOn}T14:00:00Z`)),
        })),
      );
    }
  }

  // The overdue loans: assignment to collectors, one management each, promises; written in batches, but a
  // kept promise's payment goes through applyPayment (late interest through its day, then the allocation).
  await markOverdue(tx, country, today);
  const assignments: { loanId: number; collectorId: number; at: Date }[] = [];
  const contacts: {
    loanId: number;
    userId: number | null;
    result: string;
    note: string;
    at: Date;
    promise?: { dueOn: string; amount: number; paid: boolean };
  }[] = [];
  let overdueSeen = 0;
  for (const plan of plans) {
    if (!plan.overdue) continue;
    const loanId = loanIds.get(plan.lead.id)!;
    const oldest = itemAt(plan.schedule, plan.firstUnpaid); // overdue: an installment is unpaid
    overdueSeen++;
    // Two in three overdue loans are the demo collector's; the rest are the other collectors' or nobody's yet.
    const collector = overdueSeen % 3 !== 0 ? demoCollector : overdueSeen % 2 === 0 ? (collectors[1] ?? null) : null;
    if (collector)
      assignments.push({ loanId, collectorId: collector.id, at: new Date(Date.parse(`${addDays(oldest.dueDate, 3)}T13:00:00Z`)) });
    const userId = collector?.id ?? null;
    const promise = (made: string, dueOn: string, amount: number, paid: boolean) =>
      contacts.push({
        loanId,
        userId,
        result: 'promise',
        note: `Promete pagar el ${dueOn.split('-').reverse().join('/')}`,
        at: new Date(Date.parse(`${made}T15:00:00Z`)),
        promise: { dueOn, amount, paid },
      });
    const kind = overdueSeen % 5;
    const sinceDue = daysFrom(oldest.dueDate, today);
    if (kind === 0 && sinceDue > 6) {
      // A promise kept: half the oldest installment, paid on the promised day.
      const made = addDays(oldest.dueDate, 2);
      promise(made, addDays(made, 3), Math.round(owed(oldest) / 2), true);
    } else if (kind === 1 && sinceDue > 4) {
      // A promise broken: its date passed without the payment.
      const made = addDays(today, -Math.min(sinceDue - 1, 10));
      promise(made, addDays(made, 2), owed(oldest), false);
    } else if (kind === 2) {
      // A promise pending: due in the next days.
      promise(addDays(today, -1), addDays(today, 1 + Math.floor(rand() * 5)), owed(oldest), false);
    } else {
      const result = cycled(OUTCOMES_WITHOUT_PROMISE, overdueSeen);
      contacts.push({ loanId, userId, result, note: 'Sin contacto efectivo', at: new Date(Date.parse(`${addDays(today, -1)}T16:30:00Z`)) });
    }
  }
  if (assignments.length > 0) {
    await tx.execute(sql`
      update loans l set collector_id = a.collector_id, assigned_at = a.at
        from unnest(${param(assignments.map((x) => x.loanId))}::int[], ${param(assignments.map((x) => x.collectorId))}::int[],
                    ${param(assignments.map((x) => x.at.toISOString()))}::timestamptz[]) as a(loan_id, collector_id, at)
       where l.id = a.loan_id`);
    await tx.insert(loanEvents).values(
      assignments.map((x) => ({
        country,
        loanId: x.loanId,
        type: 'assignment',
        body: 'Asignado a cobranza',
        data: { collector_id: x.collectorId },
        createdAt: x.at,
      })),
    );
  }
  if (contacts.length > 0) {
    // One management per loan here: the loan names its management.
    const made = await tx
      .insert(managements)
      .values(
        contacts.map((c) => ({
          country,
          userId: c.userId,
          loanId: c.loanId,
          channel: 'call',
          result: c.result,
          note: c.note,
          createdAt: c.at,
        })),
      )
      .returning({ id: managements.id, loanId: managements.loanId });
    const managementOf = new Map(made.map((m) => [m.loanId!, m.id]));
    await tx.insert(loanEvents).values(
      contacts.map((c) => ({
        country,
        loanId: c.loanId,
        type: 'management',
        userId: c.userId,
        body: c.note,
        data: { management_id: managementOf.get(c.loanId), result: c.result },
        createdAt: c.at,
      })),
    );
    const promised = contacts.filter((c) => c.promise);
    if (promised.length > 0) {
      await tx.insert(collectionPromises).values(
        promised.map((c) => ({
          country,
          loanId: c.loanId,
          userId: c.userId,
          managementId: managementOf.get(c.loanId),
          dueOn: c.promise!.dueOn,
          amount: c.promise!.amount,
          createdAt: c.at,
        })),
      );
      await tx.insert(loanEvents).values(
        promised.map((c) => ({
          country,
          loanId: c.loanId,
          type: 'promise',
          userId: c.userId,
          data: { due_on: c.promise!.dueOn, amount: c.promise!.amount },
          createdAt: c.at,
        })),
      );
    }
    for (const c of promised.filter((x) => x.promise!.paid)) {
      paymentCount++;
      await applyPayment(
        tx,
        country,
        {
          loanId: c.loanId,
          amount: c.promise!.amount,
          paidOn: c.promise!.dueOn,
          channel: 'cash_network',
          reference: `DEMO-${country.toUpperCase()}-${c.loanId}-${paymentCount}`,
          userId: c.userId,
        },
        now,
      );
    }
    await tx.execute(sql`
      update loans l set promise_due_on = p.due_on
        from (select loan_id, min(due_on) as due_on from collection_promises where country = ${country} and status = 'pending' group by loan_id) p
       where l.id = p.loan_id`);
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
