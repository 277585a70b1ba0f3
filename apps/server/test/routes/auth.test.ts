import { createHash } from 'node:crypto';
import { ROLES, demoEmail, errorBodySchema, failedAttemptsNotice, loginResponseSchema, userInfoSchema } from '@backoffice/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, sessions, users } from '../../src/db/schema';
import { DEFAULT_LOGIN_THROTTLE } from '../../src/repositories/login-throttle';
import { TestClient, createTestApp, setCookieHeader, type Driver, type TestApp } from '../helpers/app';

/** A different address per scenario, so the per-address throttle of one test never blocks another. */
let nextAddress = 1;
const freshClient = (t: TestApp) => {
  const n = nextAddress++;
  return new TestClient(t.app, `10.1.${Math.floor(n / 250)}.${(n % 250) + 1}`).init();
};

describe.each<Driver>(['pglite', 'postgres'])('auth routes on %s', (driver) => {
  let t: TestApp;
  const countRows = async (table: typeof sessions | typeof loginFailures) => (await t.app.db.select({ n: count() }).from(table))[0].n;

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api/{country}/auth/login', () => {
    it('signs an arg user in: role_id is a number, httpOnly Lax cookie, only the token hash stored', async () => {
      const client = await freshClient(t);
      const res = await client.login('arg', 'seller@arg.example');
      expect(res.statusCode).toBe(200);
      const body = loginResponseSchema.parse(res.json());
      expect(body.user).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        neotel_id: expect.any(Number),
        role_id: 2,
      });
      expect(body.user.neotel_id).toBeGreaterThan(0);
      expect('role' in body.user).toBe(false);

      const cookie = setCookieHeader(res, 'sid')!;
      expect(cookie).toContain(`sid=${body.token}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).toMatch(/Max-Age=43200/);
      expect(cookie).not.toMatch(/Secure/);

      const stored = await t.app.db.select().from(sessions).where(eq(sessions.userId, body.user.id));
      const hash = createHash('sha256').update(body.token).digest('hex');
      expect(stored.map((s) => s.tokenHash)).toContain(hash);
      expect(stored.every((s) => s.tokenHash !== body.token)).toBe(true);
      const mine = stored.find((s) => s.tokenHash === hash)!;
      expect(mine.country).toBe('arg');
      expect(mine.ip).toMatch(/^10\.1\./);
      const hours = (mine.expiresAt.getTime() - mine.createdAt.getTime()) / 3_600_000;
      expect(hours).toBeCloseTo(12, 1);
    });

    it('signs a col user in: role is a string', async () => {
      const client = await freshClient(t);
      const res = await client.login('col', 'audit@col.example');
      expect(res.statusCode).toBe(200);
      const body = loginResponseSchema.parse(res.json());
      expect(body.user).toMatchObject({ role: 'audit', neotel_id: 0 });
      expect('role_id' in body.user).toBe(false);
    });

    it('accepts the email in any case, and with the spaces a paste leaves around it', async () => {
      const res = await (await freshClient(t)).login('arg', 'ADMIN@Arg.Example');
      expect(res.statusCode).toBe(200);
      const pasted = await (await freshClient(t)).login('arg', ' admin@arg.example ');
      expect(pasted.statusCode, pasted.body).toBe(200);
    });

    it.each([
      ['a wrong password', 'arg', 'admin@arg.example', 'wrong-password'],
      ['an unknown user', 'arg', 'nobody@arg.example', 'demo1234'],
      ["the other country's user", 'arg', 'admin@col.example', 'demo1234'],
      ["an arg user on col's path", 'col', 'admin@arg.example', 'demo1234'],
    ] as const)('answers the same 401 for %s, sets no session and counts the failure', async (_case, country, email, password) => {
      const client = await freshClient(t);
      const before = await countRows(sessions);
      const failures = await countRows(loginFailures);
      const res = await client.login(country, email, password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Email o contraseña incorrectos',
        statusMessage: 'Email o contraseña incorrectos',
      });
      expect(setCookieHeader(res, 'sid')).toBeUndefined();
      expect(await countRows(sessions)).toBe(before);
      expect(await countRows(loginFailures)).toBe(failures + 1);
    });

    it('refuses an inactive user even with the right password', async () => {
      const client = await freshClient(t);
      const before = await countRows(sessions);
      const res = await client.login('arg', 'ex.vendedor@arg.example');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/desactivado/);
      expect(await countRows(sessions)).toBe(before);
      // A wrong password on that account still gets the generic answer.
      expect((await client.login('arg', 'ex.vendedor@arg.example', 'nope')).statusCode).toBe(401);
    });

    it('answers 400 naming branch_id when it does not match the path country, and writes nothing', async () => {
      const client = await freshClient(t);
      const [s, f] = [await countRows(sessions), await countRows(loginFailures)];
      const res = await client.post('/api/arg/auth/login', {
        email: 'admin@arg.example',
        password: 'demo1234',
        branch_id: 2,
      });
      expect(res.statusCode).toBe(400);
      const body = errorBodySchema.parse(res.json());
      expect(body.fields?.map((f) => f.field)).toEqual(['branch_id']);
      expect(body.message).toMatch(/^Datos inválidos: branch_id: /);
      expect([await countRows(sessions), await countRows(loginFailures)]).toEqual([s, f]);
    });

    it.each([
      ['a missing email', { password: 'x', branch_id: 1 }, ['email']],
      ['a malformed email', { email: 'not-an-email', password: 'x', branch_id: 1 }, ['email']],
      ['an empty password', { email: 'admin@arg.example', password: '', branch_id: 1 }, ['password']],
      ['an unknown branch', { email: 'admin@arg.example', password: 'x', branch_id: 7 }, ['branch_id']],
      ['several problems', { email: 3, branch_id: '1' }, ['email', 'password', 'branch_id']],
    ])('answers 400 for %s, naming the fields, and writes nothing', async (_case, payload, fieldNames) => {
      const client = await freshClient(t);
      const [s, f] = [await countRows(sessions), await countRows(loginFailures)];
      const res = await client.post('/api/arg/auth/login', payload);
      expect(res.statusCode).toBe(400);
      const body = errorBodySchema.parse(res.json());
      expect(body.fields!.map((x) => x.field)).toEqual(fieldNames);
      expect(body.message).toBe(`Datos inválidos: ${body.fields!.map((x) => `${x.field}: ${x.message}`).join('; ')}`);
      expect(body.statusMessage).toBe(body.message);
      expect([await countRows(sessions), await countRows(loginFailures)]).toEqual([s, f]);
    });

    it('answers 400 for a body that is not JSON', async () => {
      const client = await freshClient(t);
      const res = await client.request('POST', '/api/arg/auth/login', '{"email":', {
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(errorBodySchema.parse(res.json()).message).toMatch(/JSON/);
    });
  });

  describe('sign-in slowdown (growing delays, no lockout)', () => {
    /** Rows in login_failures for an account or an address. */
    const failuresOf = async (key: { country: 'arg' | 'col'; email: string } | { ip: string }) =>
      (
        await t.app.db
          .select({ n: count() })
          .from(loginFailures)
          .where(
            'ip' in key ? eq(loginFailures.ip, key.ip) : and(eq(loginFailures.country, key.country), eq(loginFailures.email, key.email)),
          )
      )[0].n;
    /** Time passes for an account's failures: each is `seconds` older. */
    const age = async (country: 'arg' | 'col', email: string, seconds: number) => {
      await t.app.db
        .update(loginFailures)
        .set({ createdAt: sql`${loginFailures.createdAt} - ${seconds} * interval '1 second'` })
        .where(and(eq(loginFailures.country, country), eq(loginFailures.email, email)));
    };
    const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

    it('past 5 failures from anywhere, delays an account by a wait that doubles with each failure, up to a minute', async () => {
      const email = 'operator@arg.example';
      // Each failure from its own address: only the account's own count is in play.
      for (let i = 0; i < 5; i++) expect((await (await freshClient(t)).login('arg', email, 'bad')).statusCode).toBe(401);
      const owner = await freshClient(t);
      const slowed = await owner.login('arg', email);
      expect(slowed.statusCode).toBe(429);
      expect(retryAfter(slowed)).toBe(2);
      expect(slowed.json().message).toBe('Demasiados intentos fallidos. Esperá 2 segundos antes de volver a intentar.');
      expect(setCookieHeader(slowed, 'sid')).toBeUndefined();
      // Asking again early does not push the wait further (a refused attempt leaves no failure).
      expect(await failuresOf({ country: 'arg', email })).toBe(5);

      // Each further failure doubles the wait: 2, 4, 8, 16, 32, then a minute at most.
      const waits: number[] = [];
      for (let i = 0; i < 7; i++) {
        await age('arg', email, 61);
        expect((await (await freshClient(t)).login('arg', email, 'bad')).statusCode).toBe(401);
        waits.push(retryAfter(await owner.login('arg', email)));
      }
      expect(waits).toEqual([4, 8, 16, 32, 60, 60, 60]);
      expect((await owner.login('arg', email)).json().message).toMatch(/^Demasiados intentos fallidos\. Esperá 1 minuto /);

      // Never a lock: once the wait has passed, the owner's right password signs in, and they are told.
      await age('arg', email, 60);
      const signedIn = await owner.login('arg', email);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(loginResponseSchema.parse(signedIn.json()).failed_attempts).toBe(12);
      expect(failedAttemptsNotice(12)).toBe('Hubo 12 intentos fallidos de ingreso a tu cuenta desde la última vez');
      // The success forgave the account's failures, and the next sign-in has nothing to tell.
      expect(await failuresOf({ country: 'arg', email })).toBe(0);
      const next = await owner.login('arg', email);
      expect(next.statusCode).toBe(200);
      expect(next.json().failed_attempts).toBeUndefined();
    });

    it('slows one address guessing one account after 3 failures, while the owner elsewhere signs in', async () => {
      const email = 'auditor@arg.example';
      const attacker = await freshClient(t);
      for (let i = 0; i < 3; i++) expect((await attacker.login('arg', email, 'bad')).statusCode).toBe(401);
      const slowed = await attacker.login('arg', email, 'bad');
      expect(slowed.statusCode).toBe(429);
      expect(retryAfter(slowed)).toBe(2);
      const owner = await (await freshClient(t)).login('arg', email);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().failed_attempts).toBe(3);
    });

    it('slows an address after 20 failures whatever the account, without shutting out the next address', async () => {
      const client = await freshClient(t);
      for (let i = 0; i < 20; i++) {
        expect((await client.login('arg', `guess${i}@arg.example`, 'bad')).statusCode).toBe(401);
      }
      const res = await client.login('arg', 'supervisor@arg.example');
      expect(res.statusCode).toBe(429);
      expect(retryAfter(res)).toBe(2);
      // Past the wait the address may try again: a right password signs in.
      await t.app.db
        .update(loginFailures)
        .set({ createdAt: sql`${loginFailures.createdAt} - interval '3 seconds'` })
        .where(eq(loginFailures.ip, client.remoteAddress));
      expect((await client.login('arg', 'supervisor@arg.example')).statusCode).toBe(200);
      expect((await (await freshClient(t)).login('arg', 'supervisor@arg.example')).statusCode).toBe(200);
    });

    it('signing in again and again with the right password is never slowed', async () => {
      const client = await freshClient(t);
      for (let i = 0; i < 12; i++) expect((await client.login('arg', 'atc@arg.example')).statusCode).toBe(200);
    });
  });

  describe('sign-in slowdown under concurrent bursts', () => {
    // Delays longer than a burst lasts on a busy machine: then no attempt may pass the free failures.
    let slow: TestApp;
    beforeAll(async () => {
      slow = await createTestApp(driver, { loginThrottle: { ...DEFAULT_LOGIN_THROTTLE, delayBaseSeconds: 600, delayMaxSeconds: 600 } });
    });
    afterAll(async () => {
      await slow?.close();
    });
    const failuresOf = async (key: { country: 'arg' | 'col'; email: string } | { ip: string }) =>
      (
        await slow.app.db
          .select({ n: count() })
          .from(loginFailures)
          .where(
            'ip' in key ? eq(loginFailures.ip, key.ip) : and(eq(loginFailures.country, key.country), eq(loginFailures.email, key.email)),
          )
      )[0].n;

    it('checks at most 5 of 40 concurrent wrong passwords for one account, and then slows the right one', async () => {
      const account = { country: 'col', email: 'risk@col.example' } as const;
      // Each from its own address, so only the account's count is in play.
      const clients = await Promise.all(Array.from({ length: 40 }, () => freshClient(slow)));
      const codes = (await Promise.all(clients.map((c) => c.login('col', account.email, 'wrong-password')))).map((res) => res.statusCode);
      const checked = codes.filter((code) => code === 401).length;
      expect(checked).toBeLessThanOrEqual(5);
      expect(codes.filter((code) => code === 429)).toHaveLength(40 - checked);
      // Each checked password left its failure; the refused attempts left nothing.
      expect(await failuresOf(account)).toBe(checked);

      for (let i = checked; i < 5; i++) expect((await clients[i].login('col', account.email, 'bad')).statusCode).toBe(401);
      const slowed = await (await freshClient(slow)).login('col', account.email);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json()).toMatchObject({
        statusCode: 429,
        message: 'Demasiados intentos fallidos. Espere 10 minutos antes de volver a intentar.',
      });
      expect(await failuresOf(account)).toBe(5);
    });

    it('checks at most 20 of 60 concurrent wrong passwords from one address', async () => {
      const address = { ip: '10.9.0.1' };
      const client = await new TestClient(slow.app, address.ip).init();
      const codes = (await Promise.all(Array.from({ length: 60 }, (_, i) => client.login('arg', `burst${i}@arg.example`, 'bad')))).map(
        (res) => res.statusCode,
      );
      const checked = codes.filter((code) => code === 401).length;
      expect(checked).toBeLessThanOrEqual(20);
      expect(codes.filter((code) => code === 429)).toHaveLength(60 - checked);
      expect(await failuresOf(address)).toBe(checked);
    });
  });

  describe('GET /api/{country}/auth/user-info', () => {
    it('answers the signed-in user (arg role as number)', async () => {
      const client = await freshClient(t);
      const login = loginResponseSchema.parse((await client.login('arg', 'auditor@arg.example')).json());
      const res = await client.get('/api/arg/auth/user-info');
      expect(res.statusCode).toBe(200);
      expect(userInfoSchema.parse(res.json())).toEqual({
        id: login.user.id,
        role: 4,
        name: login.user.name,
        email: 'auditor@arg.example',
        neotel_id: 0,
        idle_timeout_minutes: 30,
      });
    });

    it('answers the col role as a string', async () => {
      const client = await freshClient(t);
      await client.login('col', 'seller@col.example');
      const info = userInfoSchema.parse((await client.get('/api/col/auth/user-info')).json());
      expect(info.role).toBe('seller');
      expect(info.neotel_id).toBeGreaterThan(0);
    });

    it('accepts the token as a Bearer header (API clients)', async () => {
      const client = await freshClient(t);
      const { token } = loginResponseSchema.parse((await client.login('arg', 'webservice@arg.example')).json());
      const res = await t.app.inject({ url: '/api/arg/auth/user-info', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json().role).toBe(3);
    });

    it('answers 401 when not signed in, with a bad token, or when the session has expired', async () => {
      const client = await freshClient(t);
      const anonymous = await client.get('/api/arg/auth/user-info');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe('Sesión no iniciada o vencida');

      const forged = await t.app.inject({ url: '/api/arg/auth/user-info', headers: { cookie: 'sid=forged-token' } });
      expect(forged.statusCode).toBe(401);

      const { token } = loginResponseSchema.parse((await client.login('arg', 'atc@arg.example')).json());
      expect((await client.get('/api/arg/auth/user-info')).statusCode).toBe(200);
      const hash = createHash('sha256').update(token).digest('hex');
      await t.app.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(sessions.tokenHash, hash));
      expect((await client.get('/api/arg/auth/user-info')).statusCode).toBe(401);
    });

    it('answers 401 once the user is deactivated', async () => {
      const client = await freshClient(t);
      const login = loginResponseSchema.parse((await client.login('col', 'risk@col.example')).json());
      expect((await client.get('/api/col/auth/user-info')).statusCode).toBe(200);
      await t.app.db.update(users).set({ active: false }).where(eq(users.id, login.user.id));
      try {
        expect((await client.get('/api/col/auth/user-info')).statusCode).toBe(401);
      } finally {
        await t.app.db.update(users).set({ active: true }).where(eq(users.id, login.user.id));
      }
    });

    it("answers 403 on the other country's path", async () => {
      const client = await freshClient(t);
      await client.login('arg', 'admin@arg.example');
      const res = await client.get('/api/col/auth/user-info');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Su usuario no pertenece a este país');
    });
  });

  describe('GET /api/{country}/auth/logout', () => {
    it('deletes the session and clears the cookie', async () => {
      const client = await freshClient(t);
      const { token } = loginResponseSchema.parse((await client.login('arg', 'collector@arg.example')).json());
      const cookie = client.jar.get('sid');
      expect(cookie).toBe(token);

      const res = await client.get('/api/arg/auth/logout');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(setCookieHeader(res, 'sid')).toMatch(/^sid=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
      const hash = createHash('sha256').update(token).digest('hex');
      expect(await t.app.db.select().from(sessions).where(eq(sessions.tokenHash, hash))).toEqual([]);

      // The old token no longer works, not even as a Bearer token.
      const reuse = await t.app.inject({
        url: '/api/arg/auth/user-info',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(reuse.statusCode).toBe(401);
    });

    it('answers ok when not signed in', async () => {
      const res = await (await freshClient(t)).get('/api/col/auth/logout');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    });
  });

  it('seeded one account per SPEC 6 role that can sign in with demo1234', async () => {
    for (const country of ['arg', 'col'] as const) {
      for (const role of ROLES[country]) {
        const res = await (await freshClient(t)).login(country, demoEmail(country, role));
        expect(res.statusCode, demoEmail(country, role)).toBe(200);
        const user = res.json().user;
        expect(country === 'arg' ? user.role_id : user.role).toBe(role.id);
      }
    }
  });
});

describe('secure cookies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { cookieSecure: true, seedLeads: 0, sessionTtlHours: 2 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('marks sid and XSRF-TOKEN Secure when COOKIE_SECURE is on, and uses SESSION_TTL_HOURS', async () => {
    const client = new TestClient(t.app);
    const first = await client.get('/api/health');
    expect(setCookieHeader(first, 'XSRF-TOKEN')).toMatch(/Secure/);
    const res = await client.login('arg', 'admin@arg.example');
    expect(res.statusCode).toBe(200);
    expect(setCookieHeader(res, 'sid')).toMatch(/Secure/);
    expect(setCookieHeader(res, 'sid')).toMatch(/Max-Age=7200/);
  });
});
