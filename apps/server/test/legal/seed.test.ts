import { addDays, regretStatusId, todayIn } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtFreeCertificates, debtFreeRequests, loans, regrets } from '../../src/db/schema';
import { seedLegal } from '../../src/db/seeds/legal';
import { createTestApp, signedIn, type TestApp } from '../helpers/app';
import { freeLead, insertLoan } from './fixtures';

describe('the legal demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seedLeads: 40 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves loans within their regret period to file one on, in each country, whatever day it runs', async () => {
    const as = signedIn(() => t.app);
    for (const country of ['arg', 'col'] as const) {
      const res = await (await as(country, `admin@${country}.example`)).get(`/api/${country}/regrets/candidates`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<unknown[]>().length, country).toBeGreaterThan(0);
    }
  });

  it('builds requests in each state and regrets at several steps on the loans there are', async () => {
    // Only what this run adds is looked at: the app's own seed (with its loan book) made some already.
    await t.app.db.delete(debtFreeRequests);
    await t.app.db.delete(regrets);

    const today = todayIn('arg');
    for (let i = 0; i < 8; i++) {
      const lead = await freeLead(t.app, 'arg');
      await insertLoan(t.app, 'arg', lead, { status: 'PAID', outstanding: 0, paidAt: new Date(Date.now() - i * 86_400_000) });
    }
    for (let i = 0; i < 14; i++) await insertLoan(t.app, 'arg', await freeLead(t.app, 'arg'), { disbursedOn: addDays(today, -(i % 5)) });
    for (let i = 0; i < 4; i++) await insertLoan(t.app, 'arg', await freeLead(t.app, 'arg'), { disbursedOn: addDays(today, -60 - i) });

    const made = await seedLegal(t.app.db, { countries: ['arg'] });
    expect(made.debtFrees).toBeGreaterThan(0);
    const requests = await t.app.db.select().from(debtFreeRequests);
    expect(new Set(requests.map((r) => r.processed))).toEqual(new Set([0, 1, 2]));
    const certificates = await t.app.db.select().from(debtFreeCertificates);
    expect(certificates.length).toBe(requests.filter((r) => r.processed === 1).length);
    expect(certificates.every((c) => c.pdf.subarray(0, 5).toString() === '%PDF-')).toBe(true);

    const seeded = await t.app.db.select().from(regrets);
    const statuses = new Set(seeded.map((r) => r.status));
    for (const name of ['pending', 'approved', 'order generated', 'transfer failed', 'pending balance', 'transferred', 'certified']) {
      expect(statuses, name).toContain(regretStatusId('arg', name));
    }
    expect(seeded.some((r) => r.deadline < today)).toBe(true);
    expect(seeded.some((r) => r.deadline >= today)).toBe(true);
    const certified = seeded.find((r) => r.status === regretStatusId('arg', 'certified'))!;
    const [annulled] = await t.app.db.select().from(loans).where(eq(loans.id, certified.loanId));
    expect(annulled).toMatchObject({ status: 'ANNULED', inCollections: false });
  });
});
