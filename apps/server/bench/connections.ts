/**
 * `npm run bench:connections -w @backoffice/server`: many concurrent connections on the lead list (issue 40).
 *
 * Starts the server as a child process (`tsx src/server.ts`) on a free port of 127.0.0.1, on the embedded
 * database (a fresh DATA_DIR seeded with LOAD_SEED_LEADS leads per country) and/or on PostgreSQL (a fresh
 * database on LOAD_DATABASE_URL's server, seeded the same), signs in as the arg admin and runs autocannon:
 * LOAD_CONNECTIONS (200) connections for LOAD_SECONDS (60) s on GET /api/arg/leads, each request timing out
 * after LOAD_TIMEOUT_SECONDS (10). LOAD_DRIVERS=pglite,postgres picks the databases.
 *
 * Prints per database: requests, req/s, errors, timeouts, non-2xx, latency p50/p99/max and the load average
 * before and after (this machine is shared: the figures mean little without it); the last line is JSON.
 * Targets (issue 40): 0 errors, 0 timeouts, max latency ≤ 2 s. Only 127.0.0.1 is contacted; runs are bounded.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const TIMEOUT_SECONDS = Number(process.env.LOAD_TIMEOUT_SECONDS ?? 10);
const SEED_LEADS = process.env.LOAD_SEED_LEADS ?? '3000';
const DRIVERS = (process.env.LOAD_DRIVERS ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
const PG_URL = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const LIST_PATH = '/api/arg/leads';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(join(SERVER_DIR, '../../node_modules/.bin/tsx'), ['src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_LEADS,
      SEED_CALL_BACKS: 'false',
      BACKUP_KEEP: '0',
      // One signed-in user makes every request: the per-user page limit would turn the load into 429s.
      LIST_RATE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok)
        return { base, stop: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))) };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start within 300 s');
}

async function signIn(base: string): Promise<string> {
  const health = await fetch(`${base}/api/health`);
  const xsrf = health.headers
    .getSetCookie()
    .find((c) => c.startsWith('XSRF-TOKEN='))!
    .split(';')[0]!
    .slice('XSRF-TOKEN='.length);
  const response = await fetch(`${base}/api/arg/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: 'admin@arg.example', password: 'demo1234', branch_id: 1 }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function load(base: string, token: string) {
  const before = loadavg();
  const result = await autocannon({
    url: `${base}${LIST_PATH}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: TIMEOUT_SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  const after = loadavg();
  return {
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    loadBefore: before.map((v) => v.toFixed(2)).join(' '),
    loadAfter: after.map((v) => v.toFixed(2)).join(' '),
  };
}

async function withDatabase(driver: 'pglite' | 'postgres'): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (driver === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'bo-load-'));
    return { env: { DATA_DIR: dir, DATABASE_URL: '' }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `bo_load_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    cleanup: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const results: Record<string, Awaited<ReturnType<typeof load>>> = {};
for (const driver of DRIVERS) {
  const database = await withDatabase(driver);
  try {
    const server = await startServer(database.env);
    try {
      const token = await signIn(server.base);
      // A few sequential requests first: the first list request compiles statements and warms caches.
      for (let i = 0; i < 5; i += 1) await fetch(`${server.base}${LIST_PATH}`, { headers: { authorization: `Bearer ${token}` } });
      results[driver] = await load(server.base, token);
      const r = results[driver];
      console.log(
        `${driver}: ${CONNECTIONS} connections ${SECONDS} s on ${LIST_PATH}: ${r.requests} requests (${r.reqPerSec}/s), errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}, ` +
          `latency p50 ${r.p50} ms p99 ${r.p99} ms max ${r.max} ms; load average ${r.loadBefore} → ${r.loadAfter} (${cpus().length} cores)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await database.cleanup();
  }
}
console.log(JSON.stringify({ connections: CONNECTIONS, seconds: SECONDS, seedLeads: Number(SEED_LEADS), results }));
