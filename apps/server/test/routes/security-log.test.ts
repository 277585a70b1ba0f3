import { loginResponseSchema, securityEventListResponseSchema, todayIn, type SecurityEvent } from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, securityEvents, users } from '../../src/db/schema';
import { TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';

/** The security log (ASVS V7): what each security event writes, the admin's view and export, the unlock. */
describe.each<Driver>(['pglite', 'postgres'])('security log on %s', (driver) => {
  let t: TestApp;
  let n = 0;
  const client = () => new TestClient(t.app, `10.8.0.${++n}`).init();
  const idOf = async (email: string) => (await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  /** The log's rows about a user, oldest first. */
  const eventsOf = async (userId: number) =>
    t.app.db.select().from(securityEvents).where(eq(securityEvents.userId, userId)).orderBy(securityEvents.id);
  let admin: TestClient;

  beforeAll(async () => {
    // Two exports an hour, so the limit is reached within the test.
    t = await createTestApp(driver, { rateLimits: { customerLookup: 0, searcher: 0, testCall: 0, exports: 2, lists: 0 } });
    admin = await client();
    expect((await admin.login('arg', 'admin@arg.example')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes sign-in failures, slowdowns and successes with the user id and address, never the email or password', async () => {
    const email = 'operator@arg.example';
    const userId = await idOf(email);
    const c = await client();
    for (let i = 0; i < 3; i++) expect((await c.login('arg', email, 'secreto-equivocado')).statusCode).toBe(401);
    expect((await c.login('arg', email, 'secreto-equivocado')).statusCode).toBe(429);
    expect((await c.login('arg', 'nadie@arg.example', 'otro-secreto')).statusCode).toBe(401);

    const rows = await eventsOf(userId);
    expect(rows.map((r) => r.type)).toEqual(['login_failure', 'login_failure', 'login_failure', 'login_slowed']);
    expect(rows.every((r) => r.ip === c.remoteAddress && r.country === 'arg')).toBe(true);
    expect(rows[0].details).toEqual({ reason: 'password' });
    expect(rows[3].details).toMatchObject({ key: 'pair', failures: 3, retry_after: 2 });
    // The unknown account is logged without naming it.
    const all = JSON.stringify(await t.app.db.select().from(securityEvents));
    for (const secret of ['secreto-equivocado', 'otro-secreto', 'nadie@arg.example', email]) expect(all).not.toContain(secret);
    expect(all).toContain('unknown_account');

    // Past the wait, the right password: logged, and the user is told of the 3 failures.
    await t.app.db.execute(sql`update login_failures set created_at = created_at - interval '1 minute'`);
    const ok = await c.login('arg', email);
    expect(loginResponseSchema.parse(ok.json()).failed_attempts).toBe(3);
    expect((await eventsOf(userId)).at(-1)?.type).toBe('login_success');
  });

  it('writes the end of a session, and each refusal (403) with its route', async () => {
    const c = await client();
    const login = loginResponseSchema.parse((await c.login('arg', 'seller@arg.example')).json());
    expect((await c.get('/api/arg/security-events')).statusCode).toBe(403);
    expect((await c.get('/api/col/auth/user-info')).statusCode).toBe(403);
    expect((await c.get('/api/arg/auth/logout')).statusCode).toBe(200);
    const rows = (await eventsOf(login.user.id)).filter((r) => r.type !== 'login_success');
    expect(rows.map((r) => [r.type, r.country, r.details])).toEqual([
      ['access_denied', 'arg', { method: 'GET', route: '/api/arg/security-events' }],
      ['access_denied', 'col', { method: 'GET', route: '/api/col/auth/user-info' }],
      ['session_ended', 'arg', { reason: 'logout' }],
    ]);
  });

  it('writes each export with its list, filters and rows (no free text), and limits exports per user and hour', async () => {
    const c = await client();
    const login = loginResponseSchema.parse((await c.login('arg', 'supervisor@arg.example')).json());
    const first = await c.get('/api/arg/leads/export?format=csv&q=Gonzalez');
    expect(first.statusCode).toBe(200);
    const second = await c.get('/api/arg/leads/export?format=csv');
    expect(second.statusCode).toBe(200);
    const third = await c.get('/api/arg/leads/export?format=csv');
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(third.json().message).toBe('Alcanzaste el límite de 2 exportaciones por hora. Esperá 60 minutos para volver a exportar.');
    // Another user still exports.
    expect((await admin.get('/api/arg/leads/export?format=csv')).statusCode).toBe(200);

    const exports = (await eventsOf(login.user.id)).filter((r) => r.type === 'export');
    expect(exports).toHaveLength(2);
    expect(exports[0].details).toEqual({ list: 'leads', format: 'csv', rows: expect.any(Number), filters: { text: true } });
    expect(exports[1].details).toEqual({ list: 'leads', format: 'csv', rows: Number(second.headers['x-total-count']), filters: {} });
    expect(JSON.stringify(exports)).not.toContain('Gonzalez');
  });

  it('writes and limits the export of every list on the list engine: catalogue and date filters as asked, free text as present', async () => {
    const c = await client();
    const login = loginResponseSchema.parse((await c.login('arg', 'atc@arg.example')).json());
    const url = '/api/arg/daily-managements/export?format=csv&from=2020-01-01&to=2020-06-30&channel=call&q=Gonzalez&user=1,2&page=3';
    const first = await c.get(url);
    expect(first.statusCode, first.body).toBe(200);
    expect((await c.get('/api/arg/daily-managements/export?format=xlsx')).statusCode).toBe(200);
    const third = await c.get(url);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(59 * 60);

    const exports = (await eventsOf(login.user.id)).filter((r) => r.type === 'export');
    expect(exports.map((r) => r.details)).toEqual([
      {
        list: 'gestiones',
        format: 'csv',
        rows: Number(first.headers['x-total-count']),
        filters: { from: '2020-01-01', to: '2020-06-30', channel: ['call'], q: true, user: [1, 2] },
      },
      { list: 'gestiones', format: 'xlsx', rows: expect.any(Number), filters: {} },
    ]);
    expect(JSON.stringify(exports)).not.toContain('Gonzalez');
  });

  it('lets an admin browse the log with filters; nobody else', async () => {
    const operatorId = await idOf('operator@arg.example');
    const res = await admin.get(`/api/arg/security-events?user_id=${operatorId}&type=login_failure`);
    expect(res.statusCode, res.body).toBe(200);
    const body = securityEventListResponseSchema.parse(res.json());
    expect(body.count).toEqual({ total: 3, exact: true });
    expect(body.rows.every((r: SecurityEvent) => r.user_id === operatorId && r.type === 'login_failure')).toBe(true);
    const operatorName = (await t.app.db.select({ name: users.name }).from(users).where(eq(users.id, operatorId)))[0].name;
    expect(body.rows[0]).toMatchObject({ user_name: operatorName, actor_id: null, actor_name: null, ip: expect.any(String) });
    const page = securityEventListResponseSchema.parse((await admin.get('/api/arg/security-events?pageSize=10')).json());
    expect(page.rows).toHaveLength(10);
    // Newest first, this country's only.
    const times = page.rows.map((r) => r.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const next = securityEventListResponseSchema.parse(
      (await admin.get(`/api/arg/security-events?pageSize=10&cursor=${encodeURIComponent(page.pageInfo.nextCursor!)}`)).json(),
    );
    expect(next.rows[0].id).toBeLessThan(page.rows.at(-1)!.id);
    expect(
      (await t.app.db.select().from(securityEvents).where(eq(securityEvents.country, 'col'))).some((r) =>
        [...page.rows, ...next.rows].some((shown) => shown.id === r.id),
      ),
    ).toBe(false);
    const empty = (url: string) => admin.get(url).then((r) => securityEventListResponseSchema.parse(r.json()).count.total);
    expect(await empty('/api/arg/security-events?from=2020-01-01T00:00:00Z&to=2020-12-31T00:00:00Z')).toBe(0);
    // A day as the range's end includes that whole day (the country's calendar).
    const today = todayIn('arg');
    expect(await empty(`/api/arg/security-events?from=${today}&to=${today}&user_id=${operatorId}&type=login_failure`)).toBe(3);
    const badDate = await admin.get('/api/arg/security-events?from=ayer');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fields[0].field).toBe('from');
    expect((await admin.get('/api/arg/security-events?type=nope')).statusCode).toBe(400);
    const operator = await client();
    await operator.login('arg', 'operator@arg.example');
    expect((await operator.get('/api/arg/security-events')).statusCode).toBe(403);
  });

  it('exports the log as CSV for an admin, and logs that export', async () => {
    const c = await client();
    const login = loginResponseSchema.parse((await c.login('col', 'admin@col.example')).json());
    const res = await c.get('/api/col/security-events/export?type=login_success');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Id;Fecha;Tipo;Evento;Usuario;Nombre;Actor;Nombre del actor;IP;Detalle');
    expect(lines.length - 1).toBe(Number(res.headers['x-total-count']));
    expect(lines.slice(1).every((line) => line.split(';')[2] === 'login_success')).toBe(true);
    const logged = (await eventsOf(login.user.id)).filter((r) => r.type === 'export');
    expect(logged.map((r) => r.details)).toEqual([
      { list: 'seguridad', format: 'csv', rows: lines.length - 1, filters: { type: 'login_success' } },
    ]);
  });

  it('an admin unlocks a slowed account at once; the unlock is logged with who did it', async () => {
    const email = 'collector@arg.example';
    const userId = await idOf(email);
    for (let i = 0; i < 5; i++) expect((await (await client()).login('arg', email, 'bad')).statusCode).toBe(401);
    const owner = await client();
    expect((await owner.login('arg', email)).statusCode).toBe(429);

    const other = await client();
    await other.login('arg', 'supervisor@arg.example');
    expect((await other.post(`/api/arg/users/${userId}/unlock`, {})).statusCode).toBe(403);
    expect((await admin.post('/api/arg/users/99999/unlock', {})).statusCode).toBe(404);
    expect((await admin.post(`/api/arg/users/${userId}/unlock`, {})).statusCode).toBe(200);
    expect((await owner.login('arg', email)).statusCode).toBe(200);

    const adminId = await idOf('admin@arg.example');
    const unlock = (await eventsOf(userId)).find((r) => r.type === 'account_unlocked');
    expect(unlock).toMatchObject({ actorId: adminId, country: 'arg', details: { cleared: 5 } });
  });

  it("an admin's unlock also lifts the delays of the address the account failed from: its owner signs in from there at once", async () => {
    const email = 'seller@arg.example';
    const userId = await idOf(email);
    const office = '10.9.0.1';
    const owner = await new TestClient(t.app, office).init();
    for (let i = 0; i < 3; i++) expect((await owner.login('arg', email, 'bad')).statusCode).toBe(401);
    // Someone behind the same address tried other accounts too: the address is slowed, not only the account.
    const others = Array.from({ length: 20 }, (_, i) => ({ country: 'arg', email: `intruso${i}@arg.example`, ip: office }));
    await t.app.db.insert(loginFailures).values(others);
    expect((await owner.login('arg', email)).statusCode).toBe(429);

    expect((await admin.post(`/api/arg/users/${userId}/unlock`, {})).statusCode).toBe(200);
    expect((await owner.login('arg', email)).statusCode).toBe(200);
    // The other accounts' failures from there stay theirs: the unlock forgave the address, not their guesses.
    const kept = await t.app.db.select().from(loginFailures).where(eq(loginFailures.ip, office));
    expect(kept.map((row) => row.email).sort()).toEqual(others.map((row) => row.email).sort());
    const unlock = (await eventsOf(userId)).find((r) => r.type === 'account_unlocked');
    expect(unlock).toMatchObject({ actorId: await idOf('admin@arg.example'), details: { cleared: 3, addresses: [office] } });
  });

  it('purges rows older than the retention', async () => {
    await t.app.db
      .update(securityEvents)
      .set({ createdAt: sql`now() - interval '400 days'` })
      .where(eq(securityEvents.type, 'login_slowed'));
    const before = (await t.app.db.select().from(securityEvents)).length;
    const purged = await t.app.securityLogPurge.runOnce();
    expect(purged).toBeGreaterThan(0);
    expect((await t.app.db.select().from(securityEvents)).length).toBe(before - purged);
    expect(await t.app.db.select().from(securityEvents).where(eq(securityEvents.type, 'login_slowed'))).toEqual([]);
  });
});
