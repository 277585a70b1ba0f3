import {
  ARG_STATUS_IDS as A,
  COL_STATUS_IDS as C,
  addDays,
  buildCbu,
  buildCuil,
  effectiveAnnualRate,
  LOAN_CONFIG,
  lateInterestFor,
  leadLoanResponseSchema,
  loanDetailSchema,
  paymentResponseSchema,
  todayIn,
  type Country,
} from '@backoffice/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionPromises, customers, installments, leadStatusHistory, leads, loanEvents, loans, payments } from '../../src/db/schema';
import { runDelinquency } from '../../src/services/delinquency';
import { createLoanForLead, insertLoan } from '../../src/services/loans';
import { createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';
import { userIdByEmail } from '../helpers/leads-fixture';

/*
 * The money side through its routes and services: a loan created once when an application is disbursed,
 * payments (idempotent by channel and reference, allocation, credit, PAID), reversal, the daily delinquency
 * run (idempotent per day), promises kept and broken, who may read and pay.
 */

describe.each<Driver>(['pglite', 'postgres'])('loans on %s', (driver) => {
  let t: TestApp;
  let sellerId: number;
  let collectorId: number;
  let docSeq = 0;
  const as = signedIn(() => t.app);

  const insertLead = async (
    country: Country,
    statusId: number,
    options: { rate?: number | null; offered?: number | null; seller?: number | null } = {},
  ) => {
    const seq = String(++docSeq).padStart(5, '0');
    const docNumber = country === 'arg' ? `3${seq}04` : `10${seq}004`;
    const [customer] = await t.app.db
      .insert(customers)
      .values({
        country,
        docType: country === 'arg' ? 'DNI' : 'CC',
        docNumber,
        cuil: country === 'arg' ? buildCuil(docNumber, 'female') : null,
        firstName: 'Inés',
        lastName: 'Núñez',
        birthDate: '1990-01-01',
        cellphone: country === 'arg' ? '1155554444' : '3101234567',
        email: `loan${seq}@example.com`,
        ...(country === 'arg'
          ? { bankAccount: buildCbu('2850590', '9400904181352') }
          : { bank: 'Davivienda', bankAccount: '055012345678', bankAccountType: 'Ahorros' }),
      })
      .returning();
    const [lead] = await t.app.db
      .insert(leads)
      .values({
        country,
        customerId: customer.id,
        requestedAmount: 3_000_000,
        term: 12,
        statusId,
        source: 'seller',
        sellerId: options.seller === undefined ? (country === 'arg' ? sellerId : null) : options.seller,
        offeredAmount: options.offered === undefined ? 2_400_000 : options.offered,
        rate: options.rate === undefined ? null : options.rate,
      })
      .returning();
    await t.app.db
      .insert(leadStatusHistory)
      .values({ country, leadId: lead.id, fromStatus: null, toStatus: statusId, reason: 'Dato de prueba' });
    return lead;
  };

  /** A loan disbursed `daysAgo` days ago, straight through the service (the workflow's path is tested apart). */
  const pastLoan = async (country: Country, daysAgo: number, extra: { collector?: number | null } = {}) => {
    const lead = await insertLead(country, country === 'arg' ? A.DISBURSED : C.TRANSFERRED);
    const loanId = await t.app.db.transaction((tx) =>
      insertLoan(tx, country, {
        leadId: lead.id,
        customerId: lead.customerId,
        principal: 1_200_000,
        term: 6,
        rate: 60,
        disbursedOn: addDays(todayIn(country), -daysAgo),
      }),
    );
    if (extra.collector !== undefined) await t.app.db.update(loans).set({ collectorId: extra.collector }).where(eq(loans.id, loanId));
    return { loanId, lead };
  };

  const loanRow = async (id: number) => (await t.app.db.select().from(loans).where(eq(loans.id, id)))[0];
  const scheduleOf = (id: number) =>
    t.app.db.select().from(installments).where(eq(installments.loanId, id)).orderBy(asc(installments.number));
  const owed = (i: { principal: number; interest: number; vat: number }) => i.principal + i.interest + i.vat;

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 });
    sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    collectorId = await userIdByEmail(t.app, 'arg', 'collector@arg.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the loan in the transaction that disburses the application, once, from the offer and the default rate', async () => {
    const operator = await as('arg', 'operator@arg.example');
    const lead = await insertLead('arg', A.TRANSFERED, { rate: null });
    const moved = await operator.post(`/api/arg/leads/${lead.id}/transitions`, { to_status: A.DISBURSED, version: lead.version });
    expect(moved.statusCode, moved.body).toBe(200);
    const [loan] = await t.app.db.select().from(loans).where(eq(loans.leadId, lead.id));
    expect(loan).toMatchObject({
      principal: 2_400_000,
      term: 12,
      rate: LOAN_CONFIG.arg.defaultRate,
      vatRate: 21,
      status: 'ACTIVE',
      disbursedOn: todayIn('arg'),
    });
    const rows = await scheduleOf(loan.id);
    expect(rows).toHaveLength(12);
    expect(rows.reduce((s, r) => s + r.principal, 0)).toBe(2_400_000);
    expect(loan.outstanding).toBe(rows.reduce((s, r) => s + owed(r), 0));
    // Never on a weekend.
    for (const r of rows) expect([0, 6]).not.toContain(new Date(`${r.dueDate}T00:00:00Z`).getUTCDay());

    // A repeat (a retried stage, a second call) creates nothing more, concurrent ones neither.
    await Promise.all([1, 2, 3].map(() => t.app.db.transaction((tx) => createLoanForLead(tx, 'arg', lead.id))));
    expect((await t.app.db.select({ n: count() }).from(loans).where(eq(loans.leadId, lead.id)))[0].n).toBe(1);
    expect((await t.app.db.select({ n: count() }).from(installments).where(eq(installments.loanId, loan.id)))[0].n).toBe(12);

    // The seller sees their sale's loan from the lead.
    const seller = await as('arg', 'seller@arg.example');
    const mine = leadLoanResponseSchema.parse((await seller.get(`/api/arg/leads/${lead.id}/loan`)).json());
    expect(mine.loan).toMatchObject({ loan: { id: loan.id, lead_id: lead.id }, can_pay: false, can_reverse: false });
    expect(mine.loan!.installments).toHaveLength(12);
  });

  it('concurrent disbursements of the same application make one loan', async () => {
    const lead = await insertLead('arg', A.TRANSFERED, { rate: 75 });
    const [admin, supervisor] = [await as('arg', 'admin@arg.example'), await as('arg', 'supervisor@arg.example')];
    const answers = await Promise.all(
      [admin, supervisor].map((c) => c.post(`/api/arg/leads/${lead.id}/transitions`, { to_status: A.DISBURSED, version: lead.version })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const made = await t.app.db.select().from(loans).where(eq(loans.leadId, lead.id));
    expect(made).toHaveLength(1);
    expect(made[0].rate).toBe(75);
  });

  it('col: refuses to disburse above the usury rate in force, writing nothing; below it the loan has no VAT', async () => {
    const operator = await as('col', 'operator@col.example');
    const usurious = await insertLead('col', C.TRANSFER_MANUAL, { rate: 40 });
    const refused = await operator.post(`/api/col/leads/${usurious.id}/transitions`, {
      to_status: C.TRANSFERRED,
      version: usurious.version,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`supera la tasa de usura vigente`);
    expect(refused.json().message).toContain(effectiveAnnualRate(40).toFixed(2).replace('.', ','));
    expect((await t.app.db.select().from(leads).where(eq(leads.id, usurious.id)))[0].statusId).toBe(C.TRANSFER_MANUAL);
    expect(await t.app.db.select().from(loans).where(eq(loans.leadId, usurious.id))).toHaveLength(0);

    const lawful = await insertLead('col', C.TRANSFER_MANUAL, { rate: 24 });
    const moved = await operator.post(`/api/col/leads/${lawful.id}/transitions`, { to_status: C.TRANSFERRED, version: lawful.version });
    expect(moved.statusCode, moved.body).toBe(200);
    const [loan] = await t.app.db.select().from(loans).where(eq(loans.leadId, lawful.id));
    expect((await scheduleOf(loan.id)).every((r) => r.vat === 0)).toBe(true);
  });

  it('applies a payment oldest installment first, once per channel and reference; overpayment is credit; paid off is PAID', async () => {
    const { loanId } = await pastLoan('arg', 40);
    const admin = await as('arg', 'admin@arg.example');
    const [first, second] = await scheduleOf(loanId);
    const body = { amount: owed(first) + 1000, paid_on: todayIn('arg'), channel: 'transfer', reference: `T-${loanId}-1` };
    const paid = await admin.post(`/api/arg/loans/${loanId}/payments`, body);
    expect(paid.statusCode, paid.body).toBe(200);
    const answer = paymentResponseSchema.parse(paid.json());
    expect(answer.applied).toBe(true);
    // The first installment was overdue: its late interest (accrued through today) is paid first.
    const rowsAfter = await scheduleOf(loanId);
    const late = rowsAfter[0].lateInterest;
    expect(late).toBeGreaterThan(0);
    expect(rowsAfter[0]).toMatchObject({ status: 'overdue', paidLateInterest: late, paidInterest: first.interest, paidVat: first.vat });
    expect(rowsAfter[0].paidPrincipal).toBe(first.principal - late + 1000);
    expect(rowsAfter[1].paidPrincipal).toBe(0);
    expect(answer.loan.payments[0].allocations).toEqual([
      { installment_number: 1, late_interest: late, interest: first.interest, vat: first.vat, principal: first.principal - late + 1000 },
    ]);

    // The same payment again (an import run twice): the first answers, nothing more is applied.
    const again = paymentResponseSchema.parse((await admin.post(`/api/arg/loans/${loanId}/payments`, body)).json());
    expect(again).toMatchObject({ payment_id: answer.payment_id, applied: false });
    expect(await scheduleOf(loanId)).toEqual(rowsAfter);
    expect((await t.app.db.select({ n: count() }).from(payments).where(eq(payments.loanId, loanId)))[0].n).toBe(1);

    // Everything owed and 500 more: PAID, 500 of credit.
    const rest = (await loanRow(loanId)).outstanding;
    const settled = paymentResponseSchema.parse(
      (await admin.post(`/api/arg/loans/${loanId}/payments`, { ...body, amount: rest + 500, reference: `T-${loanId}-2` })).json(),
    );
    expect(settled.loan.loan).toMatchObject({
      status: 'PAID',
      outstanding: 0,
      credit_balance: 500,
      days_past_due: 0,
      in_collections: false,
    });
    expect(settled.loan.installments.every((i) => i.status === 'paid')).toBe(true);
    expect(second.status).toBe('pending');

    // A bad body names the field and writes nothing.
    const bad = await admin.post(`/api/arg/loans/${loanId}/payments`, { ...body, amount: -1, reference: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toContain('amount');
  });

  it('an admin reverses a payment with a reason: what it paid is owed again; others may not', async () => {
    const { loanId } = await pastLoan('arg', 10);
    const admin = await as('arg', 'admin@arg.example');
    const before = await scheduleOf(loanId);
    const whole = before.reduce((s, r) => s + owed(r), 0);
    const paid = paymentResponseSchema.parse(
      (
        await admin.post(`/api/arg/loans/${loanId}/payments`, {
          amount: whole,
          paid_on: todayIn('arg'),
          channel: 'cash_network',
          reference: `R-${loanId}`,
        })
      ).json(),
    );
    expect(paid.loan.loan.status).toBe('PAID');
    const supervisor = await as('arg', 'supervisor@arg.example');
    const refused = await supervisor.post(`/api/arg/loans/${loanId}/payments/${paid.payment_id}/reversal`, { reason: 'Error' });
    expect(refused.statusCode).toBe(403);
    const missingReason = await admin.post(`/api/arg/loans/${loanId}/payments/${paid.payment_id}/reversal`, { reason: '  ' });
    expect(missingReason.statusCode).toBe(400);

    const reversed = await admin.post(`/api/arg/loans/${loanId}/payments/${paid.payment_id}/reversal`, { reason: 'Cheque rechazado' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const detail = loanDetailSchema.parse(reversed.json());
    expect(detail.loan).toMatchObject({ status: 'ACTIVE', outstanding: whole, credit_balance: 0 });
    expect(detail.installments.map((i) => i.status)).toEqual(before.map(() => 'pending'));
    expect(detail.payments[0]).toMatchObject({ reversal_reason: 'Cheque rechazado', reversed_by: expect.any(String) });
    expect(detail.timeline.map((e) => e.type)).toEqual(expect.arrayContaining(['payment', 'payment_reversed', 'created']));
    const twice = await admin.post(`/api/arg/loans/${loanId}/payments/${paid.payment_id}/reversal`, { reason: 'Otra vez' });
    expect(twice.statusCode).toBe(409);
  });

  it('the delinquency run marks overdue, accrues late interest once per day, sets days past due, bucket and status', async () => {
    // Disbursed 75 days ago: the first two installments are past due.
    const { loanId } = await pastLoan('col', 75);
    const asOf = todayIn('col');
    const first = await runDelinquency(t.app.db, 'col', asOf);
    expect(first.ran).toBe(true);
    const rows = await scheduleOf(loanId);
    const due = rows.filter((r) => r.dueDate < asOf);
    expect(due.length).toBeGreaterThanOrEqual(2);
    expect(due.every((r) => r.status === 'overdue' && r.lateInterestThrough === asOf)).toBe(true);
    expect(rows.filter((r) => r.dueDate >= asOf).every((r) => r.status === 'pending' && r.lateInterest === 0)).toBe(true);
    for (const r of due) expect(r.lateInterest).toBe(lateInterestFor(r.principal + r.interest, 28.75, r.dueDate, asOf));
    const dpd = Math.round((Date.parse(asOf) - Date.parse(due[0].dueDate)) / 86_400_000);
    const loan = await loanRow(loanId);
    expect(loan).toMatchObject({ status: 'OVERDUE', daysPastDue: dpd, bucket: dpd > 30 ? '31-60' : '1-30', inCollections: true });
    expect(loan.overdueAmount).toBe(due.reduce((s, r) => s + owed(r) + r.lateInterest, 0));

    // The same day again: nothing.
    expect((await runDelinquency(t.app.db, 'col', asOf)).ran).toBe(false);
    expect(await scheduleOf(loanId)).toEqual(rows);
    // The next day adds one day of late interest.
    const tomorrow = addDays(asOf, 1);
    expect((await runDelinquency(t.app.db, 'col', tomorrow)).ran).toBe(true);
    const next = await scheduleOf(loanId);
    expect(next[0].lateInterest - rows[0].lateInterest).toBe(lateInterestFor(rows[0].principal + rows[0].interest, 28.75, asOf, tomorrow));
    expect((await loanRow(loanId)).daysPastDue).toBe(dpd + 1);
    const statusEvents = await t.app.db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.loanId, loanId), eq(loanEvents.type, 'status')));
    expect(statusEvents).toHaveLength(1);
  });

  it('a promise is kept by a payment covering it by its date, and broken the day after its date', async () => {
    const { loanId: keptLoan } = await pastLoan('arg', 50, { collector: collectorId });
    const { loanId: brokenLoan } = await pastLoan('arg', 50, { collector: collectorId });
    const today = todayIn('arg');
    const [kept] = await t.app.db
      .insert(collectionPromises)
      .values({ country: 'arg', loanId: keptLoan, userId: collectorId, dueOn: addDays(today, 2), amount: 50_000 })
      .returning();
    const [broken] = await t.app.db
      .insert(collectionPromises)
      .values({ country: 'arg', loanId: brokenLoan, userId: collectorId, dueOn: today, amount: 50_000 })
      .returning();
    const collector = await as('arg', 'collector@arg.example');
    const small = await collector.post(`/api/arg/loans/${keptLoan}/payments`, {
      amount: 20_000,
      paid_on: today,
      channel: 'transfer',
      reference: `P-${keptLoan}-1`,
    });
    expect(small.statusCode, small.body).toBe(200);
    const statusOf = async (id: number) =>
      (await t.app.db.select().from(collectionPromises).where(eq(collectionPromises.id, id)))[0].status;
    expect(await statusOf(kept.id)).toBe('pending');
    await collector.post(`/api/arg/loans/${keptLoan}/payments`, {
      amount: 30_000,
      paid_on: today,
      channel: 'transfer',
      reference: `P-${keptLoan}-2`,
    });
    expect(await statusOf(kept.id)).toBe('kept');

    // Its date is today: still pending today, broken tomorrow.
    await runDelinquency(t.app.db, 'arg', today);
    expect(await statusOf(broken.id)).toBe('pending');
    await runDelinquency(t.app.db, 'arg', addDays(today, 1));
    expect(await statusOf(broken.id)).toBe('broken');
    const events = await t.app.db.select().from(loanEvents).where(eq(loanEvents.loanId, brokenLoan));
    expect(events.map((e) => e.type)).toContain('promise_broken');
  });

  it('a collector reads and pays only the loans assigned to them; sellers only their sales’; no country sees the other’s', async () => {
    const { loanId: theirs } = await pastLoan('arg', 5, { collector: collectorId });
    const { loanId: notTheirs, lead } = await pastLoan('arg', 5, { collector: null });
    const collector = await as('arg', 'collector@arg.example');
    const ok = loanDetailSchema.parse((await collector.get(`/api/arg/loans/${theirs}`)).json());
    expect(ok).toMatchObject({ can_pay: true, can_reverse: false });
    expect((await collector.get(`/api/arg/loans/${notTheirs}`)).statusCode).toBe(403);
    expect((await collector.get(`/api/arg/leads/${lead.id}/loan`)).statusCode).toBe(403);
    const pay = await collector.post(`/api/arg/loans/${notTheirs}/payments`, {
      amount: 100,
      paid_on: todayIn('arg'),
      channel: 'transfer',
      reference: `C-${notTheirs}`,
    });
    expect(pay.statusCode).toBe(403);
    expect(await t.app.db.select().from(payments).where(eq(payments.loanId, notTheirs))).toHaveLength(0);

    // ATC reads and pays every loan; an operator reads, cannot pay.
    const atc = await as('arg', 'atc@arg.example');
    expect(loanDetailSchema.parse((await atc.get(`/api/arg/loans/${notTheirs}`)).json()).can_pay).toBe(true);
    const operator = await as('arg', 'operator@arg.example');
    expect(
      (
        await operator.post(`/api/arg/loans/${notTheirs}/payments`, {
          amount: 100,
          paid_on: todayIn('arg'),
          channel: 'transfer',
          reference: `O-${notTheirs}`,
        })
      ).statusCode,
    ).toBe(403);

    // Another seller's sale.
    const other = await insertLead('arg', A.DISBURSED, { seller: null });
    const otherLoan = await t.app.db.transaction((tx) => createLoanForLead(tx, 'arg', other.id));
    const seller = await as('arg', 'seller@arg.example');
    expect((await seller.get(`/api/arg/loans/${otherLoan}`)).statusCode).toBe(403);

    // The other country: its admin does not find an arg loan, an arg user is refused on col's API.
    const colAdmin = await as('col', 'admin@col.example');
    expect((await colAdmin.get(`/api/col/loans/${theirs}`)).statusCode).toBe(404);
    expect((await colAdmin.get(`/api/col/leads/${lead.id}/loan`)).json()).toEqual({ loan: null });
    expect((await collector.get(`/api/col/loans/${theirs}`)).statusCode).toBe(403);
  });
});
