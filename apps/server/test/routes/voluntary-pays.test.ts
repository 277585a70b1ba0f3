import {
  ARG_STATUS_IDS as A,
  COL_STATUS_IDS as C,
  addDays,
  buildCbu,
  buildCuil,
  listResponseSchema,
  todayIn,
  voluntaryPayRowSchema,
  type Country,
} from '@backoffice/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, leadStatusHistory, leads, loanEvents, loans, payments, voluntaryPays } from '../../src/db/schema';
import { demoReceiptPng } from '../../src/db/seeds/voluntary-pays';
import { insertLoan } from '../../src/services/loans';
import { createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';
import { userIdByEmail } from '../helpers/leads-fixture';

/*
 * Voluntary payments through their routes: registration with a receipt checked by its bytes, the review
 * (accept applies the payment once, reject needs a reason, a second decision is refused), the receipt,
 * and who sees what in the queue.
 */

const png = demoReceiptPng(1).toString('base64');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');
const listOf = listResponseSchema(voluntaryPayRowSchema);

describe.each<Driver>(['pglite', 'postgres'])('voluntary payments on %s', (driver) => {
  let t: TestApp;
  let collectorId: number;
  let docSeq = 0;
  let refSeq = 0;
  const as = signedIn(() => t.app);

  const loanFor = async (country: Country, collector: number | null) => {
    const seq = String(++docSeq).padStart(5, '0');
    const docNumber = country === 'arg' ? `4${seq}04` : `11${seq}004`;
    const [customer] = await t.app.db
      .insert(customers)
      .values({
        country,
        docType: country === 'arg' ? 'DNI' : 'CC',
        docNumber,
        cuil: country === 'arg' ? buildCuil(docNumber, 'female') : null,
        firstName: 'Rosa',
        lastName: `Voluntaria${seq}`,
        birthDate: '1990-01-01',
        cellphone: country === 'arg' ? '1155554444' : '3101234567',
        email: `vol${seq}@example.com`,
        ...(country === 'arg'
          ? { bankAccount: buildCbu('2850590', '9400904181352') }
          : { bank: 'Davivienda', bankAccount: '055012345678', bankAccountType: 'Ahorros' }),
      })
      .returning();
    const statusId = country === 'arg' ? A.DISBURSED : C.TRANSFERRED;
    const [lead] = await t.app.db
      .insert(leads)
      .values({
        country,
        customerId: customer.id,
        requestedAmount: 3_000_000,
        term: 12,
        statusId,
        source: 'seller',
        offeredAmount: 2_400_000,
      })
      .returning();
    await t.app.db
      .insert(leadStatusHistory)
      .values({ country, leadId: lead.id, fromStatus: null, toStatus: statusId, reason: 'Dato de prueba' });
    const loanId = await t.app.db.transaction((tx) =>
      insertLoan(tx, country, {
        leadId: lead.id,
        customerId: lead.customerId,
        principal: 1_200_000,
        term: 6,
        rate: 60,
        disbursedOn: addDays(todayIn(country), -10),
      }),
    );
    await t.app.db.update(loans).set({ collectorId: collector }).where(eq(loans.id, loanId));
    return loanId;
  };

  const body = (loanId: number, extra: Record<string, unknown> = {}) => ({
    loan_id: loanId,
    amount: 50_000,
    paid_on: todayIn('arg'),
    reference: `TRX-${driver}-${++refSeq}`,
    receipt: png,
    ...extra,
  });
  const storedCount = async () => (await t.app.db.select({ n: count() }).from(voluntaryPays))[0].n;

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 });
    collectorId = await userIdByEmail(t.app, 'arg', 'collector@arg.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers with a PNG or PDF receipt and serves it inline with its type to the loan readers only', async () => {
    const loanId = await loanFor('arg', collectorId);
    const atc = await as('arg', 'atc@arg.example');
    const created = await atc.post('/api/arg/voluntary-pays', body(loanId));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    const receipt = await atc.get(`/api/arg/voluntary-pays/${id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('image/png');
    expect(receipt.headers['content-disposition']).toMatch(/^inline/);
    expect(receipt.rawPayload.equals(demoReceiptPng(1))).toBe(true);

    const asPdf = await atc.post('/api/arg/voluntary-pays', body(loanId, { receipt: pdf }));
    expect(asPdf.statusCode, asPdf.body).toBe(201);
    const pdfReceipt = await atc.get(`/api/arg/voluntary-pays/${(asPdf.json() as { id: number }).id}/receipt`);
    expect(pdfReceipt.headers['content-type']).toBe('application/pdf');

    // Another collector (not the loan's) reads neither the receipt nor registers on it.
    const otherLoan = await loanFor('arg', null);
    const collector = await as('arg', 'collector@arg.example');
    expect((await collector.post('/api/arg/voluntary-pays', body(otherLoan))).statusCode).toBe(403);
    const foreign = await atc.post('/api/arg/voluntary-pays', body(otherLoan));
    expect((await collector.get(`/api/arg/voluntary-pays/${(foreign.json() as { id: number }).id}/receipt`)).statusCode).toBe(403);
    expect((await collector.get(`/api/arg/voluntary-pays/${id}/receipt`)).statusCode).toBe(200);
  });

  it('refuses disguised, oversized or undecodable receipts with 400 naming the field, storing nothing', async () => {
    const loanId = await loanFor('arg', collectorId);
    const admin = await as('arg', 'admin@arg.example');
    const before = await storedCount();
    const disguised = [
      Buffer.from('MZ\x90\x00 not a pdf at all').toString('base64'),
      Buffer.from('GIF89a....').toString('base64'),
      Buffer.from('<html>%PDF-</html>').toString('base64'),
      'data:image/png;base64,' + Buffer.from('plain text').toString('base64'),
      'not base64!!',
    ];
    for (const receipt of disguised) {
      const res = await admin.post('/api/arg/voluntary-pays', body(loanId, { receipt }));
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain('receipt');
    }
    // Over 5 MB, with a real PNG signature.
    const big = Buffer.concat([demoReceiptPng(2), Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
    const oversized = await admin.post('/api/arg/voluntary-pays', body(loanId, { receipt: big }));
    expect(oversized.statusCode, oversized.body.slice(0, 300)).toBe(400);
    expect(JSON.stringify(oversized.json())).toContain('receipt');
    expect(await storedCount()).toBe(before);
  });

  it('accepts once under two concurrent reviewers: one payment applied, the other answered 409 naming the decision', async () => {
    const loanId = await loanFor('arg', collectorId);
    const outstanding = (await t.app.db.select().from(loans).where(eq(loans.id, loanId)))[0].outstanding;
    const admin = await as('arg', 'admin@arg.example');
    const supervisor = await as('arg', 'supervisor@arg.example');
    const { id } = (await admin.post('/api/arg/voluntary-pays', body(loanId))).json() as { id: number };
    const answers = await Promise.all([admin, supervisor].map((c) => c.post(`/api/arg/voluntary-pays/${id}/accept`, {})));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect((refused.json() as { message: string }).message).toMatch(/aceptado/);

    const applied = await t.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.loanId, loanId), eq(payments.channel, 'voluntary')));
    expect(applied).toHaveLength(1);
    expect(applied[0].amount).toBe(50_000);
    expect((await t.app.db.select().from(loans).where(eq(loans.id, loanId)))[0].outstanding).toBe(outstanding - 50_000);
    const [pay] = await t.app.db.select().from(voluntaryPays).where(eq(voluntaryPays.id, id));
    expect(pay).toMatchObject({ processed: 1, paymentId: applied[0].id });
    const events = await t.app.db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.loanId, loanId), eq(loanEvents.type, 'voluntary_pay_accepted')));
    expect(events).toHaveLength(1);

    // A later rejection is refused too, and changes nothing.
    const late = await admin.post(`/api/arg/voluntary-pays/${id}/reject`, { reason: 'tarde' });
    expect(late.statusCode).toBe(409);
    expect((await t.app.db.select().from(voluntaryPays).where(eq(voluntaryPays.id, id)))[0].processed).toBe(1);
  });

  it('rejects only with a reason, applying nothing', async () => {
    const loanId = await loanFor('arg', collectorId);
    const admin = await as('arg', 'admin@arg.example');
    const { id } = (await admin.post('/api/arg/voluntary-pays', body(loanId))).json() as { id: number };
    const bare = await admin.post(`/api/arg/voluntary-pays/${id}/reject`, { reason: '  ' });
    expect(bare.statusCode).toBe(400);
    expect(JSON.stringify(bare.json())).toContain('reason');
    expect((await t.app.db.select().from(voluntaryPays).where(eq(voluntaryPays.id, id)))[0].processed).toBe(0);
    const ok = await admin.post(`/api/arg/voluntary-pays/${id}/reject`, { reason: 'Comprobante ilegible' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.app.db.select().from(voluntaryPays).where(eq(voluntaryPays.id, id)))[0]).toMatchObject({
      processed: 2,
      rejectReason: 'Comprobante ilegible',
    });
    expect(await t.app.db.select().from(payments).where(eq(payments.loanId, loanId))).toHaveLength(0);
    expect(
      await t.app.db
        .select()
        .from(loanEvents)
        .where(and(eq(loanEvents.loanId, loanId), eq(loanEvents.type, 'voluntary_pay_rejected'))),
    ).toHaveLength(1);
  });

  it('the queue: a collector sees their loans only, filters apply, the other country sees none', async () => {
    const mine = await loanFor('arg', collectorId);
    const notMine = await loanFor('arg', null);
    const admin = await as('arg', 'admin@arg.example');
    await admin.post('/api/arg/voluntary-pays', body(mine));
    await admin.post('/api/arg/voluntary-pays', body(notMine));
    const collector = await as('arg', 'collector@arg.example');
    const seen = listOf.parse((await collector.get('/api/arg/voluntary-pays?pageSize=100')).json());
    const ownLoans = new Set(
      (await t.app.db.select({ id: loans.id }).from(loans).where(eq(loans.collectorId, collectorId))).map((l) => l.id),
    );
    expect(seen.rows.length).toBeGreaterThan(0);
    expect(seen.rows.every((r) => ownLoans.has(r.loan_id))).toBe(true);
    expect(seen.rows.some((r) => r.loan_id === notMine)).toBe(false);

    // Nor decides on another collector's loan.
    const notMinePay = (await t.app.db.select({ id: voluntaryPays.id }).from(voluntaryPays).where(eq(voluntaryPays.loanId, notMine)))[0].id;
    expect((await collector.post(`/api/arg/voluntary-pays/${notMinePay}/accept`, {})).statusCode).toBe(403);
    expect((await t.app.db.select().from(voluntaryPays).where(eq(voluntaryPays.id, notMinePay)))[0].processed).toBe(0);

    const all = listOf.parse((await admin.get('/api/arg/voluntary-pays?pageSize=100')).json());
    expect(all.rows.some((r) => r.loan_id === notMine)).toBe(true);
    const byLoan = listOf.parse((await admin.get(`/api/arg/voluntary-pays?loan_id=${notMine}&processed=0`)).json());
    expect(byLoan.rows.map((r) => r.loan_id)).toEqual([notMine]);
    expect((await admin.get('/api/arg/voluntary-pays?processed=7')).statusCode).toBe(400);

    const col = await as('col', 'admin@col.example');
    const colList = listOf.parse((await col.get('/api/col/voluntary-pays?pageSize=100')).json());
    expect(colList.rows).toHaveLength(0);
    const anyArg = all.rows[0].id;
    expect((await col.get(`/api/col/voluntary-pays/${anyArg}/receipt`)).statusCode).toBe(404);
    expect((await col.post(`/api/col/voluntary-pays/${anyArg}/accept`, {})).statusCode).toBe(404);
    expect((await col.post('/api/col/voluntary-pays', body(mine))).statusCode).toBe(404);

    const exported = await admin.get('/api/arg/voluntary-pays/export?format=csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Referencia');
  });

  it('the webservice registers with an Idempotency-Key once; a seller may not', async () => {
    const loanId = await loanFor('arg', collectorId);
    const ws = await as('arg', 'webservice@arg.example');
    const request = body(loanId);
    const first = await ws.request('POST', '/api/arg/voluntary-pays', request, { headers: { 'idempotency-key': `k-${driver}` } });
    expect(first.statusCode, first.body).toBe(201);
    const again = await ws.request('POST', '/api/arg/voluntary-pays', request, { headers: { 'idempotency-key': `k-${driver}` } });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.app.db.select().from(voluntaryPays).where(eq(voluntaryPays.loanId, loanId))).toHaveLength(1);
    // Two concurrent sends of one request with one key: one voluntary payment, both answered with it.
    const twice = body(loanId);
    const both = await Promise.all(
      [1, 2].map(() => ws.request('POST', '/api/arg/voluntary-pays', twice, { headers: { 'idempotency-key': `k2-${driver}` } })),
    );
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0].json()).toEqual(both[1].json());
    expect(await t.app.db.select().from(voluntaryPays).where(eq(voluntaryPays.loanId, loanId))).toHaveLength(2);
    const seller = await as('arg', 'seller@arg.example');
    expect((await seller.post(`/api/arg/voluntary-pays/1/accept`, {})).statusCode).toBe(403);
  });
});
