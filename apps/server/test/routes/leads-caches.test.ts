import { buildCuil } from '@backoffice/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../src/config';
import * as dbClient from '../../src/db/client';
import { leads, sessions } from '../../src/db/schema';
import { hashToken } from '../../src/repositories/sessions';
import { TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';
import { insertKnownLeads } from '../helpers/leads-fixture';

/** The per-node caches with their production settings: honest about reuse, dropped by this node's writes. */
describe.each<Driver>(['pglite', 'postgres'])('count and session caches on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0, countCacheSeconds: 60, sessionCacheSeconds: 60 });
    await insertKnownLeads(t.app, 'arg', 8, []);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An app of its own with these settings, `leads` known arg leads and a signed-in arg admin. */
  const smallApp = async (overrides: Partial<AppConfig>, leads: number) => {
    const small = await createTestApp(driver, { seedLeads: 0, ...overrides });
    await insertKnownLeads(small.app, 'arg', leads, []);
    const admin = new TestClient(small.app);
    await admin.login('arg', 'admin@arg.example');
    return { small, admin };
  };

  it('reuses a count for the same filters, says so with cachedAt, and recounts after a write', async () => {
    const admin = new TestClient(t.app);
    await admin.login('arg', 'admin@arg.example');
    const first = (await admin.get('/api/arg/leads?management=none')).json().count;
    expect(first.cachedAt).toBeUndefined();
    const second = (await admin.get('/api/arg/leads?management=none&page=1')).json().count;
    expect(second).toEqual({ ...first, cachedAt: expect.any(String) });
    // Another filter is another count.
    expect((await admin.get('/api/arg/leads?management=Contestador')).json().count.cachedAt).toBeUndefined();

    const created = await admin.post('/api/arg/leads', {
      doc_number: '35111222',
      cuil: buildCuil('35111222', 'female'),
      first_name: 'Inés',
      last_name: 'Peña',
      birth_date: '1991-01-01',
      cellphone: '1144445555',
      email: 'ines@example.com',
      requested_amount: 20000,
      term: 6,
    });
    expect(created.statusCode).toBe(201);
    const after = (await admin.get('/api/arg/leads?management=none')).json().count;
    expect(after).toEqual({ total: first.total + 1, exact: true });
  });

  it('shares one count cache per country between /leads and /sales: a take on /sales recounts /leads', async () => {
    const admin = new TestClient(t.app);
    await admin.login('arg', 'admin@arg.example');
    const unassigned = (await admin.get('/api/arg/leads?seller=none&status=1')).json();
    expect(unassigned.count.total).toBeGreaterThan(0);
    expect((await admin.get('/api/arg/leads?seller=none&status=1')).json().count.cachedAt).toEqual(expect.any(String));

    const seller = new TestClient(t.app);
    await seller.login('arg', 'seller@arg.example');
    expect((await seller.post(`/api/arg/sales/${unassigned.rows[0].id}/take`, {})).statusCode).toBe(200);
    const after = (await admin.get('/api/arg/leads?seller=none&status=1')).json().count;
    expect(after).toEqual({ total: unassigned.count.total - 1, exact: true });
  });

  it('counts a free-text search only up to its own, lower threshold; exactly on request', async () => {
    const { small, admin } = await smallApp({ countCacheSeconds: 0, listTextCountThreshold: 3 }, 12);
    try {
      // Pages of 10: the first page does not hold every match (see the next test).
      expect((await admin.get('/api/arg/leads?q=correo&pageSize=10')).json().count).toEqual({ total: 3, exact: false });
      expect((await admin.get('/api/arg/leads?q=correo&exactCount=1')).json().count).toEqual({ total: 12, exact: true });
      // Without text the list's own threshold applies.
      expect((await admin.get('/api/arg/leads')).json().count).toEqual({ total: 12, exact: true });
    } finally {
      await small.close();
    }
  });

  it("takes a free text's count from its first page when that page holds every match", async () => {
    const { small, admin } = await smallApp({ countCacheSeconds: 0 }, 12);
    try {
      const counted = vi.spyOn(small.app.leadQueries, 'count');
      const all = (await admin.get('/api/arg/leads?q=correo')).json();
      expect(all.rows).toHaveLength(12);
      expect(all.count).toEqual({ total: 12, exact: true });
      expect(counted).not.toHaveBeenCalled();
      // A full first page, or any later page, cannot tell the total: counted.
      const first = (await admin.get('/api/arg/leads?q=correo&pageSize=10')).json();
      expect(first.rows).toHaveLength(10);
      expect(first.count).toEqual({ total: 12, exact: true });
      expect(counted).toHaveBeenCalledTimes(1);
      const second = (await admin.get('/api/arg/leads?q=correo&pageSize=10&page=2')).json();
      expect(second.rows).toHaveLength(2);
      expect(second.count).toEqual({ total: 12, exact: true });
      expect(counted).toHaveBeenCalledTimes(2);
    } finally {
      await small.close();
    }
  });

  it('counts a broad text by its whole words first and remembers it is broad; its rows stay the same', async () => {
    // Every fixture email is cliente<n>@correo<n % 3>.example: "correo" is a whole word of all 12.
    const { small, admin } = await smallApp({ countCacheSeconds: 0, listTextCountThreshold: 3, listTextProbeCap: 2 }, 12);
    const byIndex = vi.spyOn(dbClient, 'queryRowsByIndex');
    try {
      const callsWith = (value: string) => byIndex.mock.calls.filter(([, , values]) => values.includes(value)).length;
      // Pages of 10, so that the first page does not hold every match and its count is asked for; sorted
      // otherwise than lead_words keeps them, so the text is resolved (LeadLists.filters).
      const first = (await admin.get('/api/arg/leads?q=correo&pageSize=10&sort=updated_at')).json();
      expect(first.count).toEqual({ total: 3, exact: false });
      expect(first.rows).toHaveLength(10);
      const again = (await admin.get('/api/arg/leads?q=correo&pageSize=10&sort=updated_at')).json();
      expect(again.count).toEqual({ total: 3, exact: false });
      expect(again.rows).toEqual(first.rows);
      // The whole word settled the first request's look for its customers (12 > the probe's 2); its
      // beginning was never read. The second request knew the text was broad. The counts, of a word that
      // begins one word only, come from lead_words (lists/lead-words.ts), not from the customers' index.
      expect(callsWith('correo:*')).toBe(0);
      expect(callsWith('correo')).toBe(1);
      // A word's beginning is no whole word: the look reads the beginnings too.
      expect((await admin.get('/api/arg/leads?q=corr&pageSize=10&sort=updated_at')).json().count).toEqual({ total: 3, exact: false });
      expect(callsWith('corr')).toBe(1);
      expect(callsWith('corr:*')).toBe(1);
      expect((await admin.get('/api/arg/leads?q=correo&exactCount=1')).json().count).toEqual({ total: 12, exact: true });
    } finally {
      byIndex.mockRestore();
      await small.close();
    }
  });

  it("asks a dense text's count beside its first page, a text matching few after it; a first page holding every match is the count either way", async () => {
    const { small, admin } = await smallApp({ countCacheSeconds: 0, listTextCountThreshold: 3, listTextProbeCap: 2 }, 12);
    const events: string[] = [];
    const page = small.app.leadQueries.page.bind(small.app.leadQueries);
    const count = small.app.leadQueries.count.bind(small.app.leadQueries);
    vi.spyOn(small.app.leadQueries, 'page').mockImplementation(async (...args) => {
      const found = await page(...args);
      events.push('page read');
      return found;
    });
    vi.spyOn(small.app.leadQueries, 'count').mockImplementation(async (...args) => {
      events.push('count asked');
      return count(...args);
    });
    const order = async (query: string) => {
      events.length = 0;
      const body = (await admin.get(`/api/arg/leads?${query}`)).json();
      return { events: [...events], body };
    };
    try {
      // "correo" is a whole word of all 12 customers' emails: more than the look's 2, dense.
      const dense = await order('q=correo&pageSize=10&sort=updated_at');
      expect(dense.events).toEqual(['count asked', 'page read']);
      expect(dense.body.count).toEqual({ total: 3, exact: false });
      // Known dense a moment ago: the same, without looking again.
      expect((await order('q=correo&pageSize=10&sort=updated_at')).events).toEqual(['count asked', 'page read']);
      // A page that holds every match says the exact total, whatever the count (capped at 3) answered.
      const whole = await order('q=correo&pageSize=25&sort=updated_at');
      expect(whole.body.rows).toHaveLength(12);
      expect(whole.body.count).toEqual({ total: 12, exact: true });

      // One customer's email: read by customer id, page first, and the count not asked at all.
      const one = await order('q=cliente3%40correo0.example');
      expect(one.body.rows).toHaveLength(1);
      expect(one.events).toEqual(['page read']);
      expect(one.body.count).toEqual({ total: 1, exact: true });
    } finally {
      vi.restoreAllMocks();
      await small.close();
    }
  });

  it('reads a name in the default order and its count from lead_words without resolving it first', async () => {
    const { small, admin } = await smallApp({ countCacheSeconds: 0, listTextCountThreshold: 3, listTextProbeCap: 2 }, 12);
    const resolve = vi.spyOn(small.app.leadQueries, 'resolveText');
    try {
      const page = (await admin.get('/api/arg/leads?q=correo&pageSize=10&count=later')).json();
      expect(page.rows).toHaveLength(10);
      expect((await admin.get('/api/arg/leads/count?q=correo')).json()).toMatchObject({ total: 3, exact: false });
      expect((await admin.get('/api/arg/leads/count?q=correo&exactCount=1')).json()).toMatchObject({ total: 12, exact: true });
      // A word typed that begins no stored word: nothing, and nothing resolved either.
      expect((await admin.get('/api/arg/leads?q=zzzz&count=later')).json()).toMatchObject({ rows: [], count: { total: 0, exact: true } });
      expect(resolve).not.toHaveBeenCalled();
      // Another order, or another filter beside the name: resolved as before (lead_words keeps the default order alone).
      const sorted = (await admin.get('/api/arg/leads?q=correo&pageSize=10&sort=updated_at&dir=asc')).json();
      expect(sorted.rows).toHaveLength(10);
      expect(resolve).toHaveBeenCalledTimes(1);
      await admin.get('/api/arg/leads?q=cliente&from=2026-01-01');
      expect(resolve).toHaveBeenCalledTimes(2);
    } finally {
      resolve.mockRestore();
      await small.close();
    }
  });

  it('starts pages by number from remembered positions: the same rows as an offset, dropped by a write', async () => {
    const { small, admin } = await smallApp({ countCacheSeconds: 60, pageAnchorRows: 4 }, 30);
    try {
      const locate = vi.spyOn(small.app.leadQueries, 'cursorAt');
      // The expected order, by an independent query.
      const ordered = async (column: 'created_at' | 'requested_amount', dir: 'asc' | 'desc') => {
        const by = dir === 'asc' ? asc : desc;
        const sortColumn = column === 'created_at' ? leads.createdAt : leads.requestedAmount;
        const rows = await small.app.db
          .select({ id: leads.id })
          .from(leads)
          .where(eq(leads.country, 'arg'))
          .orderBy(by(sortColumn), by(leads.id));
        return rows.map((row) => row.id);
      };
      const pageIds = async (query: string) =>
        ((await admin.get(`/api/arg/leads?pageSize=10&${query}`)).json().rows as { id: number }[]).map((r) => r.id);

      for (const [column, dir] of [
        ['created_at', 'desc'],
        ['requested_amount', 'asc'],
      ] as const) {
        const want = await ordered(column, dir);
        for (const page of [3, 2, 4]) {
          expect(await pageIds(`sort=${column}&dir=${dir}&page=${page}`)).toEqual(want.slice((page - 1) * 10, page * 10));
        }
      }
      expect(locate).toHaveBeenCalled();
      // A page asked again reuses its anchor.
      const walks = locate.mock.calls.length;
      expect(await pageIds('page=3')).toEqual((await ordered('created_at', 'desc')).slice(20, 30));
      expect(locate.mock.calls.length).toBe(walks);
      // The page after one served by number starts where that one ended: page 3 needs no walk to its
      // step's anchor (20) once page 2 is served.
      const ascending = await ordered('created_at', 'asc');
      expect(await pageIds('sort=created_at&dir=asc&page=2')).toEqual(ascending.slice(10, 20));
      const afterPage2 = locate.mock.calls.length;
      expect(await pageIds('sort=created_at&dir=asc&page=3')).toEqual(ascending.slice(20, 30));
      expect(locate.mock.calls.length).toBe(afterPage2);

      // A write through this node: the newest lead moves every other one down a row.
      const created = await admin.post('/api/arg/leads', {
        doc_number: '35111223',
        cuil: buildCuil('35111223', 'male'),
        first_name: 'Tomás',
        last_name: 'Núñez',
        birth_date: '1990-02-02',
        cellphone: '1144446666',
        email: 'tomas@example.com',
        requested_amount: 20000,
        term: 6,
      });
      expect(created.statusCode).toBe(201);
      const after = await ordered('created_at', 'desc');
      expect(after[0]).toBe(created.json().id);
      expect(await pageIds('page=3')).toEqual(after.slice(20, 30));
    } finally {
      await small.close();
    }
  });

  it('pages a filter its recent count says matches few by gathering and sorting the matches: the same rows', async () => {
    const { small, admin } = await smallApp({ countCacheSeconds: 60 }, 60);
    try {
      const pageCalls = vi.spyOn(small.app.leadQueries, 'page');
      const statuses = [1, 4, 5, 26];
      const columns = {
        id: leads.id,
        created_at: leads.createdAt,
        updated_at: leads.updatedAt,
        requested_amount: leads.requestedAmount,
      } as const;
      const expected = async (column: keyof typeof columns, dir: 'asc' | 'desc') => {
        const by = dir === 'asc' ? asc : desc;
        const rows = await small.app.db
          .select({ id: leads.id })
          .from(leads)
          .where(and(eq(leads.country, 'arg'), inArray(leads.statusId, statuses)))
          .orderBy(by(columns[column]), by(leads.id));
        return rows.map((row) => row.id);
      };
      type Page = { rows: { id: number }[]; pageInfo: { nextCursor: string | null; prevCursor: string | null }; count: { total: number } };
      const get = async (query: string) =>
        (await admin.get(`/api/arg/leads?status=${statuses.join(',')}&pageSize=10&${query}`)).json() as Page;
      const ids = (page: Page) => page.rows.map((row) => row.id);

      // By id too: the gathered matches' sort key must not be a second "id" (ambiguous, a 500).
      for (const [column, dir] of [
        ['created_at', 'desc'],
        ['requested_amount', 'asc'],
        ['updated_at', 'asc'],
        ['id', 'asc'],
        ['id', 'desc'],
      ] as const) {
        const want = await expected(column, dir);
        expect(want.length).toBe(32);
        const sorted = `sort=${column}&dir=${dir}`;
        // Forward by cursor to the end, then back from the last page.
        let page = await get(sorted);
        const pages = [ids(page)];
        while (page.pageInfo.nextCursor) {
          page = await get(`${sorted}&cursor=${page.pageInfo.nextCursor}`);
          pages.push(ids(page));
        }
        expect(pages.flat()).toEqual(want);
        for (let i = pages.length - 2; i >= 0; i--) {
          page = await get(`${sorted}&cursor=${page.pageInfo.prevCursor}`);
          expect(ids(page)).toEqual(pages[i]);
        }
        expect(ids(await get(`${sorted}&page=3`))).toEqual(want.slice(20, 30));
      }
      // The first page was read before any count was known; every later one knew its filter matches 32.
      const few = pageCalls.mock.calls.map(([, , request]) => request.few);
      expect(few[0]).toBe(false);
      expect(few.slice(1).every(Boolean)).toBe(true);
    } finally {
      await small.close();
    }
  });

  it('does not take a count that stopped at the threshold for few matches', async () => {
    const { small, admin } = await smallApp({ countCacheSeconds: 60, listCountThreshold: 5 }, 30);
    try {
      const pageCalls = vi.spyOn(small.app.leadQueries, 'page');
      for (let i = 0; i < 2; i++)
        expect((await admin.get('/api/arg/leads?status=1,4,5,26')).json().count).toMatchObject({ total: 5, exact: false });
      expect(pageCalls.mock.calls.map(([, , request]) => request.few)).toEqual([false, false]);
    } finally {
      await small.close();
    }
  });

  it('never trusts a remembered session past its own expiry', async () => {
    const client = new TestClient(t.app);
    await client.login('arg', 'operator@arg.example');
    const token = client.jar.get('sid')!;
    // The session ends in 1.5 s, well within the 60 s the node remembers sessions for.
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1_500) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await client.get('/api/arg/auth/user-info')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await client.get('/api/arg/auth/user-info')).statusCode).toBe(401);
  });

  it('forgets a session signed out on this node at once', async () => {
    const client = new TestClient(t.app);
    await client.login('arg', 'operator@arg.example');
    expect((await client.get('/api/arg/auth/user-info')).statusCode).toBe(200);
    expect((await client.get('/api/arg/auth/user-info')).statusCode).toBe(200);
    const token = client.jar.get('sid')!;
    await client.get('/api/arg/auth/logout');
    const res = await t.app.inject({ method: 'GET', url: '/api/arg/auth/user-info', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });
});
