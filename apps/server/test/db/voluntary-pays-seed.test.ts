import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loans, payments, users, voluntaryPays } from '../../src/db/schema';
import { receiptTypeOf } from '../../src/services/voluntary-pays';
import { createTestApp, type TestApp } from '../helpers/app';

/** The demo voluntary payments: every review state, real receipts, most on the demo collector's loans. */
describe('voluntary payments seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seedLeads: 200 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds pending, accepted (applied as a voluntary payment) and rejected ones with PNG receipts', async () => {
    const rows = await t.app.db
      .select({ pay: voluntaryPays, collector: loans.collectorId })
      .from(voluntaryPays)
      .innerJoin(loans, eq(loans.id, voluntaryPays.loanId))
      .where(eq(voluntaryPays.country, 'arg'));
    expect(new Set(rows.map((r) => r.pay.processed))).toEqual(new Set([0, 1, 2]));
    for (const { pay } of rows) expect(receiptTypeOf(pay.receipt)).toBe('image/png');
    for (const { pay } of rows.filter((r) => r.pay.processed === 1)) {
      const [payment] = await t.app.db
        .select()
        .from(payments)
        .where(and(eq(payments.id, pay.paymentId!), eq(payments.channel, 'voluntary')));
      expect(payment.amount).toBe(pay.amount);
    }
    for (const { pay } of rows.filter((r) => r.pay.processed === 2)) expect(pay.rejectReason).toBeTruthy();
    const [demo] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, 'collector@arg.example'));
    expect(rows.filter((r) => r.collector === demo.id).length * 2).toBeGreaterThan(rows.length);
  });
});
