import {
  AUDIT_QUEUE_STATUSES,
  CONVERTED_STATUSES,
  DISBURSED_STATUS,
  addDays,
  dashboardResponseSchema,
  funnelStepsOf,
  todayIn,
  type DashboardResponse,
} from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadStatusHistory, leads, stageRuns } from '../../src/db/schema';
import { TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';
import { FIXTURE_BASE, insertKnownLeads, userIdByEmail, userIds, type KnownLead } from '../helpers/leads-fixture';

/*
 * The dashboard's numbers against a known set of arg leads and status history rows inserted here (plus col
 * rows that must never count). Every expectation is computed in memory from those rows.
 */

const N_ARG = 48;
const HOUR = 3_600_000;
const RANGE = { from: '2026-03-01', to: '2026-03-09' };

/** Calendar day of a timestamp in Buenos Aires (UTC-3, no DST). */
const argDay = (date: Date) => new Date(date.getTime() - 3 * HOUR).toISOString().slice(0, 10);

interface HistoryRow {
  leadId: number;
  country: 'arg' | 'col';
  toStatus: number;
  createdAt: Date;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

describe.each<Driver>(['pglite', 'postgres'])('dashboard on %s', (driver) => {
  let t: TestApp;
  let known: KnownLead[];
  const history: HistoryRow[] = [];
  let admin: TestClient;
  let seller: TestClient;
  let auditor: TestClient;
  let sellerId: number;

  const dashboard = async (client: TestClient, query = `from=${RANGE.from}&to=${RANGE.to}`): Promise<DashboardResponse> => {
    const res = await client.get(`/api/arg/dashboard?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return dashboardResponseSchema.parse(res.json());
  };

  const addHistory = async (row: HistoryRow, fromStatus = 1) => {
    await t.app.db.insert(leadStatusHistory).values({ ...row, fromStatus, userId: null, reason: 'Prueba del tablero' });
    history.push(row);
  };

  /** A status change as the workflow writes it: the history row goes from the lead's previous status. */
  const setStatus = async (lead: KnownLead, statusId: number, at: Date) => {
    const from = lead.statusId;
    await t.app.db.update(leads).set({ statusId }).where(eq(leads.id, lead.id));
    lead.statusId = statusId;
    await addHistory({ leadId: lead.id, country: 'arg', toStatus: statusId, createdAt: at }, from);
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0, dashboardCacheSeconds: 0 });
    sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    const sellers = await userIds(t.app, 'arg', ['2', '6']);
    known = await insertKnownLeads(t.app, 'arg', N_ARG, sellers);
    // insertKnownLeads writes one history row per lead, into its status, at its creation.
    for (const lead of known) history.push({ leadId: lead.id, country: 'arg', toStatus: lead.statusId, createdAt: lead.createdAt });
    const col = await insertKnownLeads(t.app, 'col', 6, await userIds(t.app, 'col', ['seller']));

    // Disbursements: some leads go through ACCEPTED and on to DISBURSED a day later; one disbursement
    // falls after the range, and a col one must never count.
    for (const [i, lead] of known.entries()) {
      if (i % 5 === 1)
        await addHistory({ leadId: lead.id, country: 'arg', toStatus: 15, createdAt: new Date(lead.createdAt.getTime() + HOUR) });
      if (i % 10 === 1) await setStatus(lead, DISBURSED_STATUS.arg, new Date(lead.createdAt.getTime() + 26 * HOUR));
    }
    await setStatus(known[2], DISBURSED_STATUS.arg, new Date('2026-03-20T15:00:00Z'));
    // One disbursed lead had an offer below what it asked: its disbursement paid the offer.
    const offer = known[11];
    await t.app.db
      .update(leads)
      .set({ offeredAmount: offer.requestedAmount - 10_000 })
      .where(eq(leads.id, offer.id));
    offered.set(offer.id, offer.requestedAmount - 10_000);
    await t.app.db.insert(leadStatusHistory).values({
      country: 'col',
      leadId: col[0].id,
      fromStatus: 1,
      toStatus: DISBURSED_STATUS.col,
      createdAt: new Date(FIXTURE_BASE.getTime() + 30 * HOUR),
    });

    // The audit queue: a retry, and a lead that re-entered AUDIT_PENDING (its latest entry is what counts).
    await setStatus(known[4], AUDIT_QUEUE_STATUSES.arg[1], new Date(Date.now() - 5 * HOUR));
    const reentered = known.find((lead) => lead.statusId === AUDIT_QUEUE_STATUSES.arg[0])!;
    await addHistory({ leadId: reentered.id, country: 'arg', toStatus: 33, createdAt: new Date(Date.now() - 40 * HOUR) });
    await addHistory({
      leadId: reentered.id,
      country: 'arg',
      toStatus: AUDIT_QUEUE_STATUSES.arg[0],
      createdAt: new Date(Date.now() - 30 * HOUR),
    });

    admin = new TestClient(t.app);
    seller = new TestClient(t.app);
    auditor = new TestClient(t.app);
    expect((await admin.login('arg', 'admin@arg.example')).statusCode).toBe(200);
    expect((await seller.login('arg', 'seller@arg.example')).statusCode).toBe(200);
    expect((await auditor.login('arg', 'auditor@arg.example')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const inRange = (date: Date) => argDay(date) >= RANGE.from && argDay(date) <= RANGE.to;
  const ownBy = (id: number | undefined) => (lead: KnownLead) => id === undefined || lead.sellerId === id;

  const expectedFunnel = (own?: number) =>
    funnelStepsOf('arg').map((step) => ({
      label: step.label,
      count: known.filter(ownBy(own)).filter((lead) => lead.statusId === step.id).length,
    }));

  const expectedDaily = (own?: number) => {
    const leadsOf = new Set(known.filter(ownBy(own)).map((lead) => lead.id));
    return Array.from({ length: 9 }, (_, i) => {
      const date = addDays(RANGE.from, i);
      return {
        date,
        created: known.filter(ownBy(own)).filter((lead) => argDay(lead.createdAt) === date).length,
        disbursed: disbursedOn(date).length,
        requested_amount: known
          .filter(ownBy(own))
          .filter((lead) => argDay(lead.createdAt) === date)
          .reduce((sum, lead) => sum + lead.requestedAmount, 0),
        disbursed_amount: disbursedOn(date).reduce((sum, h) => sum + paidOut(h.leadId), 0),
      };
    });
    function disbursedOn(date: string) {
      return history.filter(
        (h) => h.country === 'arg' && h.toStatus === DISBURSED_STATUS.arg && leadsOf.has(h.leadId) && argDay(h.createdAt) === date,
      );
    }
  };

  /** What a disbursement paid out: the offer where there is one (set below on one lead), else what was asked. */
  const offered = new Map<number, number>();
  const paidOut = (leadId: number) => offered.get(leadId) ?? known.find((lead) => lead.id === leadId)!.requestedAmount;

  const conversionOf = (cohort: KnownLead[]) => {
    const converted = cohort.filter((lead) => history.some((h) => h.leadId === lead.id && CONVERTED_STATUSES.arg.includes(h.toStatus)));
    return { created: cohort.length, converted: converted.length };
  };

  it('counts the funnel by step, in pipeline order, for the whole country', async () => {
    const body = await dashboard(admin);
    expect(body.scope).toBe('country');
    expect(body.funnel!.map(({ label, count }) => ({ label, count }))).toEqual(expectedFunnel());
    expect(body.funnel!.map((step) => step.label).slice(0, 3)).toEqual(['Paso 2', 'Paso 3', 'Paso 4']);
    expect(body.funnel!.reduce((sum, step) => sum + step.count, 0)).toBeGreaterThan(0);
  });

  it('counts applications created and disbursed per day (disbursements from the status history)', async () => {
    const body = await dashboard(admin);
    const expected = expectedDaily();
    expect(body.daily!.days).toEqual(expected);
    expect(body.daily!.disbursed_status).toBe(23);
    expect(body.daily!.disbursed_total).toBe(expected.reduce((sum, d) => sum + d.disbursed, 0));
    expect(body.daily!.disbursed_total).toBeGreaterThan(0);
    expect(body.daily!.created_total).toBe(known.filter((lead) => inRange(lead.createdAt)).length);
    // The March 20 disbursement is outside the range, and shows up with a range that holds it.
    const later = await dashboard(admin, 'from=2026-03-20&to=2026-03-20');
    expect(later.daily!.days).toEqual([
      { date: '2026-03-20', created: 0, disbursed: 1, requested_amount: 0, disbursed_amount: known[2].requestedAmount },
    ]);
  });

  it('sums the money asked for and paid out, per day and over the period', async () => {
    const body = await dashboard(admin);
    const expected = expectedDaily();
    expect(body.daily!.requested_amount_total).toBe(
      known.filter((lead) => inRange(lead.createdAt)).reduce((sum, lead) => sum + lead.requestedAmount, 0),
    );
    expect(body.daily!.disbursed_amount_total).toBe(expected.reduce((sum, d) => sum + d.disbursed_amount, 0));
    // The offer counts where there is one: the total is not the requested amounts of the disbursed leads.
    const disbursedLeads = history.filter((h) => h.toStatus === DISBURSED_STATUS.arg && inRange(h.createdAt)).map((h) => h.leadId);
    expect(disbursedLeads).toContain(known[11].id);
    expect(body.daily!.disbursed_amount_total).toBe(
      disbursedLeads.reduce((sum, id) => sum + known.find((lead) => lead.id === id)!.requestedAmount, 0) - 10_000,
    );
    expect(body.daily!.disbursed_amount_total).toBeGreaterThan(0);
  });

  it('compares each figure with the period of equal length just before', async () => {
    // March 6-10 against March 1-5: the fixture's leads are created 5 hours apart from March 1 on.
    const body = await dashboard(admin, 'from=2026-03-06&to=2026-03-10');
    const within = (from: string, to: string) => (date: Date) => argDay(date) >= from && argDay(date) <= to;
    const totals = (from: string, to: string) => {
      const inIt = within(from, to);
      const created = known.filter((lead) => inIt(lead.createdAt));
      const disbursed = history.filter((h) => h.country === 'arg' && h.toStatus === DISBURSED_STATUS.arg && inIt(h.createdAt));
      return {
        created_total: created.length,
        disbursed_total: disbursed.length,
        requested_amount_total: created.reduce((sum, lead) => sum + lead.requestedAmount, 0),
        disbursed_amount_total: disbursed.reduce((sum, h) => sum + paidOut(h.leadId), 0),
      };
    };
    const now = totals('2026-03-06', '2026-03-10');
    const before = totals('2026-03-01', '2026-03-05');
    expect(body.daily).toMatchObject(now);
    expect(body.daily!.previous).toEqual({ from: '2026-03-01', to: '2026-03-05', ...before });
    // Both periods hold leads, and different numbers of them (a window off by a day would show).
    expect(before.created_total).toBeGreaterThan(0);
    expect(now.created_total).toBeGreaterThan(0);
    expect(before.disbursed_total).toBeGreaterThan(0);
    expect(before.created_total).not.toBe(now.created_total);
    const conversionBefore = conversionOf(known.filter((lead) => within('2026-03-01', '2026-03-05')(lead.createdAt)));
    expect(body.conversion!.previous).toEqual({ ...conversionBefore, rate: conversionBefore.converted / conversionBefore.created });
    expect(conversionBefore.converted).toBeGreaterThan(0);
    // A seller's previous period is theirs too.
    const own = await dashboard(seller, 'from=2026-03-06&to=2026-03-10');
    expect(own.daily!.previous.created_total).toBe(
      known.filter((lead) => lead.sellerId === sellerId && within('2026-03-01', '2026-03-05')(lead.createdAt)).length,
    );
    expect(own.daily!.previous.created_total).toBeLessThan(before.created_total);
  });

  it('measures the audit queue (its open audit rounds) and their age', async () => {
    const body = await dashboard(admin);
    const queue = known.filter((lead) => AUDIT_QUEUE_STATUSES.arg.includes(lead.statusId));
    const entered = queue.map((lead) =>
      Math.max(...history.filter((h) => h.leadId === lead.id && h.toStatus === lead.statusId).map((h) => h.createdAt.getTime())),
    );
    const now = Date.now();
    expect(body.audit_queue!.size).toBe(queue.length);
    expect(queue.length).toBeGreaterThan(2);
    expect(body.audit_queue!.oldest_since).toBe(new Date(Math.min(...entered)).toISOString());
    expect(body.audit_queue!.oldest_hours!).toBeCloseTo((now - Math.min(...entered)) / HOUR, 1);
    expect(body.audit_queue!.median_hours!).toBeCloseTo(median(entered.map((at) => (now - at) / HOUR)), 1);
  });

  it('computes conversion for the country and ranks sellers for admins', async () => {
    const body = await dashboard(admin);
    const cohort = known.filter((lead) => inRange(lead.createdAt));
    const expected = conversionOf(cohort);
    expect(expected.converted).toBeGreaterThan(0);
    expect(body.conversion).toMatchObject({ ...expected, rate: expected.converted / expected.created });

    const bySeller = new Map<number, KnownLead[]>();
    for (const lead of cohort) if (lead.sellerId !== null) bySeller.set(lead.sellerId, [...(bySeller.get(lead.sellerId) ?? []), lead]);
    const ranking = [...bySeller]
      .map(([id, own]) => ({ id, ...conversionOf(own) }))
      .sort(
        (a, b) => b.converted / b.created - a.converted / a.created || b.converted - a.converted || b.created - a.created || a.id - b.id,
      )
      .slice(0, 10);
    expect(body.seller_ranking!.map((row) => ({ id: row.seller.id, created: row.created, converted: row.converted }))).toEqual(
      ranking.map(({ id, created, converted }) => ({ id, created, converted })),
    );
    expect(body.seller_ranking!.every((row) => row.seller.name.length > 0)).toBe(true);
  });

  it('shows a seller only their own numbers and blocks', async () => {
    const body = await dashboard(seller);
    expect(body.scope).toBe('own');
    expect(body.blocks).toEqual(['funnel', 'daily', 'conversion']);
    expect(body.audit_queue).toBeUndefined();
    expect(body.seller_ranking).toBeUndefined();
    expect(body.funnel!.map(({ label, count }) => ({ label, count }))).toEqual(expectedFunnel(sellerId));
    expect(body.funnel!.reduce((sum, s) => sum + s.count, 0)).toBeLessThan(expectedFunnel().reduce((sum, s) => sum + s.count, 0));
    expect(body.daily!.days).toEqual(expectedDaily(sellerId));
    const own = conversionOf(known.filter((lead) => lead.sellerId === sellerId && inRange(lead.createdAt)));
    expect(body.conversion).toMatchObject(own);
    expect(own.created).toBeGreaterThan(0);
  });

  it('gives each role the blocks of the shared table', async () => {
    const body = await dashboard(auditor);
    expect(body.blocks).toEqual(['audit_queue', 'funnel', 'daily']);
    expect(body.conversion).toBeUndefined();
    expect(body.seller_ranking).toBeUndefined();
    expect(body.audit_queue!.size).toBeGreaterThan(0);
  });

  it('lists the automated stages whose runs failed for the back office: stopped ones first, then by the next retry', async () => {
    const [a, b, c, d, e, fresh] = known.slice(10, 16);
    const now = Date.now();
    const failed = (lead: KnownLead, attempts: number, runAfter: Date | 'infinity') => ({
      leadId: lead.id,
      country: 'arg',
      statusId: lead.statusId,
      attempts,
      runAfter: runAfter === 'infinity' ? sql`'infinity'::timestamptz` : runAfter,
      lastError: 'identity service down',
    });
    await t.app.db.insert(stageRuns).values([
      failed(a, 2, new Date(now + 120_000)),
      failed(b, 5, 'infinity'),
      failed(c, 1, new Date(now + 30_000)),
      failed(d, 5, 'infinity'),
      failed(e, 3, new Date(now + 600_000)),
      // Queued and not failed yet: not a failure.
      { leadId: fresh.id, country: 'arg', statusId: fresh.statusId },
    ]);
    try {
      const body = await dashboard(admin);
      expect(body.blocks).toContain('stage_failures');
      const stopped = [b, d].sort((x, y) => x.id - y.id);
      expect(body.stage_failures).toEqual({
        retrying: 3,
        stopped: 2,
        leads: [
          ...stopped.map((lead) => ({ lead_id: lead.id, status_id: lead.statusId, attempts: 5, retry_at: null })),
          { lead_id: c.id, status_id: c.statusId, attempts: 1, retry_at: new Date(now + 30_000).toISOString() },
          { lead_id: a.id, status_id: a.statusId, attempts: 2, retry_at: new Date(now + 120_000).toISOString() },
          { lead_id: e.id, status_id: e.statusId, attempts: 3, retry_at: new Date(now + 600_000).toISOString() },
        ],
      });
      // Not a seller's nor an auditor's block; col's own are col's (none).
      expect((await dashboard(seller)).stage_failures).toBeUndefined();
      expect((await dashboard(auditor)).stage_failures).toBeUndefined();
      const colAdmin = new TestClient(t.app);
      expect((await colAdmin.login('col', 'admin@col.example')).statusCode).toBe(200);
      const col = await colAdmin.get('/api/col/dashboard');
      expect(col.json().stage_failures).toEqual({ retrying: 0, stopped: 0, leads: [] });
    } finally {
      await t.app.db.delete(stageRuns);
    }
  });

  it('defaults to the last 30 days of the country', async () => {
    const body = await dashboard(admin, '');
    const today = todayIn('arg');
    expect(body.to).toBe(today);
    expect(body.from).toBe(addDays(today, -29));
    expect(body.daily!.days).toHaveLength(30);
  });

  it('refuses bad ranges naming the field', async () => {
    const cases: [string, string][] = [
      ['from=2026-03-10&to=2026-03-01', 'to'],
      ['from=2026-13-01', 'from'],
      ['to=ayer', 'to'],
      // Year 0 is no date to PostgreSQL (it was a 500), nor is a default start 29 days before year 1.
      ['to=0001-01-01', 'to'],
      ['from=2026-01-01&to=2026-04-03', 'from'],
    ];
    for (const [query, field] of cases) {
      const res = await admin.get(`/api/arg/dashboard?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().fields.map((f: { field: string }) => f.field),
        query,
      ).toEqual([field]);
    }
    // 92 days (a whole quarter) is the longest range.
    expect((await dashboard(admin, 'from=2026-01-01&to=2026-04-02')).daily!.days).toHaveLength(92);
  });

  it('counts col disbursements as TRANSFERRED rows, in Bogotá days, apart from arg', async () => {
    const colAdmin = new TestClient(t.app);
    expect((await colAdmin.login('col', 'admin@col.example')).statusCode).toBe(200);
    const res = await colAdmin.get('/api/col/dashboard?from=2026-03-01&to=2026-03-03');
    expect(res.statusCode, res.body).toBe(200);
    const body = dashboardResponseSchema.parse(res.json());
    expect(body.daily!.disbursed_status).toBe(22);
    // FIXTURE_BASE + 30 h = March 2, 18:00 UTC = 13:00 in Bogotá.
    expect(body.daily!.days.map((d) => d.disbursed)).toEqual([0, 1, 0]);
    expect(body.funnel!.map((step) => step.label).at(-1)).toBe('EXPIRADO');
  });

  it('refuses other countries and anonymous callers', async () => {
    expect((await admin.get('/api/col/dashboard')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/arg/dashboard')).statusCode).toBe(401);
  });
});

describe.each<Driver>(['pglite', 'postgres'])('dashboard cache on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0, dashboardCacheSeconds: 60 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reuses an answer for the same country, scope and range, and keeps sellers apart', async () => {
    const admin = new TestClient(t.app);
    const seller = new TestClient(t.app);
    expect((await admin.login('arg', 'admin@arg.example')).statusCode).toBe(200);
    expect((await seller.login('arg', 'seller@arg.example')).statusCode).toBe(200);
    const sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    const first = dashboardResponseSchema.parse((await admin.get('/api/arg/dashboard')).json());
    const sellerFirst = dashboardResponseSchema.parse((await seller.get('/api/arg/dashboard')).json());
    expect(first.daily!.created_total).toBe(0);

    // A lead created now, assigned to the seller: within the cache time nobody sees it.
    await insertKnownLeads(t.app, 'arg', 2, [sellerId]);
    await t.app.db.update(leads).set({ createdAt: new Date(), sellerId });
    const again = dashboardResponseSchema.parse((await admin.get('/api/arg/dashboard')).json());
    expect(again.generated_at).toBe(first.generated_at);
    expect(again.daily!.created_total).toBe(0);
    expect(dashboardResponseSchema.parse((await seller.get('/api/arg/dashboard')).json()).conversion).toEqual(sellerFirst.conversion);

    // Another range is another entry, computed fresh.
    const today = todayIn('arg');
    const other = dashboardResponseSchema.parse((await admin.get(`/api/arg/dashboard?from=${addDays(today, -6)}&to=${today}`)).json());
    expect(other.daily!.created_total).toBe(2);
    const otherSeller = dashboardResponseSchema.parse(
      (await seller.get(`/api/arg/dashboard?from=${addDays(today, -6)}&to=${today}`)).json(),
    );
    expect(otherSeller.conversion!.created).toBe(2);
  });
});
