import { PASSWORD_MESSAGES, activeSessionsResponseSchema, adminUserSchema, loginResponseSchema, type Country } from '@backoffice/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, sessions, users } from '../../src/db/schema';
import { DEMO_PASSWORD, TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
/** Passwords the policy accepts (long, not in any list, nothing of the demo users' names or emails). */
const STRONG = ['Tranvía azul de medianoche 47', 'Girasoles-sobre-el-puente-93', 'Ornitorrinco lúcido 2026!', 'Cuatro lunas y un faro 58'];

/** Accounts and sessions (issue 40, ASVS V2/V3): each user's sessions, password changes, admin resets, user administration. */
describe.each<Driver>(['pglite', 'postgres'])('accounts on %s', (driver) => {
  let t: TestApp;
  let n = 0;
  const client = () => new TestClient(t.app, `10.9.0.${++n}`).init();
  const idOf = async (email: string) => (await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  const eventsOf = async (userId: number, type: string) =>
    t.app.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, userId), eq(securityEvents.type, type)))
      .orderBy(securityEvents.id);
  const signIn = async (country: Country, email: string, password = DEMO_PASSWORD, userAgent = CHROME_WINDOWS) => {
    const c = await client();
    const res = await c.post(
      `/api/${country}/auth/login`,
      { email, password, branch_id: country === 'arg' ? 1 : 2 },
      { headers: { 'user-agent': userAgent } },
    );
    expect(res.statusCode, res.body).toBe(200);
    return { client: c, login: loginResponseSchema.parse(res.json()) };
  };
  const sessionsOf = async (c: TestClient, country: Country = 'arg') => {
    const res = await c.get(`/api/${country}/auth/sessions`);
    expect(res.statusCode, res.body).toBe(200);
    return activeSessionsResponseSchema.parse(res.json()).sessions;
  };
  let admin: TestClient;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = (await signIn('arg', 'admin@arg.example')).client;
    adminId = await idOf('admin@arg.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('sessions', () => {
    it('lists the user’s own live sessions with device, address and last use; never a token or its hash', async () => {
      const a = await signIn('arg', 'operator@arg.example', DEMO_PASSWORD, CHROME_WINDOWS);
      const b = await signIn('arg', 'operator@arg.example', DEMO_PASSWORD, FIREFOX_LINUX);
      await signIn('arg', 'auditor@arg.example');
      const list = await sessionsOf(a.client);
      expect(list).toHaveLength(2);
      const mine = list.find((s) => s.current)!;
      expect(mine).toMatchObject({ device: 'Chrome en Windows', ip: a.client.remoteAddress });
      expect(list.find((s) => !s.current)).toMatchObject({ device: 'Firefox en Linux', ip: b.client.remoteAddress });
      expect(JSON.stringify(list)).not.toContain(a.login.token);
      const hashes = await t.app.db.select({ h: sessions.tokenHash }).from(sessions);
      expect(hashes.some(({ h }) => JSON.stringify(list).includes(h))).toBe(false);
    });

    it('ends one of the user’s sessions (that session gets 401 at once) and logs it; another user’s session is a 404', async () => {
      const a = await signIn('arg', 'supervisor@arg.example', DEMO_PASSWORD, CHROME_WINDOWS);
      const b = await signIn('arg', 'supervisor@arg.example', DEMO_PASSWORD, FIREFOX_LINUX);
      const other = await signIn('arg', 'atc@arg.example');
      const target = (await sessionsOf(a.client)).find((s) => !s.current)!;

      expect((await other.client.request('DELETE', `/api/arg/auth/sessions/${target.id}`, undefined)).statusCode).toBe(404);
      expect((await b.client.get('/api/arg/auth/user-info')).statusCode).toBe(200);
      expect((await a.client.request('DELETE', '/api/arg/auth/sessions/not-a-uuid', undefined)).statusCode).toBe(400);

      const res = await a.client.request('DELETE', `/api/arg/auth/sessions/${target.id}`, undefined);
      expect(res.statusCode, res.body).toBe(200);
      expect((await b.client.get('/api/arg/auth/user-info')).statusCode).toBe(401);
      expect((await a.client.get('/api/arg/auth/user-info')).statusCode).toBe(200);
      expect(await sessionsOf(a.client)).toHaveLength(1);
      const userId = await idOf('supervisor@arg.example');
      expect((await eventsOf(userId, 'session_ended')).map((e) => e.details)).toEqual([{ reason: 'revoked', session: target.id }]);
    });

    it('ends all the other sessions at once, keeping the one asking', async () => {
      const a = await signIn('arg', 'seller_renovator@arg.example');
      const others = [await signIn('arg', 'seller_renovator@arg.example'), await signIn('arg', 'seller_renovator@arg.example')];
      const res = await a.client.post('/api/arg/auth/sessions/end-others', {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ended: 2 });
      for (const o of others) expect((await o.client.get('/api/arg/auth/user-info')).statusCode).toBe(401);
      expect((await a.client.get('/api/arg/auth/user-info')).statusCode).toBe(200);
      const userId = await idOf('seller_renovator@arg.example');
      expect((await eventsOf(userId, 'session_ended')).map((e) => e.details)).toEqual([{ reason: 'revoked_others', count: 2 }]);
    });

    it('needs the XSRF header to end sessions from a browser', async () => {
      const a = await signIn('arg', 'webservice@arg.example');
      await signIn('arg', 'webservice@arg.example');
      expect((await a.client.post('/api/arg/auth/sessions/end-others', {}, { xsrf: false })).statusCode).toBe(403);
      expect(await sessionsOf(a.client)).toHaveLength(2);
    });
  });

  describe('password change and policy', () => {
    it('refuses a short, a common or a personal password, or a wrong current one, naming the field in the country’s voice; writes nothing', async () => {
      const { client: c } = await signIn('arg', 'collector@arg.example');
      const change = (current_password: string, new_password: string) =>
        c.post('/api/arg/auth/password', { current_password, new_password });
      const field = async (current: string, next: string) => {
        const res = await change(current, next);
        expect(res.statusCode, res.body).toBe(400);
        return res.json().fields as { field: string; message: string }[];
      };
      expect(await field(DEMO_PASSWORD, 'corta-123')).toEqual([{ field: 'new_password', message: PASSWORD_MESSAGES.arg.tooShort }]);
      expect(PASSWORD_MESSAGES.arg.tooShort).toMatch(/^Ingresá /);
      expect(await field(DEMO_PASSWORD, 'password1234')).toEqual([{ field: 'new_password', message: PASSWORD_MESSAGES.arg.common }]);
      expect(await field(DEMO_PASSWORD, 'qwertyuiopasdf')).toEqual([{ field: 'new_password', message: PASSWORD_MESSAGES.arg.common }]);
      // The email's local part ('collector'), folded: upper case and accents do not hide it.
      expect(await field(DEMO_PASSWORD, 'Mi-COLLECTOR-preferido-77')).toEqual([
        { field: 'new_password', message: PASSWORD_MESSAGES.arg.personal },
      ]);
      expect(await field('no-es-la-actual', STRONG[0])).toEqual([
        { field: 'current_password', message: PASSWORD_MESSAGES.arg.wrongCurrent },
      ]);
      expect(await field(DEMO_PASSWORD, DEMO_PASSWORD)).toEqual([{ field: 'new_password', message: PASSWORD_MESSAGES.arg.sameAsCurrent }]);
      // Nothing changed: the old password still signs in, no change was logged.
      await signIn('arg', 'collector@arg.example');
      expect(await eventsOf(await idOf('collector@arg.example'), 'password_changed')).toHaveLength(0);
    });

    it('speaks usted in col, and refuses the user’s name there too', async () => {
      const { client: c } = await signIn('col', 'risk@col.example');
      const [row] = await t.app.db.select({ name: users.name }).from(users).where(eq(users.email, 'risk@col.example'));
      const longest = row.name.split(/\s+/).sort((x, y) => y.length - x.length)[0];
      const short = await c.post('/api/col/auth/password', { current_password: DEMO_PASSWORD, new_password: 'abc' });
      expect(short.json().fields).toEqual([{ field: 'new_password', message: PASSWORD_MESSAGES.col.tooShort }]);
      expect(PASSWORD_MESSAGES.col.tooShort).toMatch(/^Ingrese /);
      const named = await c.post('/api/col/auth/password', {
        current_password: DEMO_PASSWORD,
        new_password: `Zq9!${longest.toUpperCase()}#Lm4*Vx`,
      });
      expect(named.json().fields).toEqual([{ field: 'new_password', message: PASSWORD_MESSAGES.col.personal }]);
    });

    it('a change ends the user’s other sessions, keeps this one, and is logged', async () => {
      const a = await signIn('arg', 'collector@arg.example');
      const b = await signIn('arg', 'collector@arg.example');
      const res = await a.client.post('/api/arg/auth/password', { current_password: DEMO_PASSWORD, new_password: STRONG[1] });
      expect(res.statusCode, res.body).toBe(200);
      expect((await b.client.get('/api/arg/auth/user-info')).statusCode).toBe(401);
      expect((await a.client.get('/api/arg/auth/user-info')).statusCode).toBe(200);
      expect((await (await client()).login('arg', 'collector@arg.example')).statusCode).toBe(401);
      await signIn('arg', 'collector@arg.example', STRONG[1]);
      const [event] = await eventsOf(await idOf('collector@arg.example'), 'password_changed');
      expect(event.details).toMatchObject({ forced: false });
      expect(JSON.stringify(event.details)).not.toContain(STRONG[1]);
    });
  });

  describe('admin reset forces a change at next sign-in', () => {
    it('the reset ends the user’s sessions; the next session may only change the password, then works', async () => {
      const email = 'seller@arg.example';
      const userId = await idOf(email);
      const before = await signIn('arg', email);
      const temporary = STRONG[2];

      const reset = await admin.post(`/api/arg/users/${userId}/reset-password`, { password: temporary });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await before.client.get('/api/arg/auth/user-info')).statusCode).toBe(401);
      const [logged] = await eventsOf(userId, 'password_reset');
      expect(logged).toMatchObject({ actorId: adminId, country: 'arg' });

      const { client: c, login } = await signIn('arg', email, temporary);
      expect(login.must_change_password).toBe(true);
      const info = await c.get('/api/arg/auth/user-info');
      expect(info.statusCode).toBe(200);
      expect(info.json().must_change_password).toBe(true);
      // The server, not the web app, holds the session to the change form.
      const blocked = await c.get('/api/arg/sales');
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe('Debés cambiar tu contraseña antes de continuar');
      expect((await c.get('/api/arg/auth/sessions')).statusCode).toBe(403);

      const changed = await c.post('/api/arg/auth/password', { current_password: temporary, new_password: STRONG[3] });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await c.get('/api/arg/auth/user-info')).json().must_change_password).toBeUndefined();
      expect((await c.get('/api/arg/sales')).statusCode).toBe(200);
      expect((await eventsOf(userId, 'password_changed')).map((e) => e.details)).toEqual([{ forced: true, sessions_ended: 0 }]);
    });

    it('the temporary password must follow the policy too', async () => {
      const userId = await idOf('atc@arg.example');
      const res = await admin.post(`/api/arg/users/${userId}/reset-password`, { password: 'demo12345678' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'password', message: PASSWORD_MESSAGES.arg.common }]);
      expect(await eventsOf(userId, 'password_reset')).toHaveLength(0);
    });
  });

  describe('user administration', () => {
    it('is for the admins only (not a col seller, whom SPEC 6’s admin route rule lets in): others get 403 on every route, and nothing is written', async () => {
      const { client: supervisor } = await signIn('arg', 'supervisor@arg.example');
      const { client: colOperator } = await signIn('col', 'operator@col.example');
      const { client: colSeller } = await signIn('col', 'seller@col.example');
      const id = await idOf('auditor@arg.example');
      const colId = await idOf('audit@col.example');
      const tries = [
        supervisor.get('/api/arg/users'),
        supervisor.post('/api/arg/users', { name: 'Nueva Persona', email: 'nueva@arg.example', role: 2, password: STRONG[0] }),
        supervisor.patch(`/api/arg/users/${id}`, { active: false, version: 1 }),
        supervisor.post(`/api/arg/users/${id}/reset-password`, { password: STRONG[0] }),
        colOperator.get('/api/col/users'),
        colOperator.patch(`/api/col/users/${colId}`, { neotel_id: 5, version: 1 }),
        colSeller.get('/api/col/users'),
        colSeller.patch(`/api/col/users/${colId}`, { role: 'admin', version: 1 }),
      ];
      for (const res of await Promise.all(tries)) expect(res.statusCode, res.body).toBe(403);
      const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
      expect(row.active).toBe(true);
      expect((await t.app.db.select().from(users).where(eq(users.email, 'nueva@arg.example'))).length).toBe(0);
    });

    it('lists the country’s users only, with filters; another country’s user is a 404', async () => {
      const res = await admin.get('/api/arg/users?pageSize=100');
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().rows.map((r: unknown) => adminUserSchema.parse(r));
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.every((r: { email: string }) => r.email.endsWith('@arg.example'))).toBe(true);
      const found = (await admin.get('/api/arg/users?q=auditor')).json().rows;
      expect(found.map((r: { email: string }) => r.email)).toEqual(['auditor@arg.example']);
      const colId = await idOf('audit@col.example');
      expect((await admin.patch(`/api/arg/users/${colId}`, { neotel_id: 7, version: 1 })).statusCode).toBe(404);
      expect((await admin.post(`/api/arg/users/${colId}/reset-password`, { password: STRONG[0] })).statusCode).toBe(404);
      expect((await admin.get('/api/col/users')).statusCode).toBe(403);
    });

    it('creates a user who must change the password at first sign-in; a taken email is a 409; bad input names the field', async () => {
      const body = { name: 'Paula Gómez', email: 'Paula.Gomez@arg.example', role: 2, neotel_id: 3100, password: STRONG[0] };
      const res = await admin.post('/api/arg/users', body);
      expect(res.statusCode, res.body).toBe(200);
      const created = adminUserSchema.parse(res.json());
      expect(created).toMatchObject({
        email: 'paula.gomez@arg.example',
        role: '2',
        neotel_id: 3100,
        active: true,
        must_change_password: true,
      });
      expect((await eventsOf(created.id, 'user_created'))[0]).toMatchObject({ actorId: adminId, details: { role: '2', neotel_id: 3100 } });
      expect((await admin.post('/api/arg/users', body)).statusCode).toBe(409);
      const badRole = await admin.post('/api/arg/users', { ...body, email: 'otra@arg.example', role: 'seller' });
      expect(badRole.statusCode).toBe(400);
      expect(badRole.json().fields[0].field).toBe('role');
      const badPassword = await admin.post('/api/arg/users', { ...body, email: 'otra@arg.example', password: 'PaulaGomez-2026-x' });
      expect(badPassword.json().fields).toEqual([{ field: 'password', message: PASSWORD_MESSAGES.arg.personal }]);
      expect((await t.app.db.select().from(users).where(eq(users.email, 'otra@arg.example'))).length).toBe(0);
      const { login } = await signIn('arg', 'paula.gomez@arg.example', STRONG[0]);
      expect(login.must_change_password).toBe(true);
    });

    it('changes role and telephony number, deactivates (ending the user’s sessions) and reactivates; each change logged', async () => {
      const email = 'seller_wo_assignation@arg.example';
      const id = await idOf(email);
      const user = await signIn('arg', email);
      const [{ neotel }] = await t.app.db.select({ neotel: users.neotelId }).from(users).where(eq(users.id, id));
      const version = async () => (await t.app.db.select({ v: users.version }).from(users).where(eq(users.id, id)))[0].v;

      let res = await admin.patch(`/api/arg/users/${id}`, { role: 2, neotel_id: 4242, version: await version() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ role: '2', neotel_id: 4242 });
      // A change made on a stale version is refused.
      expect((await admin.patch(`/api/arg/users/${id}`, { neotel_id: 1, version: 1 })).statusCode).toBe(409);

      res = await admin.patch(`/api/arg/users/${id}`, { active: false, version: await version() });
      expect(res.statusCode, res.body).toBe(200);
      expect((await user.client.get('/api/arg/auth/user-info')).statusCode).toBe(401);
      expect((await (await client()).login('arg', email)).statusCode).toBe(403);
      res = await admin.patch(`/api/arg/users/${id}`, { active: true, version: await version() });
      expect(res.statusCode, res.body).toBe(200);
      await signIn('arg', email);

      const changes = (await eventsOf(id, 'user_changed')).map((e) => e.details);
      expect(changes).toEqual([
        { changes: { role: { from: '7', to: '2' }, neotel_id: { from: neotel, to: 4242 } } },
        { changes: { active: { from: true, to: false } }, sessions_ended: 1 },
        { changes: { active: { from: false, to: true } } },
      ]);
      expect((await admin.patch(`/api/arg/users/${id}`, { version: 1 })).statusCode).toBe(400);
    });

    it('an admin cannot deactivate themselves nor change their own role', async () => {
      const version = (await t.app.db.select({ v: users.version }).from(users).where(eq(users.id, adminId)))[0].v;
      expect((await admin.patch(`/api/arg/users/${adminId}`, { active: false, version })).statusCode).toBe(409);
      expect((await admin.patch(`/api/arg/users/${adminId}`, { role: 5, version })).statusCode).toBe(409);
      expect((await admin.get('/api/arg/auth/user-info')).statusCode).toBe(200);
    });
  });
});
