import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/app';

const ROOT = resolve(import.meta.dirname, '../../../..');
const PORT = 41_000 + Math.floor(Math.random() * 2000);
const BASE = `http://127.0.0.1:${PORT}`;

/** A real server process on the data folder (PGlite), so kill -9 stops it wherever it is. */
function startServer(dataDir: string): ChildProcess {
  return spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SEED_LEADS: '150',
      LOG_LEVEL: 'warn',
      WORKFLOW_AUTORUN: 'false',
      DATABASE_URL: '',
      // One row per transaction and a short lease: the kill lands between rows' commits, the next node waits 2 s.
      MASSIVE_CHUNK_ROWS: '1',
      MASSIVE_LEASE_SECONDS: '2',
      MASSIVE_WORKER_SECONDS: '1',
    },
    stdio: 'ignore',
    detached: false,
  });
}

async function waitForHealth(timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('server did not start');
}

async function signIn(): Promise<string> {
  const health = await fetch(`${BASE}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1];
  const res = await fetch(`${BASE}/api/arg/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    body: JSON.stringify({ email: 'admin@arg.example', password: 'demo1234', branch_id: 1 }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done())));

describe('a batch whose server is killed mid-run', () => {
  const dir = tempDir('bo-massive-kill-');
  let server: ChildProcess | undefined;
  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL');
      await exited(server);
    }
    dir.remove();
  });

  it('resumes on the next start and applies every row exactly once (kill -9)', { timeout: 900_000 }, async () => {
    server = startServer(dir.path);
    await waitForHealth(600_000);
    const token = await signIn();
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${BASE}/api/arg${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
      });
    const created = await api('/massive-batches/from-list', {
      method: 'POST',
      body: JSON.stringify({ type: 'reassign-seller', filters: '', values: { seller_email: 'vendedor.sin.neotel@arg.example' } }),
    });
    expect(created.status).toBe(200);
    const { batch } = (await created.json()) as { batch: { id: number; counts: { pending: number } } };
    const toApply = batch.counts.pending;
    expect(toApply).toBeGreaterThan(30);
    expect((await api(`/massive-batches/${batch.id}/start`, { method: 'POST', body: '{}' })).status).toBe(200);
    // Killed once some rows are done and others are not.
    for (;;) {
      const now = (await (await api(`/massive-batches/${batch.id}`)).json()) as { counts: { done: number } };
      if (now.counts.done >= 5) break;
      await new Promise((done) => setTimeout(done, 50));
    }
    server.kill('SIGKILL');
    await exited(server);

    server = startServer(dir.path);
    await waitForHealth(600_000);
    const again = await signIn();
    let finished: { status: string; counts: { done: number; failed: number; pending: number } } | undefined;
    for (let i = 0; i < 600; i++) {
      const res = await fetch(`${BASE}/api/arg/massive-batches/${batch.id}`, { headers: { authorization: `Bearer ${again}` } });
      finished = (await res.json()) as typeof finished;
      if (finished!.status === 'finished') break;
      await new Promise((done) => setTimeout(done, 500));
    }
    expect(finished!.status).toBe('finished');
    expect(finished!.counts).toMatchObject({ done: toApply, failed: 0, pending: 0 });
    server.kill('SIGTERM');
    await exited(server);

    // Counted in the database: one assignment event naming the batch per applied row, no more, no fewer.
    const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
    const db = await PGlite.create(resolve(dir.path, 'pglite'), { extensions: { pg_trgm } });
    try {
      const label = `%(Lote #${batch.id})`;
      const events = await db.query<{ lead_id: number; n: number }>(
        `select lead_id, count(*)::int as n from lead_events where type = 'assignment' and body like $1 group by lead_id`,
        [label],
      );
      expect(events.rows.length).toBe(toApply);
      expect(events.rows.every((row) => row.n === 1)).toBe(true);
      const rows = await db.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from massive_batch_rows where batch_id = $1 group by status`,
        [batch.id],
      );
      expect(Object.fromEntries(rows.rows.map((row) => [row.status, row.n]))).toMatchObject({ done: toApply });
      const notDone = await db.query<{ n: number }>(
        `select count(*)::int as n from massive_batch_rows r join leads l on l.id = r.record_id
          where r.batch_id = $1 and r.status = 'done' and l.seller_id <> (select id from users where email = 'vendedor.sin.neotel@arg.example')`,
        [batch.id],
      );
      expect(notDone.rows[0].n).toBe(0);
    } finally {
      await db.close();
    }
  });
});
