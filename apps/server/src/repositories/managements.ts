import { COUNTRY_TIME_ZONE, seesTeamManagements, type ManagementDetail, type ManagementSummary } from '@backoffice/shared';
import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../db/client';
import type { ListContext } from '../lists/definition';
import { MANAGEMENTS_FROM, MANAGEMENT_ROW_JSON, managementConditions, type ManagementFilters } from '../lists/managements';
import { isoText } from './leads';

const dialect = new PgDialect();

/** The day's summary and one management's detail; the list itself is a declaration (lists/managements.ts). */
export class ManagementsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Managements per user per hour and per user per result (one GROUP BY over both grouping sets), and the
   * next actions due in the range with how many were followed by another management on their lead or loan.
   */
  async summary(context: ListContext, filters: ManagementFilters): Promise<ManagementSummary> {
    const tz = COUNTRY_TIME_ZONE[context.country];
    const where = and(...managementConditions(context, filters).filter((c): c is SQL => c !== undefined))!;
    // The zone as a literal (from a fixed table): as a parameter, the SELECT's and the GROUP BY's hours would be two expressions.
    const hour = sql.raw(`extract(hour from m.created_at at time zone '${tz}')::int`);
    const grouped = await this
      .run(sql`select m.user_id, coalesce(max(u.name), 'Sistema'), ${hour}, m.result, count(*)::int, grouping(m.result)::int
      from ${MANAGEMENTS_FROM} where ${where}
      group by grouping sets ((m.user_id, ${hour}), (m.user_id, m.result))
      order by 2, 1, 3, 4`);
    const dueWhere = and(...managementConditions(context, filters, 'next_action_at').filter((c): c is SQL => c !== undefined))!;
    const [[due, done]] = (await this.run(sql`select count(*)::int, count(*) filter (where exists (
        select 1 from managements n
         where n.country = m.country and n.created_at > m.created_at
           and (n.lead_id = m.lead_id or n.loan_id = m.loan_id)))::int
      from ${MANAGEMENTS_FROM} where ${dueWhere}`)) as [[number, number]];
    const summary: ManagementSummary = {
      from: filters.from,
      to: filters.to,
      by_hour: [],
      by_result: [],
      contacts: 0,
      next_actions_due: due,
      next_actions_done: done,
    };
    for (const [userId, userName, hourOfDay, result, count, byHour] of grouped as [
      number | null,
      string,
      number | null,
      string | null,
      number,
      number,
    ][]) {
      const user = { user_id: userId, user_name: userName };
      if (byHour === 1) {
        summary.by_hour.push({ ...user, hour: hourOfDay!, count });
        summary.contacts += count;
      } else summary.by_result.push({ ...user, result: result!, count });
    }
    return summary;
  }

  /** One management with its lead or loan, customer, call and what followed it; null when the user may not see it. */
  async detail(context: ListContext, id: number): Promise<ManagementDetail | null> {
    const own = seesTeamManagements(context.country, context.user.role) ? sql`true` : sql`m.user_id = ${context.user.id}`;
    const rows = await this.run(sql`select (${MANAGEMENT_ROW_JSON})::text,
        case when l.id is null then null else json_build_object('id', l.id, 'status_id', l.status_id, 'management_status', l.management_status, 'seller', s.name) end::text,
        case when lo.id is null then null else json_build_object('id', lo.id, 'status', lo.status, 'days_past_due', lo.days_past_due, 'outstanding', lo.outstanding) end::text,
        case when c.id is null then null else json_build_object('id', c.id, 'doc_number', c.doc_number, 'first_name', c.first_name, 'last_name', c.last_name,
          'cellphone', c.cellphone, 'email', c.email) end::text,
        case when ca.id is null then null else json_build_object('id', ca.id, 'status', ca.status, 'cellphone', ca.cellphone, 'adapter', ca.adapter,
          'outcome', ca.outcome, 'external_id', ca.external_id, 'started_at', ${isoText(sql`ca.started_at`)}, 'ended_at', ${isoText(sql`ca.ended_at`)}) end::text
      from ${MANAGEMENTS_FROM}
      left join users s on s.id = l.seller_id
      left join calls ca on ca.id = m.call_id
      where m.id = ${id} and m.country = ${context.country} and ${own}`);
    const [found] = rows as [string, string | null, string | null, string | null, string | null][];
    if (!found) return null;
    const [management, lead, loan, customer, call] = found.map((text) => (text === null ? null : JSON.parse(text)));
    // Later managements of the same lead or loan, and its status changes, after this one.
    const after = await this.run(sql`with this as (select id, lead_id, loan_id, created_at from managements where id = ${id})
      select type, ${isoText(sql`at`)}, mid, who, text, channel from (
        select 'management' as type, n.created_at as at, n.id as mid, u.name as who, n.result as text, n.channel
          from this join managements n on (n.lead_id = this.lead_id or n.loan_id = this.loan_id) and n.created_at > this.created_at and n.id <> this.id
          left join users u on u.id = n.user_id
        union all
        select 'status', h.created_at, null, u.name, h.to_status::text, null
          from this join lead_status_history h on h.lead_id = this.lead_id and h.created_at > this.created_at
          left join users u on u.id = h.user_id
        union all
        select 'status', e.created_at, null, u.name, coalesce(e.data->>'to', e.body, ''), null
          from this join loan_events e on e.loan_id = this.loan_id and e.type = 'status' and e.created_at > this.created_at
          left join users u on u.id = e.user_id
      ) later order by at, mid nulls first limit 100`);
    return {
      management,
      lead,
      loan,
      customer,
      call,
      after: (after as ['management' | 'status', string, number | string | null, string | null, string, string | null][]).map(
        ([type, at, mid, who, text, channel]) => ({
          type,
          at,
          id: mid === null ? null : Number(mid),
          user: who,
          text,
          channel,
        }),
      ),
    };
  }

  private run(query: SQL): Promise<unknown[][]> {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return queryRows(this.db, text, params);
  }
}
