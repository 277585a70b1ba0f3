import { errorBodySchema } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { rateLimitCounters } from '../../src/db/schema';
import { perUserRateLimit } from '../../src/plugins/external/rate-limit';
import { RateLimitCounters } from '../../src/repositories/rate-limit-counters';
import { TestClient, createTestApp, testConfig, type Driver, type TestApp } from '../helpers/app';

const TOO_MANY = {
  arg: 'Demasiadas solicitudes. Esperá un momento y volvé a intentar.',
  col: 'Demasiadas solicitudes. Espere un momento y vuelva a intentar.',
};

/** Sends `n` requests one after another, answering their status codes. */
async function statuses(client: TestClient, n: number, url: (i: number) => string): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await client.get(url(i))).statusCode);
  return codes;
}

function expectTooMany(res: Awaited<ReturnType<TestClient['get']>>, country: 'arg' | 'col' = 'arg') {
  expect(res.statusCode).toBe(429);
  expect(errorBodySchema.parse(res.json())).toEqual({
    statusCode: 429,
    error: 'Too Many Requests',
    message: TOO_MANY[country],
    statusMessage: TOO_MANY[country],
  });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe.each<Driver>(['pglite', 'postgres'])('per-user rate limits on %s', (driver) => {
  let t: TestApp;
  /** Signed in from the same address: the limits count users, not addresses. */
  const as = async (email: string) => {
    const client = new TestClient(t.app, '10.3.0.1');
    expect((await client.login('arg', email)).statusCode).toBe(200);
    return client;
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0, rateLimits: { ...loadConfig({}).rateLimits, lists: 3 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the 31st customer lookup of a user within a minute with 429, and not another user', async () => {
    const seller = await as('seller@arg.example');
    const lookup = (i: number) => `/api/arg/customers/lookup?doc_number=${29_000_000 + i}`;
    expect(await statuses(seller, 30, lookup)).toEqual(Array(30).fill(200));
    expectTooMany(await seller.get(lookup(30)));

    const other = await as('seller_renovator@arg.example');
    expect((await other.get(lookup(31))).statusCode).toBe(200);
    // Each route counts apart: the same user still searches, and creating a lead is not limited.
    expect((await seller.get('/api/arg/searcher?q=29000000')).statusCode).toBe(200);
    const create = await seller.post('/api/arg/leads', {});
    expect(create.statusCode).toBe(400);
    expect(create.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('answers the 61st search of a user within a minute with 429, and not another user', async () => {
    const search = (i: number) => `/api/arg/searcher?q=${encodeURIComponent(`perez ${i}`)}`;
    // Requests refused before the route (anonymous, from the same address) count for no one.
    const anonymous = await new TestClient(t.app, '10.3.0.1').init();
    expect(await statuses(anonymous, 65, search)).toEqual(Array(65).fill(401));

    const admin = await as('admin@arg.example');
    expect(await statuses(admin, 60, search)).toEqual(Array(60).fill(200));
    expectTooMany(await admin.get(search(60)));

    const other = await as('supervisor@arg.example');
    expect((await other.get(search(61))).statusCode).toBe(200);
  });

  it('answers a 4th page or count of one list within a minute with 429 naming the limit, each list and each user apart', async () => {
    const supervisor = await as('supervisor@arg.example');
    const seller = await as('seller@arg.example');
    for (const [user, list] of [
      [supervisor, '/api/arg/leads'],
      [supervisor, '/api/arg/collections'],
      [supervisor, '/api/arg/daily-managements'],
      [supervisor, '/api/arg/audits'],
      [seller, '/api/arg/sales'],
      [seller, '/api/arg/sales/pool'],
      // A list's total asked apart (count=later) is a page's worth of reading too.
      [supervisor, '/api/arg/leads/count'],
      [supervisor, '/api/arg/collections/count'],
      [seller, '/api/arg/sales/count'],
    ] as const) {
      const page = (i: number) => `${list}?page=${i + 1}`;
      expect(await statuses(user, 3, page), list).toEqual([200, 200, 200]);
      const refused = await user.get(page(3));
      expect(refused.statusCode, list).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(
        /^Alcanzaste el límite de 3 páginas por minuto de esta lista\. Esperá \d+ segundos? para seguir\.$/,
      );
    }
    const other = await as('atc@arg.example');
    expect((await other.get('/api/arg/leads')).statusCode).toBe(200);
  });

  it('answers the 11th test call of a user within an hour with 429: /test dials any national number', async () => {
    // col sellers reach /test (SPEC 6's admin rule); their other calls are only to their own customers.
    const seller = new TestClient(t.app, '10.3.0.2');
    expect((await seller.login('col', 'seller@col.example')).statusCode).toBe(200);
    const call = () => seller.post('/api/col/diagnostics/test-call', { cellphone: '3109998877' });
    for (let i = 0; i < 10; i++) expect((await call()).statusCode, `call ${i + 1}`).toBe(200);
    const refused = await call();
    expectTooMany(refused, 'col');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
  });
});

describe('rate limits across app nodes on postgres', () => {
  let a: TestApp;
  let b: App;

  beforeAll(async () => {
    a = await createTestApp('postgres', { seedLeads: 0 });
    b = await buildApp(testConfig({ seedLeads: 0, databaseUrl: a.databaseUrl }));
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts a user’s requests on every node together: the 31st lookup is refused whichever node gets it', async () => {
    const onA = new TestClient(a.app, '10.4.0.1');
    expect((await onA.login('arg', 'seller@arg.example')).statusCode).toBe(200);
    // The same session, sent by the balancer to the other node.
    const onB = new TestClient(b, '10.4.0.1');
    for (const [name, value] of onA.jar) onB.jar.set(name, value);
    const lookup = (i: number) => `/api/arg/customers/lookup?doc_number=${30_000_000 + i}`;

    // Twenty at once on one node, ten on the other: the count holds under concurrency too.
    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => onA.get(lookup(i))));
    expect(first.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(await statuses(onB, 10, (i) => lookup(20 + i))).toEqual(Array(10).fill(200));
    expectTooMany(await onA.get(lookup(30)));
    expectTooMany(await onB.get(lookup(31)));

    // Once the window has ended (moved into the past here), the user starts afresh, on any node.
    await a.app.db.update(rateLimitCounters).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await onB.get(lookup(32))).statusCode).toBe(200);
    expect((await onA.get(lookup(33))).statusCode).toBe(200);
  });

  it('keeps no row of a window that ended once swept', async () => {
    const counters = new RateLimitCounters(a.app.db);
    expect(await counters.hit('test:sweep', 60_000)).toMatchObject({ current: 1 });
    const second = await counters.hit('test:sweep', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect(await counters.peek('test:sweep')).toMatchObject({ current: 2 });

    await a.app.db.update(rateLimitCounters).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await counters.peek('test:sweep')).toEqual({ current: 0, ttl: 0 });
    await counters.sweep();
    expect(await a.app.db.select().from(rateLimitCounters)).toEqual([]);
  });
});

describe('rate limit configuration', () => {
  it('defaults to 30 lookups, 60 searches and 120 pages of a list a minute, 10 test calls and 20 exports an hour; 0 turns a limit off', () => {
    expect(loadConfig({}).rateLimits).toEqual({ customerLookup: 30, searcher: 60, testCall: 10, exports: 20, lists: 120 });
    expect(
      loadConfig({
        CUSTOMER_LOOKUP_RATE_LIMIT: '0',
        SEARCHER_RATE_LIMIT: '5',
        TEST_CALL_RATE_LIMIT: '0',
        EXPORT_RATE_LIMIT: '0',
        LIST_RATE_LIMIT: '0',
      }).rateLimits,
    ).toEqual({
      customerLookup: 0,
      searcher: 5,
      testCall: 0,
      exports: 0,
      lists: 0,
    });
    expect(perUserRateLimit(0)).toBe(false);
    expect(perUserRateLimit(30)).toMatchObject({ max: 30, timeWindow: '1 minute' });
  });
});
