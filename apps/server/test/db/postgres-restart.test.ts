import { createServer, connect, type Server, type Socket } from 'node:net';
import { inVoice } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { sessions, users } from '../../src/db/schema';
import { MESSAGES } from '../../src/lib/errors';
import { TestClient, createPostgresDatabase, testConfig } from '../helpers/app';

const UPSTREAM = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');

/**
 * A TCP proxy between the app's pool and PostgreSQL that the test cuts (every connection reset, new ones
 * refused: what a restarting server looks like to its clients) and restores on the same port.
 */
class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(Number(UPSTREAM.port || 5432), UPSTREAM.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async cut(): Promise<void> {
    const server = this.server!;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of this.sockets) s.resetAndDestroy();
    await closed;
  }

  async stop(): Promise<void> {
    if (this.server) await this.cut();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Issue 40 §4: PostgreSQL restarted under load. PostgreSQL only: PGlite is in the process and cannot go away. */
describe('PostgreSQL restarted under load', () => {
  const proxy = new CuttableProxy();
  let app: App;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    await proxy.start();
    const url = new URL(database.url);
    url.host = `127.0.0.1:${proxy.port}`;
    app = await buildApp(testConfig({ databaseUrl: url.toString() }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await proxy.stop();
    await drop?.();
  });

  it('requests in flight answer 503 (never a hang nor a 500), health says degraded, the pool reconnects, no acknowledged write is lost', async () => {
    const reader = await new TestClient(app, '10.5.0.1').init();
    expect((await reader.login('arg', 'operator@arg.example')).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });

    // Load: sign-ins (each a written session and security log row) and reads, until told to stop.
    const acknowledged: string[] = [];
    const statuses: number[] = [];
    let slowest = 0;
    let running = true;
    const worker = async (i: number) => {
      const c = await new TestClient(app, `10.5.1.${i}`).init().catch(() => new TestClient(app, `10.5.1.${i}`));
      while (running) {
        const started = Date.now();
        const res = i % 2 === 0 ? await c.login('arg', 'auditor@arg.example') : await reader.get('/api/arg/auth/user-info');
        slowest = Math.max(slowest, Date.now() - started);
        statuses.push(res.statusCode);
        if (res.statusCode === 503) expect(res.json().message).toBe(inVoice('arg', MESSAGES.databaseUnavailable));
        if (i % 2 === 0 && res.statusCode === 200) acknowledged.push(res.json().token);
      }
    };
    const workers = Array.from({ length: 6 }, (_, i) => worker(i));

    await sleep(600);
    const beforeCut = acknowledged.length;
    await proxy.cut();
    await sleep(1500);
    // While the database is away: a failing request is a 503 at once, and health says degraded.
    const away = await app.inject({ url: '/api/health' });
    expect(away.statusCode).toBe(200);
    expect(away.json()).toEqual({ status: 'degraded', database: 'unavailable' });
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(503);
    const during = await reader.get('/api/arg/auth/user-info');
    expect(during.statusCode).toBe(503);
    expect(during.headers['retry-after']).toBe('5');

    await proxy.start();
    // The pool reconnects: health comes back without a restart of the app.
    const deadline = Date.now() + 10_000;
    while ((await app.inject({ url: '/api/health' })).json().status !== 'ok') {
      expect(Date.now()).toBeLessThan(deadline);
      await sleep(200);
    }
    await sleep(600);
    running = false;
    await Promise.all(workers);

    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(6000);
    expect(acknowledged.length).toBeGreaterThan(beforeCut);
    expect((await reader.get('/api/arg/auth/user-info')).statusCode).toBe(200);

    // Every sign-in answered 200 has its session: each token still works and its row is there.
    const [auditor] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'auditor@arg.example'));
    const rows = await app.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, auditor.id));
    expect(rows.length).toBeGreaterThanOrEqual(acknowledged.length);
    for (const token of acknowledged) {
      const res = await app.inject({ url: '/api/arg/auth/user-info', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
    }
  }, 60_000);
});
