/**
 * `npm run bench`: the leads list at a million rows on PostgreSQL.
 *
 * 1. Creates (or reuses) database `bench` on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench),
 *    migrates it and generates BENCH_LEADS leads (default 1,000,000; reused when already there).
 * 2. Starts the server as a child process (so its peak RSS can be read from /proc/<pid>/status VmHWM) on a
 *    free port of 127.0.0.1, and signs in as the arg admin to get a Bearer token.
 * 3. With autocannon, BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (10) s each, after
 *    BENCH_WARMUP_SECONDS (2) of the same load unmeasured: the default list
 *    page with its count, a combined filter, a deep page (by cursor and by number), a free-text document
 *    fragment on the list and on the searcher, a first name + surname on both (on the list reported only), the
 *    lead detail (random ids: the like work every list is measured against), the collections desk (a bucket,
 *    a customer's name; ~300,000 loans, bench/generate.ts), the auditors' queue and a case (reported), and
 *    GET /api/health. Then the time to export 100,000 leads, and a 100,000-row reassignment batch validated and
 *    applied (bench/massive.ts).
 * 4. Prints p50/p95/p99 (ms), req/s, the CPU time per request of the server and of PostgreSQL and the
 *    server's peak RSS so far per scenario, the export time, the peak RSS and each scenario's CPU per request
 *    over the detail's, then the targets (bench/targets.ts) and each one missed with its figure;
 *    the last line is the same figures as one JSON object.
 *
 * Only 127.0.0.1 is ever contacted; every load run is bounded in time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { generate, LEADS_PER_DAY, type BenchMeta } from './generate';
import { benchDelinquency, delinquencyTargets } from './delinquency';
import { massiveFigure, type MassiveFigures } from './massive';
import { targetsOf } from './targets';
import { itemAt } from '../src/db/rows';

const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Each scenario first runs this long at the same concurrency, unmeasured: the figures are the steady state
 * (code optimised by V8, statements prepared on every pooled connection), not the first seconds after a
 * start, which a handful of sequential warm-up requests left to whichever scenario came first.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const EXPORT_ROWS = 100_000;
/** Issue 34's daily delinquency run: its own database of BENCH_LOANS loans (bench/delinquency.ts). */
const LOANS_URL = process.env.BENCH_LOANS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_loans';
const LOANS = Number(process.env.BENCH_LOANS ?? 300_000);
/** BENCH_ONLY=list,search runs only those scenarios (while working on them; the targets need them all). */
const ONLY = process.env.BENCH_ONLY?.split(',');
const HOST = '127.0.0.1';
/** The seller of the sales_name scenario (the seed's; the generator gives each seller ~5% of the leads). */
const SELLER_EMAIL = 'seller@arg.example';
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

function assertLocal(url: string) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`The bench only talks to this machine, not ${host}`);
}

async function ensureDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  // BENCH_NODE_ARGS, e.g. --cpu-prof, profiles the server under load.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: BENCH_URL,
      PORT: String(port),
      HOST,
      SEED: 'false',
      // One signed-in user makes every request: per-user rate limits would turn the load into 429s.
      CUSTOMER_LOOKUP_RATE_LIMIT: '0',
      SEARCHER_RATE_LIMIT: '0',
      LIST_RATE_LIMIT: '0',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`http://${HOST}:${port}/api/health/ready`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('The server did not become ready within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Peak resident set size of a process, in MB (Linux). */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

async function signIn(base: string, email = 'admin@arg.example'): Promise<string> {
  const first = await fetch(`${base}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
  if (!xsrf) throw new Error('No XSRF cookie');
  const res = await fetch(`${base}/api/arg/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email, password: 'demo1234', branch_id: 1 }),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** [name, paths (or a function that picks one per request), the token of who asks (the admin's unless given)] */
type Scenario = [string, string[] | (() => string), string?];

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
  /** CPU time per request of the server process and of the database's backends (see cpuTicks). */
  serverCpuMs: number;
  postgresCpuMs: number;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** user + system CPU time of a process so far, in clock ticks (0 once it is gone). */
function cpuTicks(pid: number): number {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** A backend's process title: `postgres: [<cluster name>: ]<user> <database> <client> <state>`. */
const BACKEND_TITLE = /^postgres: (?:\S+: )?\S+ (\S+) /;

/**
 * The CPU time of each PostgreSQL backend serving `database` on this machine, by process id. Req/s move
 * with the VM's speed of the day; the CPU time a request costs in each process moves much less, so runs of
 * different days compare on it.
 */
function postgresTicks(database: string): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let title: string;
    try {
      title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (BACKEND_TITLE.exec(title)?.[1] === database) ticks.set(Number(entry), cpuTicks(Number(entry)));
  }
  return ticks;
}

/**
 * CPU ticks spent between two postgresTicks snapshots by the backends alive at the second (one that exited
 * in between is not counted).
 */
function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ticks] of after) total += ticks - (before.get(pid) ?? 0);
  return total;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  const value = sorted[Math.max(0, index)];
  return value === undefined ? NaN : Math.round(value * 100) / 100;
}

/** One autocannon run; latencies are collected per response to get exact p50/p95/p99. */
async function load(
  base: string,
  token: string,
  paths: string[] | (() => string),
  processes: { server: number; database: string },
  seconds = SECONDS,
): Promise<Figures> {
  const times: number[] = [];
  const serverBefore = cpuTicks(processes.server);
  const postgresBefore = postgresTicks(processes.database);
  const pick = typeof paths === 'function' ? paths : () => itemAt(paths, Math.floor(Math.random() * paths.length));
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pick() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      times.push(responseTime);
    });
  });
  const msPerRequest = (ticks: number) =>
    Math.round(((ticks * 1000) / TICKS_PER_SECOND / Math.max(1, result.requests.total)) * 1000) / 1000;
  const serverCpuMs = msPerRequest(cpuTicks(processes.server) - serverBefore);
  const postgresCpuMs = msPerRequest(ticksBetween(postgresBefore, postgresTicks(processes.database)));
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: Math.round(result.requests.total / seconds),
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
    serverCpuMs,
    postgresCpuMs,
  };
}

async function getJson<T>(base: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The delinquency run timed twice for one day on its own database, with its targets. */
async function delinquencyRun() {
  assertLocal(LOANS_URL);
  await ensureDatabase(LOANS_URL);
  const figures = await benchDelinquency(LOANS_URL, LOANS, (message) => console.log(`[delinquency] ${message}`));
  const verdict = delinquencyTargets(figures);
  console.log(`delinquency  ${figures.loans} loans in ${figures.seconds} s, again the same day in ${figures.repeatSeconds} s`);
  return { ...figures, ...verdict };
}

function machineNow() {
  return { cpus: cpus().length, loadAverage1m: Math.round(loadavg()[0]! * 100) / 100, node: process.version };
}

async function main() {
  if (ONLY?.length === 1 && ONLY[0] === 'delinquency') {
    // Alone: no leads database and no server are needed.
    const machine = machineNow();
    console.log(`machine: ${machine.cpus} cores, load average ${machine.loadAverage1m}, Node ${machine.node}`);
    const delinquency = await delinquencyRun();
    console.log(delinquency.missed.length === 0 ? 'missed: none' : `missed: ${delinquency.missed.join(', ')}`);
    console.log(JSON.stringify({ machine, delinquency }));
    return;
  }
  assertLocal(BENCH_URL);
  await ensureDatabase(BENCH_URL);
  const meta: BenchMeta = await generate(BENCH_URL, LEADS, (message) => console.log(`[generate] ${message}`));

  // Sample data for the scenarios: random lead ids and document fragments from the middle of documents.
  const client = new pg.Client({ connectionString: BENCH_URL });
  await client.connect();
  const { rows: sample } = await client.query<{ id: number; doc_number: string; name: string }>(
    `select l.id, c.doc_number, c.first_name || ' ' || split_part(c.last_name, ' ', 1) as name
       from leads l join customers c on c.id = l.customer_id
      where l.country = 'arg' and l.id % 997 = 0 order by l.id limit 500`,
  );
  // Audit cases (GET /audits/:leadId answers only leads that went through audit).
  // A seller looks for the customers of their own applications.
  const { rows: sellerSample } = await client.query<{ name: string }>(
    `select c.first_name || ' ' || split_part(c.last_name, ' ', 1) as name
       from leads l join customers c on c.id = l.customer_id join users u on u.id = l.seller_id
      where u.email = $1 and l.id % 97 = 0 order by l.id limit 500`,
    [SELLER_EMAIL],
  );
  // Customers in the collections queue, as a collector types them.
  const { rows: collectionSample } = await client.query<{ name: string }>(
    `select c.first_name || ' ' || split_part(c.last_name, ' ', 1) as name
       from loans l join customers c on c.id = l.customer_id
      where l.country = 'arg' and l.in_collections and l.id % 97 = 0 order by l.id limit 500`,
  );
  const { rows: audited } = await client.query<{ lead_id: number }>(
    `select distinct lead_id from audits where country = 'arg' and lead_id % 97 = 0 order by lead_id limit 500`,
  );
  await client.end();
  const auditCases = audited.map((row) => String(row.lead_id));
  const fragments = sample.map((row) => row.doc_number.slice(1, 7));
  const ids = sample.map((row) => row.id);
  // A first name and a surname, as a person types them: most pairs match thousands of customers, some few.
  const typed = (name: string) =>
    encodeURIComponent(
      name
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase(),
    );
  const names = sample.map((row) => typed(row.name));
  const sellerNames = sellerSample.map((row) => typed(row.name));
  const collectionNames = collectionSample.map((row) => typed(row.name));
  const pick = (list: string[]) => itemAt(list, Math.floor(Math.random() * list.length));

  // Everything shares this machine's cores: say how busy it was before the load starts.
  const machine = machineNow();
  console.log(`machine: ${machine.cpus} cores, load average ${machine.loadAverage1m}, Node ${machine.node}`);
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const server = await startServer(port);
  try {
    const token = await signIn(base);
    const sellerToken = await signIn(base, SELLER_EMAIL);
    const list = '/api/arg/leads';
    const combined = `${list}?status=4,5,26&amount=10000-15000&management=${encodeURIComponent('No responde')}`;
    // The cursor of page 2000 (25 per page), as a client paging forward holds it: got from page 1999.
    const page1999 = await getJson<{ pageInfo: { nextCursor: string } }>(base, token, `${list}?page=1999`);
    const deep = `${list}?page=2000&cursor=${page1999.pageInfo.nextCursor}`;

    const scenarios: Scenario[] = [
      ['list', [list]],
      ['combined', [combined]],
      ['deep_cursor', [deep]],
      // Pages by number (a link, a typed number) anywhere between 1,000 and 3,000: offsets 25,000-75,000.
      ['deep_offset', () => `${list}?page=${1000 + Math.floor(Math.random() * 2001)}`],
      ['search', () => `${list}?q=${pick(fragments)}`],
      ['searcher', () => `/api/arg/searcher?q=${pick(fragments)}`],
      // A name's rows as the screen asks them (`count=later`), and its count, asked apart after them.
      ['search_name', () => `${list}?q=${pick(names)}&count=later`],
      ['search_name_count', () => `${list}/count?q=${pick(names)}`],
      ['searcher_name', () => `/api/arg/searcher?q=${pick(names)}`],
      ['detail', () => `${list}/${ids[Math.floor(Math.random() * ids.length)]}`],
      // The collections desk over the loans in collections: a bucket, and a customer's name as the screen asks
      // it (`count=later`), then its count.
      ['collections', [`/api/arg/collections?bucket=31-60`]],
      ['collections_name', () => `/api/arg/collections?q=${pick(collectionNames)}&count=later`],
      ['collections_name_count', () => `/api/arg/collections/count?q=${pick(collectionNames)}`],
      // The auditors' queue (~85,000 cases waiting) and a case (reported, no target).
      ['audit_queue', ['/api/arg/audits']],
      ['audit_case', () => `/api/arg/audits/${pick(auditCases)}`],
      ['health', ['/api/health']],
    ];
    // After the export: its reads of rows spread over the tables leave PostgreSQL's cache cold for whatever
    // follows. A seller's name search among their own applications (/sales, ~50,000 of them; reported).
    const lastScenarios: Scenario[] = [
      ['sales_name', () => `/api/arg/sales?q=${pick(sellerNames)}&count=later`, sellerToken],
      ['sales_name_count', () => `/api/arg/sales/count?q=${pick(sellerNames)}`, sellerToken],
    ];
    // Warm-up: the first requests of each scenario compile code paths and fill caches.
    for (const [, paths, asker = token] of [...scenarios, ...lastScenarios]) {
      for (let i = 0; i < 20; i++) await getJson(base, asker, typeof paths === 'function' ? paths() : itemAt(paths, 0));
    }

    const results: Record<string, Figures> = {};
    const processes = { server: server.pid!, database: new URL(BENCH_URL).pathname.slice(1) };
    const measure = async (list: Scenario[]) => {
      for (const [name, paths, asker = token] of list.filter(([name]) => !ONLY || ONLY.includes(name))) {
        if (WARMUP_SECONDS > 0) await load(base, asker, paths, processes, WARMUP_SECONDS);
        results[name] = await load(base, asker, paths, processes);
        const r = results[name];
        console.log(
          `${name.padEnd(16)} p50 ${String(r.p50).padStart(7)} ms  p95 ${String(r.p95).padStart(7)} ms  p99 ${String(r.p99).padStart(7)} ms  ${String(r.rps).padStart(6)} req/s  errors ${r.errors}` +
            `  cpu/req: server ${r.serverCpuMs.toFixed(3)} ms, postgres ${r.postgresCpuMs.toFixed(3)} ms  peak RSS ${peakRssMb(server.pid!)} MB`,
        );
      }
    };
    await measure(scenarios);
    const massiveRun = () => massiveFigure(base, token, BENCH_URL, () => peakRssMb(server.pid!));
    if (ONLY) {
      await measure(lastScenarios);
      const massive = ONLY.includes('massive') ? await massiveRun() : undefined;
      const delinquency = ONLY.includes('delinquency') ? await delinquencyRun() : undefined;
      if (massive || delinquency) {
        const missed = [...(massive?.missed ?? []), ...(delinquency?.missed ?? [])];
        console.log(missed.length === 0 ? 'missed: none' : `missed: ${missed.join(', ')}`);
        console.log(JSON.stringify({ leads: meta.leads, machine, massive, delinquency }));
      }
      return;
    }

    // Export: the newest EXPORT_ROWS leads are exactly the last EXPORT_ROWS / LEADS_PER_DAY days.
    const days = EXPORT_ROWS / LEADS_PER_DAY;
    const lastDay = addDays(meta.baseDate, Math.ceil(meta.leads / LEADS_PER_DAY) - 1);
    const exportPath = `${list}/export?format=csv&from=${addDays(lastDay, -(days - 1))}&to=${lastDay}`;
    const started = performance.now();
    const res = await fetch(`${base}${exportPath}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const exportSeconds = Math.round((performance.now() - started) / 10) / 100;
    const exportRows = lines - 1;
    console.log(
      `export csv   ${exportRows} rows (X-Total-Count ${res.headers.get('x-total-count')}), ${(bytes / 1e6).toFixed(1)} MB in ${exportSeconds} s  peak RSS ${peakRssMb(server.pid!)} MB`,
    );

    await measure(lastScenarios);
    // Last: its writes (100,000 reassignments) would otherwise weigh on the lists' figures.
    const massive: MassiveFigures = await massiveRun();
    // Issue 34's daily run, on its own database (the server is idle meanwhile).
    const delinquency = await delinquencyRun();

    const rssMb = peakRssMb(server.pid!);
    console.log(`server peak RSS ${rssMb} MB`);
    const targets = targetsOf(results, { seconds: exportSeconds, rows: exportRows, expectedRows: EXPORT_ROWS }, rssMb, {
      cpus: machine.cpus,
      loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
    });
    targets.missed.push(...massive.missed, ...delinquency.missed);
    console.log(
      `cpu/req over the detail's: ${Object.entries(targets.cpuRatios)
        .map(([name, ratio]) => `${name} ${ratio}×`)
        .join(', ')}`,
    );
    console.log(
      `targets ${JSON.stringify({ lists: targets.lists, machineQuiet: targets.machineQuiet, issue38: massive.targets, issue34: delinquency.targets })}`,
    );
    console.log(targets.missed.length === 0 ? 'missed: none' : `missed: ${targets.missed.join(', ')}`);
    console.log(
      JSON.stringify({
        leads: meta.leads,
        machine,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        scenarios: results,
        export: { rows: exportRows, seconds: exportSeconds, mb: Math.round(bytes / 1e5) / 10 },
        peakRssMb: rssMb,
        massive,
        delinquency,
        targets,
      }),
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

await main();
