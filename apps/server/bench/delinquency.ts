/**
 * The daily delinquency run at scale: N arg loans (6 monthly installments each, disbursed over the last year,
 * the first installments paid for most, so every bucket has loans) written set-based into a PostgreSQL
 * database of their own, then the run timed twice for the same day (the second finds the day done).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_loans npx tsx apps/server/bench/delinquency.ts [N]
 *
 * Also run by `npm run bench` (scenario `delinquency`, alone with BENCH_ONLY=delinquency) on
 * BENCH_LOANS_DATABASE_URL with BENCH_LOANS loans (300,000).
 *
 * Prints `{"delinquency":{"loans":N,"seconds":…,"repeatSeconds":…}}` as its last line.
 */
import { ARG_STATUS_IDS, todayIn } from '@backoffice/shared';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { runDelinquency } from '../src/services/delinquency';
import { oneRow } from '../src/db/rows';

/** Issue 34: the day's run over ≈300,000 loans in ≤ 60 s, a second run the same day in ≤ 5 s. */
export const DELINQUENCY_LIMIT_S = 60;
export const DELINQUENCY_REPEAT_LIMIT_S = 5;

export interface DelinquencyFigures {
  loans: number;
  seconds: number;
  repeatSeconds: number;
}

/** The figures' verdict and each target missed with its figure. */
export function delinquencyTargets(figures: DelinquencyFigures): {
  targets: { run_le_60s: boolean; repeat_le_5s: boolean };
  missed: string[];
} {
  const targets = { run_le_60s: figures.seconds <= DELINQUENCY_LIMIT_S, repeat_le_5s: figures.repeatSeconds <= DELINQUENCY_REPEAT_LIMIT_S };
  const missed: string[] = [];
  if (!targets.run_le_60s) missed.push(`delinquency run ${figures.seconds} s`);
  if (!targets.repeat_le_5s) missed.push(`delinquency repeat ${figures.repeatSeconds} s`);
  return { targets, missed };
}

/** Writes the loans unless the database already holds exactly `n` (then only clears the day's run). */
async function generateLoans(url: string, n: number, today: string, log: (message: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from loans where country = 'arg'`);
    await client.query(`delete from delinquency_runs`);
    if (Number(oneRow(rows).n) === n) {
      // Back to the state before any run: the run is timed from scratch each time.
      await client.query(
        `update installments set status = case when paid_principal >= principal then 'paid' else 'pending' end, late_interest = 0, late_interest_through = null`,
      );
      await client.query(
        `update loans set status = 'ACTIVE', days_past_due = 0, overdue_since = null, bucket = null, overdue_amount = 0, in_collections = false`,
      );
      await client.query('vacuum analyze installments, loans');
      return;
    }
    const started = Date.now();
    await client.query('set jit = off');
    await client.query(
      'truncate payment_allocations, payments, loan_events, installments, collection_promises, managements, loans, lead_events, lead_status_history, leads, customers restart identity cascade',
    );
    await client.query('alter table customers disable trigger user');
    await client.query(
      `insert into customers (country, doc_type, doc_number, first_name, last_name)
       select 'arg', 'DNI', (10000000 + g)::text, 'Cliente', 'Bench ' || g from generate_series(1, $1::int) g`,
      [n],
    );
    await client.query('alter table customers enable trigger user');
    await client.query(
      `insert into leads (country, customer_id, requested_amount, term, offered_amount, rate, status_id, source)
       select 'arg', g, 2000000 + (g % 50) * 100000, 6, 2000000 + (g % 50) * 100000, 89.5, $2, 'web' from generate_series(1, $1::int) g`,
      [n, ARG_STATUS_IDS.DISBURSED],
    );
    await client.query(
      `insert into loans (country, lead_id, customer_id, principal, term, rate, vat_rate, late_rate, disbursed_on, first_due_date, status, outstanding)
       select 'arg', g, g, 2000000 + (g % 50) * 100000, 6, 89.5, 21, 44.75, $2::date - (g % 365), $2::date - (g % 365) + 30, 'ACTIVE', 0
         from generate_series(1, $1::int) g`,
      [n, today],
    );
    // A level schedule is enough here: the run reads amounts, dates and what was paid. Most customers paid
    // the installments due before the last one (or two) they owe; a third are fully up to date.
    await client.query(
      `insert into installments (country, loan_id, number, due_date, principal, interest, vat, paid_principal, paid_interest, paid_vat, status)
       select 'arg', l.id, k, l.disbursed_on + 30 * k, l.principal / 6, l.principal / 10, l.principal / 10 * 21 / 100,
              case when paid then l.principal / 6 else 0 end, case when paid then l.principal / 10 else 0 end,
              case when paid then l.principal / 10 * 21 / 100 else 0 end, case when paid then 'paid' else 'pending' end
         from loans l, generate_series(1, 6) k,
              lateral (select l.disbursed_on + 30 * k < $1::date - 30 * (l.id % 4) as paid) p`,
      [today],
    );
    await client.query(`update loans l set outstanding = s.o from (
        select loan_id, sum(principal + interest + vat - paid_principal - paid_interest - paid_vat) o from installments group by loan_id) s
      where s.loan_id = l.id`);
    await client.query('vacuum analyze customers, leads, loans, installments');
    log(`generated ${n} loans in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

export async function benchDelinquency(url: string, n: number, log: (message: string) => void = console.log): Promise<DelinquencyFigures> {
  const database = await openDatabase({ driver: 'postgres', url });
  try {
    await migrateDatabase(database);
    await seed(database.db, { leadsPerCountry: 0 });
    const today = todayIn('arg');
    await generateLoans(url, n, today, log);
    let started = performance.now();
    const first = await runDelinquency(database.db, 'arg', today);
    const seconds = (performance.now() - started) / 1000;
    log(`delinquency run: ${JSON.stringify(first)} in ${seconds.toFixed(1)} s`);
    started = performance.now();
    await runDelinquency(database.db, 'arg', today);
    const repeatSeconds = (performance.now() - started) / 1000;
    return { loans: n, seconds: Number(seconds.toFixed(2)), repeatSeconds: Number(repeatSeconds.toFixed(3)) };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const figures = await benchDelinquency(url, Number(process.argv[2] ?? 300_000));
  console.log(JSON.stringify({ delinquency: figures }));
}
