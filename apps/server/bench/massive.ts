/**
 * Issue 38's figure: a 100,000-row reassignment file validated (target ≤ 15 s) and applied (≥ 1,000 rows/s),
 * the server's peak RSS ≤ 300 MB throughout. Run by `npm run bench` after the lists (or alone with
 * BENCH_ONLY=massive); the leads it reassigns get their sellers back afterwards (their timelines keep the
 * batch's assignment events).
 */
import { isClosedStatus, STATUSES } from '@backoffice/shared';
import pg from 'pg';

export const MASSIVE_ROWS = Number(process.env.BENCH_MASSIVE_ROWS ?? 100_000);
export const MASSIVE_VALIDATE_LIMIT_S = 15;
export const MASSIVE_APPLY_MIN_ROWS_S = 1000;
export const MASSIVE_RSS_LIMIT_MB = 300;

export interface MassiveFigures {
  rows: number;
  validateSeconds: number;
  applySeconds: number;
  rowsPerSecond: number;
  done: number;
  failed: number;
  /** The server's peak RSS before the file is sent (start-up and the bench's warm-up): the batch's own share is the difference. */
  rssBeforeMb: number;
  peakRssMb: number;
  targets: { validate_le_15s: boolean; apply_ge_1000_rows_s: boolean; rss_le_300mb: boolean };
  missed: string[];
}

type Batch = {
  id: number;
  status: string;
  started_at: string | null;
  finished_at: string | null;
  counts: { pending: number; done: number; failed: number; invalid: number };
};

export async function massiveFigure(base: string, token: string, databaseUrl: string, peakRssMb: () => number): Promise<MassiveFigures> {
  const open = STATUSES.arg.filter((status) => !isClosedStatus('arg', status.id)).map((status) => status.id);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let sample: { id: number; seller_id: number | null }[] = [];
  try {
    const sellers = await client.query<{ id: number; email: string }>(
      `select id, email from users where country = 'arg' and active and role in (select role from users where email = 'seller@arg.example') order by id limit 2`,
    );
    if (sellers.rows.length < 2) throw new Error('massive bench: two arg sellers needed');
    ({ rows: sample } = await client.query<{ id: number; seller_id: number | null }>(
      `select id, seller_id from leads where country = 'arg' and status_id = any($1::int[]) order by id desc limit $2`,
      [open, MASSIVE_ROWS],
    ));
    if (sample.length < MASSIVE_ROWS) throw new Error(`massive bench: only ${sample.length} open arg leads`);
    const [a, b] = sellers.rows;
    if (!a || !b) throw new Error('massive bench: two arg sellers needed');
    // Each row moves its lead to a seller it does not have: every row writes.
    const csv = ['lead_id,seller_email', ...sample.map((lead) => `${lead.id},${lead.seller_id === a.id ? b.email : a.email}`)].join('\n');

    const rssBeforeMb = peakRssMb();
    const form = new FormData();
    form.set('type', 'reassign-seller');
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'bench-reasignacion.csv');
    const auth = { authorization: `Bearer ${token}` };
    let started = performance.now();
    const validated = await fetch(`${base}/api/arg/massive-batches/validate`, { method: 'POST', headers: auth, body: form });
    if (!validated.ok) throw new Error(`massive validate: ${validated.status} ${await validated.text()}`);
    const validateSeconds = Math.round((performance.now() - started) / 10) / 100;
    const { batch } = (await validated.json()) as { batch: Batch };
    console.log(
      `massive      validated ${MASSIVE_ROWS} rows in ${validateSeconds} s (${batch.counts.invalid} invalid)  peak RSS ${rssBeforeMb} MB before, ${peakRssMb()} MB after`,
    );

    started = performance.now();
    const start = await fetch(`${base}/api/arg/massive-batches/${batch.id}/start`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!start.ok) throw new Error(`massive start: ${start.status} ${await start.text()}`);
    let current: Batch = batch;
    // Bounded: a run slower than 10 rows/s is reported as it stands.
    const deadline = Date.now() + (MASSIVE_ROWS / 10) * 1000;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const res = await fetch(`${base}/api/arg/massive-batches/${batch.id}`, { headers: auth });
      current = (await res.json()) as Batch;
      if (!['queued', 'running'].includes(current.status)) break;
    }
    const applySeconds =
      current.started_at && current.finished_at
        ? Math.round(Date.parse(current.finished_at) - Date.parse(current.started_at)) / 1000
        : Math.round((performance.now() - started) / 10) / 100;
    const applied = current.counts.done + current.counts.failed;
    const rowsPerSecond = Math.round(applied / applySeconds);
    const rss = peakRssMb();
    console.log(
      `massive      applied ${current.counts.done} (failed ${current.counts.failed}) in ${applySeconds} s: ${rowsPerSecond} rows/s  peak RSS ${rss} MB`,
    );

    const targets = {
      validate_le_15s: validateSeconds <= MASSIVE_VALIDATE_LIMIT_S,
      apply_ge_1000_rows_s: rowsPerSecond >= MASSIVE_APPLY_MIN_ROWS_S && current.counts.done === MASSIVE_ROWS,
      rss_le_300mb: rss <= MASSIVE_RSS_LIMIT_MB,
    };
    const missed: string[] = [];
    if (!targets.validate_le_15s) missed.push(`massive validate ${validateSeconds} s`);
    if (!targets.apply_ge_1000_rows_s) missed.push(`massive apply ${rowsPerSecond} rows/s (${current.counts.done} done)`);
    if (!targets.rss_le_300mb) missed.push(`massive RSS ${rss} MB`);
    return {
      rows: MASSIVE_ROWS,
      validateSeconds,
      applySeconds,
      rowsPerSecond,
      done: current.counts.done,
      failed: current.counts.failed,
      rssBeforeMb,
      peakRssMb: rss,
      targets,
      missed,
    };
  } finally {
    // The bench's data as it was: each lead back with its seller.
    if (sample.length) {
      await client.query(
        `update leads l set seller_id = v.seller_id from unnest($1::int[], $2::int[]) as v(id, seller_id) where l.id = v.id`,
        [sample.map((lead) => lead.id), sample.map((lead) => lead.seller_id)],
      );
    }
    await client.end();
  }
}
