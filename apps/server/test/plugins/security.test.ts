import { errorBodySchema, loginResponseSchema } from '@backoffice/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { errorLogs } from '../../src/db/schema';
import { HttpError } from '../../src/lib/errors';
import { securityHeaders } from '../../src/plugins/external/helmet';
import { countryScope } from '../../src/plugins/app/auth';
import { TestClient, createTestApp, setCookieHeader, type Driver, type TestApp } from '../helpers/app';

const validLog = { message: 'boom', path: '/leads', timestamp: '2025-05-01T10:00:00.000Z' };

/** Test-only routes: the authorize decorator on real screens of the shared table, and a crashing handler. */
function testRoutes(app: App) {
  app.register(
    async (scope) => {
      scope.addHook('onRequest', countryScope('arg'));
      scope.get('/test-only/audits', { onRequest: app.authorize('audits') }, async () => ({ ok: true }));
      scope.get('/test-only/sales', { onRequest: app.authorize('sales') }, async () => ({ ok: true }));
      scope.post('/test-only/echo', { onRequest: app.authenticate }, async (request) => ({ got: request.body }));
    },
    { prefix: '/api/arg' },
  );
  app.get('/api/test-only/crash', async () => {
    throw new Error('connection to 10.0.0.5 refused: secret detail');
  });
  app.get('/api/test-only/teapot', async () => {
    throw new HttpError(418, 'Soy una tetera');
  });
}

describe.each<Driver>(['pglite', 'postgres'])('security on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 }, testRoutes);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('XSRF double submit', () => {
    it('hands out a readable XSRF-TOKEN cookie once, on any response', async () => {
      const client = new TestClient(t.app);
      const first = await client.get('/api/health');
      const cookie = setCookieHeader(first, 'XSRF-TOKEN')!;
      expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{32,};/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/HttpOnly/);
      // Not renewed while the browser has one.
      expect(setCookieHeader(await client.get('/api/health'), 'XSRF-TOKEN')).toBeUndefined();
      // Also on error answers.
      expect(setCookieHeader(await t.app.inject({ url: '/api/nope' }), 'XSRF-TOKEN')).toBeDefined();
    });

    it('refuses a POST without the header with 403, before validating the body', async () => {
      const client = await new TestClient(t.app).init();
      const before = (await t.app.db.select({ n: count() }).from(errorLogs))[0].n;
      // An invalid body: were validation first, this would be a 400.
      const res = await client.post('/api/log/error', { nothing: true }, { xsrf: false });
      expect(res.statusCode).toBe(403);
      expect(errorBodySchema.parse(res.json()).message).toBe('Token XSRF ausente o inválido');
      const login = await client.post(
        '/api/arg/auth/login',
        { email: 'admin@arg.example', password: 'demo1234', branch_id: 1 },
        { xsrf: false },
      );
      expect(login.statusCode).toBe(403);
      expect(setCookieHeader(login, 'sid')).toBeUndefined();
      expect((await t.app.db.select({ n: count() }).from(errorLogs))[0].n).toBe(before);
    });

    it('refuses a header that does not match the cookie, and a header without cookie', async () => {
      const client = await new TestClient(t.app).init();
      const token = client.xsrfToken!;
      const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
      expect((await client.post('/api/log/error', validLog, { xsrf: false, headers: { 'x-xsrf-token': wrong } })).statusCode).toBe(403);
      expect((await client.post('/api/log/error', validLog, { xsrf: false, headers: { 'x-xsrf-token': 'short' } })).statusCode).toBe(403);
      const noCookie = await t.app.inject({
        method: 'POST',
        url: '/api/log/error',
        headers: { 'x-xsrf-token': token },
        payload: validLog,
      });
      expect(noCookie.statusCode).toBe(403);
    });

    it('lets a matching header through', async () => {
      const client = await new TestClient(t.app).init();
      expect((await client.post('/api/log/error', validLog)).statusCode).toBe(201);
      expect((await client.login('arg', 'admin@arg.example')).statusCode).toBe(200);
    });

    it('exempts Bearer requests without cookies, but not Bearer requests that carry cookies', async () => {
      const browser = new TestClient(t.app);
      const { token } = loginResponseSchema.parse((await browser.login('arg', 'webservice@arg.example')).json());
      const bearerOnly = await t.app.inject({
        method: 'POST',
        url: '/api/arg/test-only/echo',
        headers: { authorization: `Bearer ${token}` },
        payload: { a: 1 },
      });
      expect(bearerOnly.statusCode).toBe(200);
      expect(bearerOnly.json()).toEqual({ got: { a: 1 } });

      const withCookies = await t.app.inject({
        method: 'POST',
        url: '/api/arg/test-only/echo',
        headers: { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${browser.xsrfToken}` },
        payload: { a: 1 },
      });
      expect(withCookies.statusCode).toBe(403);
    });

    it('does not check safe methods', async () => {
      const client = new TestClient(t.app);
      await client.login('arg', 'admin@arg.example');
      expect((await client.get('/api/arg/auth/user-info', { headers: { 'x-xsrf-token': 'whatever' } })).statusCode).toBe(200);
    });
  });

  describe('authorize (shared role table)', () => {
    it('answers 401 to anonymous requests', async () => {
      const res = await new TestClient(t.app).get('/api/arg/test-only/audits');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Sesión no iniciada o vencida');
    });

    it.each([
      ['auditor@arg.example', 'audits', 200],
      ['supervisor@arg.example', 'audits', 200],
      ['seller@arg.example', 'audits', 403],
      ['collector@arg.example', 'audits', 403],
      // SPEC 6 sales rule: arg roles 14 and 2 only, so not even the admin, nor the seller without assignation.
      ['seller@arg.example', 'sales', 200],
      ['admin@arg.example', 'sales', 403],
      ['seller_wo_assignation@arg.example', 'sales', 403],
    ])('%s on %s → %i', async (email, screen, status) => {
      const client = new TestClient(t.app);
      expect((await client.login('arg', email)).statusCode).toBe(200);
      const res = await client.get(`/api/arg/test-only/${screen}`);
      expect(res.statusCode).toBe(status);
      if (status === 403) expect(res.json().message).toBe('No tenés permiso para esta acción');
    });

    it('refuses a user of the other country before looking at the role', async () => {
      const client = new TestClient(t.app);
      await client.login('col', 'admin@col.example');
      const res = await client.get('/api/arg/test-only/audits');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Tu usuario no pertenece a este país');
    });
  });

  describe('errors', () => {
    it('answers unknown /api paths with the JSON error body', async () => {
      for (const url of ['/api/xx/auth/user-info', '/api/arg/nothing', '/api', '/api/col/auth/login?x=1']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        const body = errorBodySchema.parse(res.json());
        expect(body.error).toBe('Not Found');
        expect(body.statusMessage).toBe(body.message);
      }
    });

    it('hides the details of a 5xx', async () => {
      const res = await t.app.inject({ url: '/api/test-only/crash' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Error interno del servidor',
        statusMessage: 'Error interno del servidor',
      });
      expect(res.body).not.toContain('secret');
    });

    it('keeps the message of a 4xx', async () => {
      const res = await t.app.inject({ url: '/api/test-only/teapot' });
      expect(res.statusCode).toBe(418);
      expect(res.json()).toMatchObject({ message: 'Soy una tetera', statusMessage: 'Soy una tetera' });
    });
  });

  it('sends security headers with a CSP fit for the SPA', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // On every answer, errors included.
    const missing = await t.app.inject({ url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(csp);
    expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/arg/auth/login', '/api/col/datatables/filter-resources', '/api/log/error']));
  });
});

describe('securityHeaders', () => {
  it("computes helmet's headers once from the options", () => {
    const secure = securityHeaders({ strictTransportSecurity: true, contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } });
    expect(secure['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(secure['content-security-policy']).toContain("default-src 'self'");
    expect(securityHeaders({ strictTransportSecurity: false })['strict-transport-security']).toBeUndefined();
  });
});
