import { COUNTRIES, DISBURSED_STATUS, todayIn } from '@backoffice/shared';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionPromises, leads, loans } from '../../src/db/schema';
import { runDelinquency } from '../../src/services/delinquency';
import { createTestApp, type TestApp } from '../helpers/app';
import { userIdByEmail } from '../helpers/leads-fixture';

/*
 * The demo loan book: every seeded disbursed application has its loan, the mix has every bucket and paid
 * loans, promises of each outcome, the demo collector has a queue, and the daily run finds nothing to change.
 */
describe('seeded loans (the browser tests’ 300 applications)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seedLeads: 300 });
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it('gives every disbursed application a loan in a realistic mix, consistent with the delinquency run', async () => {
    for (const country of COUNTRIES) {
      const [{ n: disbursed }] = await t.app.db
        .select({ n: count() })
        .from(leads)
        .where(and(eq(leads.country, country), eq(leads.statusId, DISBURSED_STATUS[country])));
      const book = await t.app.db.select().from(loans).where(eq(loans.country, country));
      expect(book.length).toBe(disbursed);
      expect(book.length).toBeGreaterThanOrEqual(20);
      // The loans seed's mix, and the loans the legal seed's certified regrets annulled (one at most).
      const statuses = new Set(book.map((l) => l.status));
      statuses.delete('ANNULED');
      expect(statuses).toEqual(new Set(['ACTIVE', 'OVERDUE', 'PAID']));
      expect(book.filter((l) => l.status === 'ANNULED').length).toBeLessThanOrEqual(1);
      expect(new Set(book.map((l) => l.bucket)).size).toBeGreaterThanOrEqual(3);
      const collector = await userIdByEmail(t.app, country, `collector@${country}.example`);
      expect(book.filter((l) => l.collectorId === collector && l.inCollections).length).toBeGreaterThanOrEqual(5);
      const promises = await t.app.db
        .select({ status: collectionPromises.status })
        .from(collectionPromises)
        .where(eq(collectionPromises.country, country));
      expect(new Set(promises.map((p) => p.status))).toEqual(new Set(['kept', 'broken', 'pending']));
      const pending = await t.app.db
        .select({ n: count() })
        .from(loans)
        .where(and(eq(loans.country, country), isNotNull(loans.promiseDueOn)));
      expect(pending[0].n).toBeGreaterThan(0);

      // Today's run has nothing left to do: the seed left the book where the run would.
      const run = await runDelinquency(t.app.db, country, todayIn(country));
      expect(run).toMatchObject({ ran: true, loans: 0, overdueInstallments: 0, brokenPromises: 0 });
    }
  });
});
