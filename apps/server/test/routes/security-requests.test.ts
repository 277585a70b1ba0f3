import { loginResponseSchema } from '@backoffice/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';

/**
 * Requests a cross-site page could forge (SPEC 7's GETs with side effects) and answers a cache could keep
 * (every answer given to a session).
 */
describe.each<Driver>(['pglite', 'postgres'])('XSRF on GETs and no-store on %s', (driver) => {
  let t: TestApp;
  let n = 0;
  const client = () => new TestClient(t.app, `10.7.0.${++n}`).init();
  const signIn = async (email: string) => {
    const c = await client();
    const res = await c.login('arg', email);
    expect(res.statusCode, res.body).toBe(200);
    return { client: c, token: loginResponseSchema.parse(res.json()).token };
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['resolve-call', 'postpone-call'])(
    'sales/%s needs the XSRF header with the session cookie; a Bearer client does not',
    async (action) => {
      const { client: seller, token } = await signIn('seller@arg.example');
      const url = `/api/arg/sales/${action}?id=99999999`;
      const forged = await seller.get(url, { xsrf: false });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().message).toBe('Token XSRF ausente o inválido');
      // With the header the route runs (an unknown call back is its own 404).
      expect((await seller.get(url)).statusCode).toBe(404);
      const bearer = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expect(bearer.statusCode).toBe(404);
    },
  );

  it('auth/logout without the XSRF header leaves the session alive; with it, ends it', async () => {
    const { client: user } = await signIn('operator@arg.example');
    const forged = await user.get('/api/arg/auth/logout', { xsrf: false });
    expect(forged.statusCode).toBe(403);
    expect((await user.get('/api/arg/auth/user-info')).statusCode).toBe(200);
    expect((await user.get('/api/arg/auth/logout')).statusCode).toBe(200);
    expect((await user.get('/api/arg/auth/user-info')).statusCode).toBe(401);
  });

  it('a Bearer client signs out without any XSRF header', async () => {
    const { token } = await signIn('atc@arg.example');
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/arg/auth/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/arg/auth/user-info', headers })).statusCode).toBe(401);
  });

  it('every API route answers a signed-in client with Cache-Control: no-store, whatever its status', async () => {
    const { client: admin } = await signIn('admin@arg.example');
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      // col's routes are arg's under another prefix (and an arg session gets 403 there).
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/col/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })))
      // Signing out last: the session must live through the walk.
      .sort((a, b) => Number(a.path.endsWith('/auth/logout')) - Number(b.path.endsWith('/auth/logout')));
    expect(routes.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const { method, path } of routes) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await admin.request(method as 'GET', url, method === 'GET' ? undefined : {});
      if (res.headers['cache-control'] !== 'no-store')
        missing.push(`${method} ${path} ${res.statusCode} ${String(res.headers['cache-control'])}`);
    }
    expect(missing).toEqual([]);
  });
});
