/**
 * Fills a PostgreSQL database with N arg leads and their customers using set-based SQL (INSERT ... SELECT
 * generate_series): deterministic pseudo-random values from integer hashes of the row number, so every
 * run produces the same data. Secondary indexes are dropped during the load and rebuilt from their own
 * definitions afterwards (faster than maintaining them row by row), then VACUUM ANALYZE gives the planner
 * statistics and the visibility map index-only scans need.
 *
 * Idempotent: a database that already holds exactly N bench leads is left as it is.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx apps/server/bench/generate.ts [N]
 *
 * Dates: lead g is created at base + (g - 1) * 69.12 s, i.e. exactly LEADS_PER_DAY leads per calendar day
 * of the arg time zone from `base` (a local midnight), so a date range selects a known number of leads.
 */
import { COUNTRY_TIME_ZONE, MANAGEMENT_STATUSES, ROLES, STATUSES, STEP_LABELS } from '@backoffice/shared';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { seed } from '../src/db/seed';

export const LEADS_PER_DAY = 1250;
const COUNTRY = 'arg';

export interface BenchMeta {
  leads: number;
  /** The arg calendar day of lead 1 (YYYY-MM-DD). */
  baseDate: string;
}

const FIRST_NAMES = ['María', 'José', 'Lucía', 'Martín', 'Sofía', 'Juan', 'Valentina', 'Mateo', 'Camila', 'Agustín', 'Florencia', 'Tomás', 'Julieta', 'Nicolás', 'Ramón', 'Inés', 'Germán', 'Belén', 'Iván', 'Mónica'];
const LAST_NAMES = ['González', 'Rodríguez', 'Gómez', 'Fernández', 'López', 'Díaz', 'Martínez', 'Pérez', 'García', 'Sánchez', 'Romero', 'Sosa', 'Álvarez', 'Torres', 'Ruiz', 'Ramírez', 'Flores', 'Benítez', 'Acosta', 'Núñez', 'Muñoz', 'Peña'];
const CITIES = ['CABA', 'La Plata', 'Córdoba', 'Rosario', 'Mendoza', 'San Miguel de Tucumán', 'Mar del Plata', 'Salta', 'Neuquén', 'Corrientes'];
const AREAS = ['11', '11', '11', '11', '351', '341', '261', '381', '223', '221'];

/** Status ids weighted like a real list: pipeline steps often, outcomes sometimes, the rest rarely. */
function weightedStatuses(): number[] {
  const pipeline = new Set([...Object.keys(STEP_LABELS[COUNTRY]), 'CREATED', 'PREFILTER', 'RISK', 'ON_GESTION', 'VALIDATION_IN_PROGRESS']);
  const outcomes = /REJECTED|EXPIRED|CANCELLED|DISBURSED|TRANSFERE?RED/;
  return STATUSES[COUNTRY].flatMap((status) => {
    const weight = pipeline.has(status.name) ? 12 : outcomes.test(status.name) ? 4 : 1;
    return Array.from({ length: weight }, () => status.id);
  });
}

/** h(g, salt): a deterministic pseudo-random non-negative integer per row and purpose. */
const h = (salt: number) => `((g::bigint * 2654435761 + ${salt * 40503}) % 2147483647)`;

async function readMeta(client: pg.Client): Promise<BenchMeta | undefined> {
  await client.query('create table if not exists bench_meta (leads integer not null, base_date date not null)');
  const { rows } = await client.query<{ leads: number; base_date: string }>(
    "select leads, to_char(base_date, 'YYYY-MM-DD') as base_date from bench_meta limit 1",
  );
  return rows[0] ? { leads: rows[0].leads, baseDate: rows[0].base_date } : undefined;
}

export async function generate(url: string, n: number, log: (message: string) => void = console.log): Promise<BenchMeta> {
  // Schema and staff accounts first (the server's own migrations and seed, without demo leads).
  const database = await openDatabase({ driver: 'postgres', url });
  try {
    await migrateDatabase(database);
    await seed(database.db, { leadsPerCountry: 0 });
  } finally {
    await database.close();
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const existing = await readMeta(client);
    const { rows: countRows } = await client.query<{ n: string }>(`select count(*) as n from leads where country = $1`, [COUNTRY]);
    if (existing && existing.leads === n && Number(countRows[0].n) === n) {
      // Cheap when nothing changed; after a migration that rewrote a table it restores the statistics
      // and the visibility map (index-only scans) the planner relies on.
      await client.query('vacuum analyze customers');
      await client.query('vacuum analyze leads');
      await client.query('vacuum analyze audits');
      log(`bench database already holds ${n} leads: reused`);
      return existing;
    }

    const started = Date.now();
    await client.query("set maintenance_work_mem = '512MB'");
    await client.query('set jit = off');
    log(`generating ${n} leads and customers…`);
    await client.query('truncate lead_events, lead_status_history, leads, customers, bench_meta restart identity cascade');

    // Drop the secondary indexes and rebuild them from their own definitions after the load.
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(`
      select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = 'public' and i.tablename in ('customers', 'leads', 'lead_status_history')
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
    for (const index of indexes) await client.query(`drop index if exists "${index.indexname}"`);

    const { rows: dateRows } = await client.query<{ base: string }>(
      `select to_char((now() at time zone $1)::date - $2::int, 'YYYY-MM-DD') as base`,
      [COUNTRY_TIME_ZONE[COUNTRY], Math.ceil(n / LEADS_PER_DAY) - 1],
    );
    const baseDate = dateRows[0].base;

    await client.query(
      `create or replace function pg_temp.bench_cuil(prefix text, dni text) returns text language sql immutable as $$
         select prefix || body || case d when 11 then '0' else d::text end
           from (select lpad(dni, 8, '0') as body) b,
                lateral (select 11 - (
                  5 * substr(prefix || body, 1, 1)::int + 4 * substr(prefix || body, 2, 1)::int +
                  3 * substr(prefix || body, 3, 1)::int + 2 * substr(prefix || body, 4, 1)::int +
                  7 * substr(prefix || body, 5, 1)::int + 6 * substr(prefix || body, 6, 1)::int +
                  5 * substr(prefix || body, 7, 1)::int + 4 * substr(prefix || body, 8, 1)::int +
                  3 * substr(prefix || body, 9, 1)::int + 2 * substr(prefix || body, 10, 1)::int) % 11 as d) x
       $$`,
    );

    // Customers: unique DNIs (g * 7919 mod 30,000,000 is a permutation), CUILs with a valid check digit
    // (prefix 23 when 20/27 would need digit 10), names with accents, 10-digit cellphones, emails.
    await client.query(
      `insert into customers (country, doc_type, doc_number, cuil, first_name, last_name, birth_date, cellphone, email, address, created_at, updated_at)
       select $1, 'DNI', dni, cuil, fn, ln, date '1950-01-01' + (${h(3)} % 18000)::int,
              area || lpad((${h(4)} % (10 ^ (10 - length(area)))::bigint)::text, 10 - length(area), '0'),
              lower(translate(replace(fn || '.' || ln, ' ', '.'), 'áéíóúñÁÉÍÓÚÑ', 'aeiounAEIOUN')) || g || '@' || (array['gmail.com','hotmail.com','yahoo.com.ar','outlook.com'])[1 + ${h(5)} % 4],
              'Calle ' || (1 + ${h(6)} % 5000) || ', ' || ($4::text[])[1 + ${h(7)} % ${CITIES.length}],
              created, created
         from (
           select g, dni,
                  case when pg_temp.bench_cuil(p, dni) ~ '10$' and length(pg_temp.bench_cuil(p, dni)) = 12 then pg_temp.bench_cuil('23', dni) else pg_temp.bench_cuil(p, dni) end as cuil,
                  ($2::text[])[1 + ${h(1)} % ${FIRST_NAMES.length}] as fn,
                  ($3::text[])[1 + ${h(2)} % ${LAST_NAMES.length}] || ' ' || ($3::text[])[1 + ${h(8)} % ${LAST_NAMES.length}] as ln,
                  ($5::text[])[1 + ${h(9)} % ${AREAS.length}] as area,
                  (($6::date)::timestamp at time zone $7) + (g - 1) * interval '69.12 seconds' + (${h(10)} % 60000000) * interval '1 microsecond' as created
             from (select g, (10000000 + (g::bigint * 7919) % 30000000)::text as dni,
                          case when g % 2 = 0 then '20' else '27' end as p
                     from generate_series(1, $8::int) g) s
         ) c`,
      [COUNTRY, FIRST_NAMES, LAST_NAMES, CITIES, AREAS, baseDate, COUNTRY_TIME_ZONE[COUNTRY], n],
    );
    log(`customers: ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const sellerRoles = ROLES[COUNTRY].filter((r) => r.kind === 'seller' || r.kind === 'seller_renovator').map((r) => String(r.id));
    const { rows: sellers } = await client.query<{ id: number }>(
      'select id from users where country = $1 and active and role = any($2) order by id',
      [COUNTRY, sellerRoles],
    );
    const statuses = weightedStatuses();

    // Leads: one per customer, in creation order (ids grow with time as in production). Amounts in 500
    // peso steps up to 80,000 (every amount range has rows), 40% assigned, 35% with a management status.
    await client.query(
      `insert into leads (country, customer_id, requested_amount, term, offered_amount, rate, status_id, source, seller_id, management_status, created_at, updated_at)
       select $1, g, amount, (array[3,6,9,12,18,24])[1 + ${h(11)} % 6],
              case when ${h(12)} % 3 = 0 then amount - (amount / 5) else null end,
              case when ${h(12)} % 3 = 0 then 60 + (${h(13)} % 6000) / 100.0 else null end,
              ($2::int[])[1 + ${h(14)} % ${statuses.length}],
              (array['web','web','web','web','web','seller','seller','webservice','webservice','renovation'])[1 + ${h(15)} % 10],
              case when ${h(16)} % 10 < 4 then ($3::int[])[1 + ${h(17)} % ${Math.max(sellers.length, 1)}] else null end,
              case when ${h(18)} % 100 < 35 then ($4::text[])[1 + ${h(19)} % ${MANAGEMENT_STATUSES.length}] else null end,
              created, created + (${h(20)} % 1728000) * interval '1 second'
         from (select c.id as g, c.created_at as created, (1 + ${h(21).replace(/g::bigint/g, 'c.id::bigint')} % 160) * 50000 as amount
                 from customers c order by c.id) s`,
      [COUNTRY, statuses, sellers.map((s) => s.id), [...MANAGEMENT_STATUSES]],
    );
    log(`leads: ${((Date.now() - started) / 1000).toFixed(1)} s`);

    await client.query(
      `insert into lead_status_history (country, lead_id, from_status, to_status, user_id, reason, created_at)
       select country, id, case when status_id = 1 then null else 1 end, status_id, seller_id, 'Datos de benchmark', updated_at
         from leads`,
    );
    log(`status history: ${((Date.now() - started) / 1000).toFixed(1)} s`);

    for (const index of indexes) await client.query(index.indexdef);
    log(`indexes rebuilt: ${((Date.now() - started) / 1000).toFixed(1)} s`);

    await client.query('insert into bench_meta (leads, base_date) values ($1, $2)', [n, baseDate]);
    await client.query('vacuum analyze customers');
    await client.query('vacuum analyze leads');
    await client.query('vacuum analyze lead_status_history');
    // The audit rounds the history's trigger opened: without a visibility map the queue's index-only
    // count visits every round's row (the audit queue: PostgreSQL 4.3 → 2.6 ms a page at 85,000 queued).
    await client.query('vacuum analyze audits');
    log(`generated ${n} leads in ${((Date.now() - started) / 1000).toFixed(1)} s (vacuum analyze included)`);
    return { leads: n, baseDate };
  } finally {
    await client.end();
  }
}

// Run directly: `npx tsx bench/generate.ts [N]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
  const n = Number(process.argv[2] ?? process.env.BENCH_LEADS ?? 1_000_000);
  await generate(url, n);
}
