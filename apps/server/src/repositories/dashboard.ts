import {
  CONVERTED_STATUSES,
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

const int = (value: unknown): number => Number(value ?? 0);
const dateOf = (value: unknown): Date | null => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));

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
    const rows = await this.rows(
      `select to_char(day, 'YYYY-MM-DD'),
              (select count(*) from leads
                where country = $1${own ? ' and seller_id = $5' : ''}
                  and created_at >= (day::timestamp at time zone $2::text) and created_at < ((day + 1)::timestamp at time zone $2::text))
         from generate_series($3::date, $4::date, interval '1 day') as series(at), lateral (select at::date as day) as days`,
      [scope.country, COUNTRY_TIME_ZONE[scope.country], range.from, range.to, ...(own ? [scope.ownSellerId] : [])],
    );
    return rows.map(([date, count]) => ({ date: String(date), count: int(count) }));
  }

  /** Status history rows into the disbursed status per calendar day (a seller: of the leads assigned to them). */
  async disbursedPerDay(scope: DashboardScope, range: DayRange): Promise<DayCount[]> {
    const own = scope.ownSellerId !== undefined;
    const rows = await this.rows(
      `select to_char(h.created_at at time zone $2::text, 'YYYY-MM-DD') as day, count(*) from lead_status_history h
        ${own ? 'join leads l on l.id = h.lead_id and l.seller_id = $6' : ''}
        where h.country = $1 and h.to_status = $5 and h.created_at >= ${RANGE_START} and h.created_at < ${RANGE_END}
        group by 1`,
      [scope.country, COUNTRY_TIME_ZONE[scope.country], range.from, range.to, DISBURSED_STATUS[scope.country], ...(own ? [scope.ownSellerId] : [])],
    );
    return rows.map(([date, count]) => ({ date: String(date), count: int(count) }));
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
      [scope.country, COUNTRY_TIME_ZONE[scope.country], range.from, range.to, CONVERTED_STATUSES[scope.country], ...(own ? [scope.ownSellerId] : [])],
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
}
