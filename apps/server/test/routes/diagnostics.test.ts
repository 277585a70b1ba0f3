import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIAL_MESSAGES, MESSAGES, diagnosticsResponseSchema, testCallResponseSchema, type Country } from '@backoffice/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, stageRuns, users } from '../../src/db/schema';
import { NeotelAdapter, SimulatedTelephony } from '../../src/services/telephony';
import { TestClient, createTestApp, tempDir, type Driver, type TestApp } from '../helpers/app';
import { insertKnownLeads } from '../helpers/leads-fixture';

/*
 * /test diagnostics (DOMAIN 4: SPEC 6's admin route rule, arg role 1, col admin and seller): the health
 * blocks and the test call through the telephony adapter, on both drivers.
 */

describe('telephony health (no database)', () => {
  it('the simulator is always up and says what it fails on purpose', async () => {
    await expect(new SimulatedTelephony({ failAll: false, failSuffix: '0000' }).health()).resolves.toEqual({
      ok: true,
      detail: expect.stringMatching(/terminados en 0000/),
    });
    await expect(new SimulatedTelephony({ failAll: true, failSuffix: '' }).health()).resolves.toMatchObject({
      ok: true,
      detail: expect.stringMatching(/TELEPHONY_SIMULATE_FAILURE/),
    });
  });

  it('neotel: up when its base URL answers in time, down when it errs, is unreachable or too slow', async () => {
    let mode: 'ok' | 'error' | 'slow' = 'ok';
    const seen: (string | undefined)[] = [];
    const server: Server = createServer((req, res) => {
      seen.push(req.headers.authorization);
      if (mode === 'slow') return void setTimeout(() => res.writeHead(200).end(), 1_000);
      res.writeHead(mode === 'ok' ? 404 : 503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
    try {
      const adapter = new NeotelAdapter({ baseUrl: url, token: 'tok', timeoutMs: 300 });
      await expect(adapter.health()).resolves.toEqual({ ok: true, detail: 'Neotel responde (HTTP 404)' });
      expect(seen).toEqual(['Bearer tok']);
      mode = 'error';
      await expect(adapter.health()).resolves.toEqual({ ok: false, detail: 'Neotel respondió 503' });
      mode = 'slow';
      await expect(adapter.health()).resolves.toEqual({ ok: false, detail: 'Neotel no respondió en 300 ms' });
      await expect(new NeotelAdapter({ baseUrl: 'http://127.0.0.1:9/', timeoutMs: 300 }).health()).resolves.toMatchObject({
        ok: false,
        detail: expect.stringMatching(/^Neotel no responde/),
      });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe.each<Driver>(['pglite', 'postgres'])('diagnostics on %s', (driver) => {
  let t: TestApp;
  const clients = new Map<string, TestClient>();

  const as = async (country: Country, email: string, app = t): Promise<TestClient> => {
    const key = `${app === t ? 'main' : 'other'}:${country}:${email}`;
    if (!clients.has(key)) {
      const client = new TestClient(app.app);
      const res = await client.login(country, email);
      expect(res.statusCode, res.body).toBe(200);
      clients.set(key, client);
    }
    return clients.get(key)!;
  };
  const userOf = async (app: TestApp, email: string) =>
    (await app.app.db.select({ id: users.id, neotel: users.neotelId }).from(users).where(eq(users.email, email)))[0];
  const callsOf = async (app: TestApp, userId: number) =>
    app.app.db.select().from(calls).where(eq(calls.userId, userId)).orderBy(desc(calls.id));

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the admin sees every block, with this app’s driver and realtime adapter', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const res = await admin.get('/api/arg/diagnostics');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = diagnosticsResponseSchema.parse(res.json());
    expect(body.api).toMatchObject({ status: 'ok', version: '0.1.0', build_id: null });
    expect(body.api.uptime_s).toBeGreaterThanOrEqual(0);
    expect(body.database).toMatchObject({ driver, ok: true });
    expect(body.database.latency_ms).toBeGreaterThanOrEqual(0);
    expect(body.telephony).toMatchObject({ adapter: 'simulator', ok: true });
    // inject-only: the bridge is configured but this node does not listen, so nothing is attached.
    expect(body.realtime).toEqual({
      enabled: true,
      path: '/socket.io',
      attached: false,
      clients: 0,
      adapter: driver === 'postgres' ? 'postgres' : 'memory',
    });
    // The tests' app runs stages only by hand (testConfig), so this node looks for no retries.
    expect(body.stages).toEqual({ adapter: 'simulator', auto_run: false, worker_seconds: 0, retrying: 0, stopped: 0, ok: true });
  });

  it('reports the country’s failed stage runs: retrying and stopped, and not ok while there are any', async () => {
    const [lead] = await insertKnownLeads(t.app, 'arg', 1, []);
    const [other] = await insertKnownLeads(t.app, 'col', 1, []);
    await t.app.db.insert(stageRuns).values([
      { leadId: lead.id, country: 'arg', statusId: lead.statusId, attempts: 5, runAfter: sql`'infinity'::timestamptz`, lastError: 'down' },
      { leadId: other.id, country: 'col', statusId: other.statusId, attempts: 1, lastError: 'down' },
    ]);
    try {
      const admin = await as('arg', 'admin@arg.example');
      const body = diagnosticsResponseSchema.parse((await admin.get('/api/arg/diagnostics')).json());
      expect(body.stages).toMatchObject({ retrying: 0, stopped: 1, ok: false });
      const colAdmin = await as('col', 'admin@col.example');
      expect(diagnosticsResponseSchema.parse((await colAdmin.get('/api/col/diagnostics')).json()).stages).toMatchObject({
        retrying: 1,
        stopped: 0,
        ok: false,
      });
    } finally {
      await t.app.db.delete(stageRuns);
    }
  });

  it('SPEC 6 admin rule: arg role 1 only; col admin and seller; the other country and anonymous refused', async () => {
    for (const email of ['supervisor@arg.example', 'seller@arg.example', 'operator@arg.example', 'auditor@arg.example']) {
      const client = await as('arg', email);
      expect((await client.get('/api/arg/diagnostics')).statusCode, email).toBe(403);
      expect((await client.post('/api/arg/diagnostics/test-call', { cellphone: '1155554444' })).statusCode, email).toBe(403);
    }
    for (const email of ['admin@col.example', 'seller@col.example']) {
      const res = await (await as('col', email)).get('/api/col/diagnostics');
      expect(res.statusCode, `${email} ${res.body}`).toBe(200);
    }
    expect((await (await as('col', 'supervisor@col.example')).get('/api/col/diagnostics')).statusCode).toBe(403);
    // The other country's path.
    expect((await (await as('arg', 'admin@arg.example')).get('/api/col/diagnostics')).statusCode).toBe(403);
    expect(
      (await (await as('col', 'admin@col.example')).post('/api/arg/diagnostics/test-call', { cellphone: '1155554444' })).statusCode,
    ).toBe(403);
    const anonymous = await new TestClient(t.app).init();
    expect((await anonymous.get('/api/arg/diagnostics')).statusCode).toBe(401);
  });

  it('test call: hangs up first, starts through the adapter, recorded as a call without lead', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const me = await userOf(t, 'admin@arg.example');
    expect(me.neotel).toBeGreaterThan(0);

    let res = await admin.post('/api/arg/diagnostics/test-call', { cellphone: '11-5555-4444' });
    expect(res.statusCode, res.body).toBe(200);
    const first = testCallResponseSchema.parse(res.json());
    expect(first.detail).toMatch(/simulador/);
    expect(Date.now() - new Date(first.started_at).getTime()).toBeLessThan(60_000);
    let [row] = await callsOf(t, me.id);
    expect(row).toMatchObject({
      id: first.call_id,
      country: 'arg',
      neotelUser: me.neotel,
      cellphone: '1155554444',
      leadId: null,
      adapter: 'simulator',
      status: 'started',
      outcome: null,
    });

    // The next test call ends the open one first (the hang-up of the call flow).
    res = await admin.post('/api/arg/diagnostics/test-call', { cellphone: '1155553333' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await callsOf(t, me.id);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [res.json().call_id, 'started'],
      [first.call_id, 'ended'],
    ]);

    // Validation, and XSRF on the POST.
    res = await admin.post('/api/arg/diagnostics/test-call', { cellphone: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ field: 'cellphone' })]);
    // A test call costs what any call does: never abroad, premium-rate or special (nothing called or recorded).
    for (const [cellphone, message] of [
      ['+1 900 555 1234', DIAL_MESSAGES.international.arg],
      ['0600 222 3333', DIAL_MESSAGES.premium.arg],
      ['0800 333 4444', DIAL_MESSAGES.special.arg],
    ]) {
      res = await admin.post('/api/arg/diagnostics/test-call', { cellphone });
      expect(res.statusCode, cellphone).toBe(400);
      expect(res.json().fields, cellphone).toEqual([{ field: 'cellphone', message }]);
    }
    res = await admin.post('/api/arg/diagnostics/test-call', { cellphone: '1155552222' }, { xsrf: false });
    expect(res.statusCode).toBe(403);
    [row] = await callsOf(t, me.id);
    expect(row.cellphone).toBe('1155553333');

    // A col seller (allowed by the rule) calls from their own telephony user.
    const colSeller = await userOf(t, 'seller@col.example');
    res = await (await as('col', 'seller@col.example')).post('/api/col/diagnostics/test-call', { cellphone: '01 900 555 1234' });
    expect(res.json().fields).toEqual([{ field: 'cellphone', message: DIAL_MESSAGES.premium.col }]);
    res = await (await as('col', 'seller@col.example')).post('/api/col/diagnostics/test-call', { cellphone: '+57 300 111 2222' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await callsOf(t, colSeller.id))[0].cellphone).toBe('3001112222');
    expect((await callsOf(t, colSeller.id))[0]).toMatchObject({ country: 'col', neotelUser: colSeller.neotel, status: 'started' });
  });

  it('a user without a telephony number gets the exact SPEC error (400) and nothing is called', async () => {
    // A col seller passes the rule; this demo one has neotel_id 0.
    const client = await as('col', 'vendedor.sin.neotel@col.example');
    const me = await userOf(t, 'vendedor.sin.neotel@col.example');
    expect(me.neotel).toBe(0);
    const res = await client.post('/api/col/diagnostics/test-call', { cellphone: '3001112222' });
    expect(res.statusCode).toBe(400);
    expect(res.json().statusMessage).toBe(MESSAGES.noNeotelUser);
    expect(res.json().statusMessage).toBe('Error: No tienes un usuario de neotel asignado');
    expect(await callsOf(t, me.id)).toHaveLength(0);
  });

  it('a failing number: 502 with the reason in Spanish, the failed call recorded', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const me = await userOf(t, 'admin@arg.example');
    const res = await admin.post('/api/arg/diagnostics/test-call', { cellphone: '1155550000' });
    expect(res.statusCode).toBe(502);
    expect(res.json().statusMessage).toBe('La llamada de prueba no se pudo iniciar: Simulador: los números terminados en 0000 fallan');
    expect((await callsOf(t, me.id))[0]).toMatchObject({
      cellphone: '1155550000',
      status: 'failed',
      leadId: null,
      outcome: expect.stringMatching(/terminados en 0000/),
    });
  });

  it('TELEPHONY_SIMULATE_FAILURE: the hang-up fails first, 502, nothing started; the build id of the served web', async () => {
    // A deployed web build: its id is what the API block reports.
    const dist = tempDir();
    mkdirSync(`${dist.path}/builds`);
    writeFileSync(`${dist.path}/builds/latest.json`, JSON.stringify({ id: 'build-123', timestamp: 1 }));
    const failing = await createTestApp(driver, {
      seedLeads: 0,
      webDist: dist.path,
      telephony: { adapter: 'simulator', simulateFailure: true, failSuffix: '', neotelTimeoutMs: 1_000 },
    });
    try {
      const admin = new TestClient(failing.app);
      expect((await admin.login('arg', 'admin@arg.example')).statusCode).toBe(200);
      const diag = diagnosticsResponseSchema.parse((await admin.get('/api/arg/diagnostics')).json());
      expect(diag.telephony).toMatchObject({ adapter: 'simulator', ok: true, detail: expect.stringMatching(/todas las llamadas fallan/) });
      expect(diag.api.build_id).toBe('build-123');
      const res = await admin.post('/api/arg/diagnostics/test-call', { cellphone: '1155554444' });
      expect(res.statusCode).toBe(502);
      expect(res.json().statusMessage).toMatch(
        /^La llamada de prueba falló al cortar la llamada anterior: Simulador: todas las llamadas fallan/,
      );
      expect(await callsOf(failing, (await userOf(failing, 'admin@arg.example')).id)).toHaveLength(0);
    } finally {
      await failing.close();
      dist.remove();
    }
  });

  it('a listening node reports the bridge attached and counts its connected sockets; an unreachable Neotel is down', async () => {
    const node = await createTestApp(driver, {
      seedLeads: 0,
      realtime: { enabled: true, path: '/socket.io', origins: [], reminderCheckSeconds: 0 },
      telephony: {
        adapter: 'neotel',
        neotelBaseUrl: 'http://127.0.0.1:9/',
        neotelTimeoutMs: 300,
        simulateFailure: false,
        failSuffix: '0000',
      },
    });
    try {
      await node.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(node.app.server.address() as AddressInfo).port}`;
      const admin = new TestClient(node.app);
      const login = await admin.login('arg', 'admin@arg.example');
      expect(login.statusCode).toBe(200);
      const socket = connect(url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        auth: { token: login.json().token },
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      try {
        const body = diagnosticsResponseSchema.parse((await admin.get('/api/arg/diagnostics')).json());
        expect(body.realtime).toEqual({
          enabled: true,
          path: '/socket.io',
          attached: true,
          clients: 1,
          adapter: node.databaseUrl ? 'postgres' : 'memory',
        });
        expect(body.telephony).toMatchObject({ adapter: 'neotel', ok: false, detail: expect.stringMatching(/^Neotel no respond/) });
      } finally {
        socket.disconnect();
      }
    } finally {
      await node.close();
    }
  });
});
