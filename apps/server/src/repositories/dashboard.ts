import {
  CONVERTED_STATUSES,
  MY_WORK,
  MY_WORK_LISTED,
  RISK_REVIEW_STATUSES,
  todayIn,
  workableSalesStatusesOf,
  type MyWork,
  type MyWorkCount,
  type MyWorkItemKind,
  type MyWorkItem,
  type RoleKind,
  COUNTRY_TIME_ZONE,
  DISBURSED_STATUS,
  SELLER_RANKING_SIZE,
  funnelStepsOf,
  type Country,
} from '@backoffice/shared';
import { queryRows, type Db } from '../db/client';

/** Whose leads: the country's, or (sellers) only those assigned to `ownSellerId`. */
export interface DashboardScope {
  country: Country;
  ownSellerId?: number;
}

/** Calendar days of the country, both included. */
export interface DayRange {
  from: string;
  to: string;
}

export interface FunnelCount {
  statusId: number;
  count: number;
}

export interface DayCount {
  date: string;
  count: number;
  /** Minor units: what the day's applications asked for, or what its disbursements paid out. */
  amount: number;
}

export interface ConversionCount {
  created: number;
  converted: number;
}

export interface SellerConversion extends ConversionCount {
  sellerId: number;
  name: string;
}

export interface AuditQueueStats {
  size: number;
  oldestSince: Date | null;
  medianHours: number | null;
}

/*
 * The range as timestamps: [from 00:00, to + 1 day 00:00) in the country's time zone, so the
 * (…, created_at) indexes serve it. $2 is always the zone, $3 / $4 the days.
 */
const RANGE_START = `(($3::date)::timestamp at time zone $2::text)`;
const RANGE_END = `(($4::date + 1)::timestamp at time zone $2::text)`;

/** The end of the country's today (@today, @zone): what is due "today" is due before it. */
const END_OF_TODAY = `((@today::date + 1)::timestamp at time zone @zone::text)`;

type Named = Record<string, unknown>;

const int = (value: unknown): number => Number(value ?? 0);
const dateOf = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

/**
 * Dashboard aggregates. Every statement counts over index ranges that hold what it needs, so PostgreSQL
 * reads index entries rather than table rows (index-only scans on vacuumed tables):
 *
 * - funnel: leads (country, status_id, …) for the country; leads (country, seller_id, status_id) for a seller
 *   (migration 0010);
 * - created per day: leads (country, created_at, id), or (country, seller_id, created_at, id) for a seller,
 *   one range count per day;
 * - disbursed per day, conversion and audit ages: lead_status_history (country, to_status, created_at, lead_id)
 *   (migration 0010), hashed against the leads of the scope or of the queue.
 *
 * They run as unnamed statements: planned for the values of each run (a 3-day range and a 92-day one
 * want different plans).
 */
export class DashboardRepository {
  constructor(private readonly db: Db) {}

  private rows(text: string, values: unknown[]): Promise<unknown[][]> {
    return queryRows(this.db, text, values);
  }

  /** Current leads by step status (steps with no leads are absent). */
  async funnel(scope: DashboardScope): Promise<FunnelCount[]> {
    const steps = funnelStepsOf(scope.country).map((step) => step.id);
    const own = scope.ownSellerId !== undefined;
    const rows = await this.rows(
      `select status_id, count(*) from leads
        where country = $1 and status_id = any($2::int[])${own ? ' and seller_id = $3' : ''}
        group by status_id`,
      own ? [scope.country, steps, scope.ownSellerId] : [scope.country, steps],
    );
    return rows.map(([statusId, count]) => ({ statusId: int(statusId), count: int(count) }));
  }

  /**
   * Leads created per calendar day of the range. One index range count per day (its bounds computed in the
   * country's zone) instead of converting every row's timestamp to a day, which
   * costs about ten times more (docs/performance.md).
   */
  async createdPerDay(scope: DashboardScope, range: DayRange): Promise<DayCount[]> {
    const own = scope.ownSellerId !== undefined;
    // The amounts are read from the rows the day's index range finds (the count alone would need none).
    const rows = await this.rows(
      `select to_char(day, 'YYYY-MM-DD'), c.n, c.amount
         from generate_series($3::date, $4::date, interval '1 day') as series(at), lateral (select at::date as day) as days,
              lateral (select count(*) as n, coalesce(sum(requested_amount), 0) as amount from leads
                        where country = $1${own ? ' and seller_id = $5' : ''}
                          and created_at >= (day::timestamp at time zone $2::text) and created_at < ((day + 1)::timestamp at time zone $2::text)) as c`,
      [scope.country, COUNTRY_TIME_ZONE[scope.country], range.from, range.to, ...(own ? [scope.ownSellerId] : [])],
    );
    return rows.map(([date, count, amount]) => ({ date: String(date), count: int(count), amount: int(amount) }));
  }

  /**
   * Status history rows into the disbursed status per calendar day (a seller: of the leads assigned to them),
   * and what they paid out: the offer, or the requested amount where there was none (the loan's principal).
   */
  async disbursedPerDay(scope: DashboardScope, range: DayRange): Promise<DayCount[]> {
    const own = scope.ownSellerId !== undefined;
    const rows = await this.rows(
      `select to_char(h.created_at at time zone $2::text, 'YYYY-MM-DD') as day, count(*), coalesce(sum(coalesce(l.offered_amount, l.requested_amount)), 0)
         from lead_status_history h join leads l on l.id = h.lead_id${own ? ' and l.seller_id = $6' : ''}
        where h.country = $1 and h.to_status = $5 and h.created_at >= ${RANGE_START} and h.created_at < ${RANGE_END}
        group by 1`,
      [
        scope.country,
        COUNTRY_TIME_ZONE[scope.country],
        range.from,
        range.to,
        DISBURSED_STATUS[scope.country],
        ...(own ? [scope.ownSellerId] : []),
      ],
    );
    return rows.map(([date, count, amount]) => ({ date: String(date), count: int(count), amount: int(amount) }));
  }

  /**
   * Leads created in the range and how many of them reached ACCEPTED or later. A lead reaches those
   * statuses after it is created, so only history rows from the range's start on can matter: the
   * converted set is an index range of lead_status_history, hashed and probed by the range's leads.
   */
  async conversion(scope: DashboardScope, range: DayRange): Promise<ConversionCount> {
    const own = scope.ownSellerId !== undefined;
    const rows = await this.rows(
      `select count(*), count(c.lead_id) from leads l
         left join (select distinct lead_id from lead_status_history
                     where country = $1 and to_status = any($5::int[]) and created_at >= ${RANGE_START}) c on c.lead_id = l.id
        where l.country = $1 and l.created_at >= ${RANGE_START} and l.created_at < ${RANGE_END}${own ? ' and l.seller_id = $6' : ''}`,
      [
        scope.country,
        COUNTRY_TIME_ZONE[scope.country],
        range.from,
        range.to,
        CONVERTED_STATUSES[scope.country],
        ...(own ? [scope.ownSellerId] : []),
      ],
    );
    const [created, converted] = rows[0] ?? [0, 0];
    return { created: int(created), converted: int(converted) };
  }

  /** Conversion per seller over the range's leads: best rate first, then more conversions, more leads, id. */
  async sellerRanking(country: Country, range: DayRange, limit = SELLER_RANKING_SIZE): Promise<SellerConversion[]> {
    const rows = await this.rows(
      `select s.seller_id, u.name, s.created, s.converted from (
         select l.seller_id, count(*) as created, count(c.lead_id) as converted from leads l
           left join (select distinct lead_id from lead_status_history
                       where country = $1 and to_status = any($5::int[]) and created_at >= ${RANGE_START}) c on c.lead_id = l.id
          where l.country = $1 and l.created_at >= ${RANGE_START} and l.created_at < ${RANGE_END} and l.seller_id is not null
          group by l.seller_id) s
         join users u on u.id = s.seller_id
        order by s.converted::float8 / s.created desc, s.converted desc, s.created desc, s.seller_id
        limit ${Number(limit)}`,
      [country, COUNTRY_TIME_ZONE[country], range.from, range.to, CONVERTED_STATUSES[country]],
    );
    return rows.map(([sellerId, name, created, converted]) => ({
      sellerId: int(sellerId),
      name: String(name),
      created: int(created),
      converted: int(converted),
    }));
  }

  /**
   * The audit queue now: its open audit rounds (the trigger on lead_status_history opens one when a lead
   * enters AUDIT_PENDING / AUDIT_RETRY, at that moment, and closes it when the lead moves on), their count,
   * the oldest and the median age in hours at `now`. An index-only read of audits_queue_idx, which holds
   * only open rounds: its cost follows the queue's size, not the number of leads.
   */
  async auditQueue(country: Country, now: Date): Promise<AuditQueueStats> {
    const rows = await this.rows(
      `select count(*), min(queued_at),
              percentile_cont(0.5) within group (order by extract(epoch from ($2::timestamptz - queued_at))) / 3600
         from audits
        where country = $1 and decided_at is null`,
      [country, now.toISOString()],
    );
    const [size, oldest, median] = rows[0] ?? [0, null, null];
    return { size: int(size), oldestSince: dateOf(oldest), medianHours: median === null || median === undefined ? null : Number(median) };
  }

  /**
   * "Mi trabajo de hoy" of one user (MY_WORK of their role kind): the counts and the first items, over what
   * the user may see: their own call backs, claimed cases and loans; the country's for the roles that manage
   * it. Each count reads a partial or leading index range (scheduled_calls by seller and status, the open
   * audits, pending promises by day, the loans in collections, stopped stage runs).
   */
  async myWork(country: Country, kind: RoleKind, userId: number, now: Date): Promise<MyWork> {
    const work = MY_WORK[kind];
    const named: Named = { country, user: userId, now: now.toISOString(), zone: COUNTRY_TIME_ZONE[country], today: todayIn(country, now) };
    const [counts, items] = await Promise.all([
      Promise.all(work.counts.map(async (id) => ({ id, count: await this.workCount(id, kind, named) }))),
      this.workItems(work.items, kind, named),
    ]);
    return { counts, items };
  }

  /** Runs a statement written with @name parameters (each statement names only those it uses). */
  private named(text: string, named: Named): Promise<unknown[][]> {
    const order: string[] = [];
    const bound = text.replace(/@(\w+)/g, (_, name: string) => {
      if (!(name in named)) throw new Error(`Unbound parameter @${name}`);
      if (!order.includes(name)) order.push(name);
      return `$${order.indexOf(name) + 1}`;
    });
    return this.rows(
      bound,
      order.map((name) => named[name]),
    );
  }

  private async workCount(id: MyWorkCount, kind: RoleKind, named: Named): Promise<number> {
    const own = kind === 'collector';
    const statements: Record<MyWorkCount, string> = {
      call_backs_overdue: `select count(*) from scheduled_calls where seller_id = @user and status = 'pending' and country = @country and schedule_time < @now::timestamptz`,
      call_backs_today: `select count(*) from scheduled_calls where seller_id = @user and status = 'pending' and country = @country
                            and schedule_time >= @now::timestamptz and schedule_time < ${END_OF_TODAY}`,
      team_call_backs_overdue: `select count(*) from scheduled_calls where status = 'pending' and country = @country and schedule_time < @now::timestamptz`,
      unassigned_leads: `select count(*) from leads where country = @country and seller_id is null and status_id = any(@pool::int[])`,
      audits_claimed: `select count(*) from audits where country = @country and decided_at is null and auditor_id = @user`,
      audits_unclaimed: `select count(*) from audits where country = @country and decided_at is null and auditor_id is null`,
      // A collector's: the promises on the loans of their queue; anyone else's: the country's.
      promises_due: `select count(*) from collection_promises p${own ? ' join loans l on l.id = p.loan_id and l.collector_id = @user' : ''}
                      where p.country = @country and p.status = 'pending' and p.due_on <= @today::date`,
      next_actions_due: `select count(*) from loans where country = @country and in_collections and collector_id = @user and next_action_at < ${END_OF_TODAY}`,
      loans_unassigned: `select count(*) from loans where country = @country and in_collections and collector_id is null`,
      stages_stopped: `select count(*) from stage_runs where country = @country and last_error is not null and not isfinite(run_after)`,
      risk_manual: `select count(*) from leads where country = @country and status_id = any(@risk::int[])`,
    };
    const country = named.country as Country;
    const rows = await this.named(statements[id], {
      ...named,
      pool: workableSalesStatusesOf(country).map((status) => status.id),
      risk: RISK_REVIEW_STATUSES[country],
    });
    return int(rows[0]?.[0]);
  }

  private async workItems(kind: MyWorkItemKind, role: RoleKind, named: Named): Promise<MyWorkItem[]> {
    const country = named.country as Country;
    const customer = `trim(c.first_name || ' ' || c.last_name)`;
    const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const limit = `limit ${Number(MY_WORK_LISTED)}`;
    const statements: Record<MyWorkItemKind, () => string> = {
      call_back: () => {
        // A seller's due today or overdue; the team's (for those who manage sellers) overdue only.
        const own = MY_WORK[role].counts.includes('call_backs_today');
        return `select s.lead_id, ${customer}, ${iso('s.schedule_time')}, s.schedule_time < @now::timestamptz, null, null
                  from scheduled_calls s join leads l on l.id = s.lead_id join customers c on c.id = l.customer_id
                 where s.status = 'pending' and s.country = @country
                   and ${own ? `s.seller_id = @user and s.schedule_time < ${END_OF_TODAY}` : 's.schedule_time < @now::timestamptz'}
                 order by s.schedule_time, s.id ${limit}`;
      },
      audit: () => `select a.lead_id, ${customer}, ${iso('a.queued_at')}, false, null, null
                      from audits a join leads l on l.id = a.lead_id join customers c on c.id = l.customer_id
                     where a.country = @country and a.decided_at is null and a.auditor_id = @user
                     order by a.queued_at, a.id ${limit}`,
      collection: () => {
        // A promise due (today or before) first, then a next action due by the end of today: a collector's
        // own loans; anyone else's (ATC), the country's promises due.
        const own = role === 'collector';
        return `select l.id, ${customer},
                       case when p.due_on is not null then to_char(p.due_on, 'YYYY-MM-DD') else ${iso('l.next_action_at')} end,
                       case when p.due_on is not null then p.due_on < @today::date else l.next_action_at < @now::timestamptz end,
                       coalesce(p.amount, l.overdue_amount), case when p.due_on is not null then 'promise' else 'next_action' end
                  from loans l join customers c on c.id = l.customer_id
                  left join lateral (select due_on, amount from collection_promises
                                      where loan_id = l.id and status = 'pending' and due_on <= @today::date order by due_on limit 1) p on true
                 where l.country = @country and l.in_collections
                   ${own ? `and l.collector_id = @user and (p.due_on is not null or l.next_action_at < ${END_OF_TODAY})` : 'and p.due_on is not null'}
                 order by p.due_on nulls last, l.next_action_at, l.id ${limit}`;
      },
      stage: () => `select r.lead_id, ${customer}, null, true, null, null
                      from stage_runs r join leads l on l.id = r.lead_id join customers c on c.id = l.customer_id
                     where r.country = @country and r.last_error is not null and not isfinite(r.run_after)
                     order by r.lead_id ${limit}`,
      risk: () => `select l.id, ${customer}, ${iso('l.status_changed_at')}, false, null, null
                     from leads l join customers c on c.id = l.customer_id
                    where l.country = @country and l.status_id = any(@risk::int[])
                    order by l.status_changed_at, l.id ${limit}`,
    };
    const rows = await this.named(statements[kind](), { ...named, risk: RISK_REVIEW_STATUSES[country] });
    return rows.map(([id, name, dueAt, overdue, amount, reason]) => ({
      kind,
      id: int(id),
      customer: String(name),
      due_at: dueAt === null || dueAt === undefined ? null : String(dueAt),
      overdue: overdue === true || overdue === 't',
      amount: amount === null || amount === undefined ? null : int(amount),
      reason: reason === 'promise' || reason === 'next_action' ? reason : null,
    }));
  }
}
