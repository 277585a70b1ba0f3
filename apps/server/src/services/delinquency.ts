import { BUCKETS, type Country } from '@backoffice/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

/*
 * The set-based statements that keep loans' delinquency figures: the daily run applies them to a whole
 * country at once, a payment or a reversal to its one loan (`loanId`). Each is idempotent for a given day.
 */

type Executor = Db | Tx;

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const OPEN = sql.raw(`('pending', 'partial', 'overdue')`);
/** What an installment still owes (late interest included). */
const UNPAID = sql.raw(
  `(i.principal - i.paid_principal) + (i.interest - i.paid_interest) + (i.vat - i.paid_vat) + (i.late_interest - i.paid_late_interest)`,
);

const onLoan = (column: string, loanId?: number): SQL => (loanId === undefined ? sql`` : sql` and ${sql.raw(column)} = ${loanId}`);

/** Open installments past their due date become overdue (due on D: overdue from D + 1). */
export async function markOverdue(db: Executor, country: Country, asOf: string, loanId?: number): Promise<number> {
  const result = await db.execute(sql`
    update installments i set status = 'overdue', updated_at = now()
     where i.country = ${country} and i.status in ('pending', 'partial') and i.due_date < ${asOf}::date${onLoan('i.loan_id', loanId)}`);
  return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
}

/**
 * Late interest per calendar day after the due date (or after the day accrued through) up to `asOf`, on the
 * unpaid principal + interest at the loan's late rate (lateInterestFor in shared says the same).
 * `late_interest_through` makes a second accrual through the same day add nothing.
 */
export async function accrueLateInterest(db: Executor, country: Country, asOf: string, loanId?: number): Promise<void> {
  await db.execute(sql`
    update installments i
       set late_interest = i.late_interest + round(
             ((i.principal - i.paid_principal) + (i.interest - i.paid_interest)) * l.late_rate
             * (${asOf}::date - greatest(i.due_date, coalesce(i.late_interest_through, i.due_date))) / 36500.0),
           late_interest_through = ${asOf}::date,
           updated_at = now()
      from loans l
     where l.id = i.loan_id and i.country = ${country} and i.status in ${OPEN} and i.due_date < ${asOf}::date
       and (i.late_interest_through is null or i.late_interest_through < ${asOf}::date)${onLoan('i.loan_id', loanId)}`);
}

/**
 * The daily run's markOverdue and accrueLateInterest in one statement, so that an installment falling overdue
 * today is written once, not twice (each write is a new row version and new index entries). Returns how many
 * installments became overdue.
 */
export async function markOverdueAndAccrue(db: Executor, country: Country, asOf: string): Promise<number> {
  const result = await db.execute(sql`
    with target as (
      select i.id, i.status <> 'overdue' as newly
        from installments i
       where i.country = ${country} and i.status in ${OPEN} and i.due_date < ${asOf}::date
         and (i.status <> 'overdue' or i.late_interest_through is null or i.late_interest_through < ${asOf}::date)
    ),
    updated as (
      update installments i
         set status = 'overdue',
             late_interest = case when i.late_interest_through is null or i.late_interest_through < ${asOf}::date
               then i.late_interest + round(
                 ((i.principal - i.paid_principal) + (i.interest - i.paid_interest)) * l.late_rate
                 * (${asOf}::date - greatest(i.due_date, coalesce(i.late_interest_through, i.due_date))) / 36500.0)
               else i.late_interest end,
             late_interest_through = greatest(i.late_interest_through, ${asOf}::date),
             updated_at = now()
        from target t, loans l
       where i.id = t.id and l.id = i.loan_id
         -- Again on the row written: a payment committed meanwhile may have closed the installment.
         and i.status in ${OPEN} and i.due_date < ${asOf}::date
         and (i.status <> 'overdue' or i.late_interest_through is null or i.late_interest_through < ${asOf}::date)
      returning t.newly
    )
    select (count(*) filter (where newly))::int as n from updated`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

const BUCKET_CASE = sql.raw(
  `case ${BUCKETS.map((b) => (Number.isFinite(b.max) ? `when dpd between ${b.min} and ${b.max} then '${b.id}'` : `when dpd >= ${b.min} then '${b.id}'`)).join(' ')} end`,
);

/**
 * A loan's figures from its installments: outstanding, overdue amount, days past due (from the oldest unpaid
 * installment past due, kept as overdue_since), bucket, status (ACTIVE, OVERDUE, PAID once nothing is open) and in_collections.
 * Only rows whose figures change are written; a status change leaves a 'status' event on the timeline.
 * Loans in a final status set by a person (CLOSED, BAD_DEBT, CANCELLED, ANNULED) are left alone.
 */
export async function refreshLoans(db: Executor, country: Country, asOf: string, loanId?: number): Promise<number> {
  const result = await db.execute(sql`
    with agg as (
      select i.loan_id,
             sum(${UNPAID}) as outstanding,
             sum(${UNPAID}) filter (where i.due_date < ${asOf}::date) as overdue,
             min(i.due_date) filter (where i.due_date < ${asOf}::date) as oldest
        from installments i
       where i.country = ${country} and i.status in ${OPEN}${onLoan('i.loan_id', loanId)}
       group by i.loan_id
    ),
    figures as (
      select l.id, l.status as old_status,
             coalesce(agg.outstanding, 0)::bigint as outstanding,
             coalesce(agg.overdue, 0)::bigint as overdue,
             coalesce(${asOf}::date - agg.oldest, 0) as dpd,
             agg.oldest,
             agg.loan_id is null as settled
        from loans l left join agg on agg.loan_id = l.id
       where l.country = ${country} and l.status in ('ACTIVE', 'OVERDUE', 'PAID')${onLoan('l.id', loanId)}
    ),
    calc as (
      select f.*, ${BUCKET_CASE} as bucket,
             case when settled then 'PAID' when dpd > 0 then 'OVERDUE' else 'ACTIVE' end as status
        from figures f
    ),
    status_events as (
      insert into loan_events (country, loan_id, type, body, data)
      select ${country}, c.id, 'status', null, jsonb_build_object('from', c.old_status, 'to', c.status, 'days_past_due', c.dpd)
        from calc c where c.status <> c.old_status
    ),
    updated as (
      update loans l
         set outstanding = c.outstanding, overdue_amount = c.overdue, days_past_due = c.dpd, bucket = c.bucket,
             overdue_since = c.oldest, status = c.status, in_collections = c.dpd > 0,
             paid_at = case when c.settled then coalesce(l.paid_at, now()) else null end,
             updated_at = now(), version = l.version + 1
        from calc c
       where l.id = c.id
         and (l.outstanding, l.overdue_amount, l.days_past_due, l.bucket, l.status, l.in_collections, l.overdue_since)
             is distinct from (c.outstanding, c.overdue, c.dpd, c.bucket, c.status, c.dpd > 0, c.oldest)
      returning l.id
    )
    select count(*)::int as n from updated`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** Pending promises whose date has passed (the day after it) are broken; the loan's next promise date follows. */
export async function breakPromises(db: Executor, country: Country, asOf: string): Promise<number> {
  const result = await db.execute(sql`
    with broken as (
      update collection_promises p set status = 'broken', resolved_at = now()
       where p.country = ${country} and p.status = 'pending' and p.due_on < ${asOf}::date
      returning p.id, p.loan_id, p.due_on, p.amount
    ),
    events as (
      insert into loan_events (country, loan_id, type, data)
      select ${country}, b.loan_id, 'promise_broken', jsonb_build_object('promise_id', b.id, 'due_on', b.due_on, 'amount', b.amount) from broken b
    ),
    next_dates as (
      update loans l set promise_due_on = (
               select min(p.due_on) from collection_promises p
                where p.loan_id = l.id and p.status = 'pending' and p.due_on >= ${asOf}::date)
       where l.id in (select loan_id from broken)
      returning l.id
    )
    select (select count(*) from broken)::int as n, (select count(*) from next_dates)::int as loans`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

export interface DelinquencyResult {
  /** false: another node holds the run, or this country's run for the day is done already. */
  ran: boolean;
  loans: number;
  overdueInstallments: number;
  brokenPromises: number;
}

/** Any node may call it; one at a time per country (advisory lock), once per country and day (delinquency_runs). */
const LOCK_KEY = 0x6c6f616e; // 'loan'

/**
 * The daily delinquency run of a country through `asOf` (its calendar day): overdue installments, late
 * interest, loan figures and statuses, broken promises. One transaction; a second run of the same day finds
 * the day's row and does nothing.
 */
export async function runDelinquency(db: Db, country: Country, asOf: string): Promise<DelinquencyResult> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_KEY}, ${country === 'arg' ? 1 : 2}) as ok`),
    );
    const skipped = { ran: false, loans: 0, overdueInstallments: 0, brokenPromises: 0 };
    if (!lock?.ok) return skipped;
    const done = rowsOf(
      await tx.execute(
        sql`select 1 from delinquency_runs where country = ${country} and run_on = ${asOf}::date and finished_at is not null`,
      ),
    );
    if (done.length > 0) return skipped;
    // refreshLoans' group-by of the open installments sorts on disk at the default 4 MB (~21 MB at 100,000 loans).
    await tx.execute(sql`set local work_mem = '64MB'`);
    const overdueInstallments = await markOverdueAndAccrue(tx, country, asOf);
    const loans = await refreshLoans(tx, country, asOf);
    const brokenPromises = await breakPromises(tx, country, asOf);
    const stats = { loans, overdueInstallments, brokenPromises };
    await tx.execute(sql`
      insert into delinquency_runs (country, run_on, finished_at, loans, stats)
      values (${country}, ${asOf}::date, now(), ${loans}, ${JSON.stringify(stats)}::jsonb)
      on conflict (country, run_on) do update set finished_at = now(), loans = excluded.loans, stats = excluded.stats`);
    return { ran: true, ...stats };
  });
}
