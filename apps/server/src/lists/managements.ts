import {
  COUNTRY_TIME_ZONE,
  MANAGEMENT_CHANNELS,
  addDays,
  catalogueLabel,
  countryWallTime,
  foldSearch,
  managementResultLabel,
  seesTeamManagements,
  type Country,
  type ManagementRow,
} from '@backoffice/shared';
import { sql, type SQL } from 'drizzle-orm';
import { roleOfStored } from '../lib/roles';
import { isoText } from '../repositories/leads';
import { defineList, type ListContext } from './definition';

/** The list's and the day's summary's filters, as the route checked them. */
export interface ManagementFilters {
  /** Calendar days of the country, both included. */
  from: string;
  to: string;
  userIds?: number[];
  roles?: string[];
  channels?: string[];
  results?: string[];
  subject?: 'lead' | 'loan';
  leadId?: number;
  loanId?: number;
  /** Folded words of the customer's name or document, every one of which must match. */
  words?: string[];
}

/** FROM of the list and the summary: the management, who made it, and the customer of its lead or loan. */
export const MANAGEMENTS_FROM = sql`managements m
  left join users u on u.id = m.user_id
  left join leads l on l.id = m.lead_id
  left join loans lo on lo.id = m.loan_id
  left join customers c on c.id = coalesce(l.customer_id, lo.customer_id)`;

/** The first instant of a calendar day on the country's clock. */
const dayStart = (country: Country, day: string) => sql`(cast(${day} as timestamp) at time zone ${COUNTRY_TIME_ZONE[country]})`;

/**
 * Who sees which managements (a seller or collector their own; supervisor, admin and ATC everyone's in the
 * country) and the filters, ANDed; shared by the list and the summary so both count the same rows.
 */
export function managementConditions(
  { country, user }: ListContext,
  f: ManagementFilters,
  /** The moment the date range applies to: when it was made, or when its next action is due (the summary). */
  dated: 'created_at' | 'next_action_at' = 'created_at',
): (SQL | undefined)[] {
  const at = sql.raw(`m.${dated}`);
  return [
    sql`m.country = ${country}`,
    seesTeamManagements(country, user.role) ? undefined : sql`m.user_id = ${user.id}`,
    sql`${at} >= ${dayStart(country, f.from)}`,
    sql`${at} < ${dayStart(country, addDays(f.to, 1))}`,
    f.userIds?.length
      ? sql`m.user_id in (${sql.join(
          f.userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : undefined,
    f.roles?.length
      ? sql`u.role in (${sql.join(
          f.roles.map((role) => sql`${role}`),
          sql`, `,
        )})`
      : undefined,
    f.channels?.length
      ? sql`m.channel in (${sql.join(
          f.channels.map((channel) => sql`${channel}`),
          sql`, `,
        )})`
      : undefined,
    f.results?.length
      ? sql`m.result in (${sql.join(
          f.results.map((result) => sql`${result}`),
          sql`, `,
        )})`
      : undefined,
    f.subject === 'lead' ? sql`m.lead_id is not null` : f.subject === 'loan' ? sql`m.loan_id is not null` : undefined,
    f.leadId !== undefined ? sql`m.lead_id = ${f.leadId}` : undefined,
    f.loanId !== undefined ? sql`m.loan_id = ${f.loanId}` : undefined,
    // A day's managements are a few thousand rows at most: each word is looked for in the customer's folded text.
    ...(f.words ?? []).map((word) => sql`strpos(c.search_text, ${word}) > 0`),
  ];
}

/** The words of a free text as customers.search_text holds them (accents folded, lower case). */
export const searchWords = (q: string | undefined) =>
  q
    ? foldSearch(q)
        .split(/\s+/)
        .filter((word) => word !== '')
    : undefined;

export const MANAGEMENT_ROW_JSON = sql`json_build_object(
  'id', m.id,
  'created_at', ${isoText(sql`m.created_at`)},
  'user', case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end,
  'role', u.role,
  'lead_id', m.lead_id,
  'loan_id', m.loan_id,
  'customer', case when c.id is null then null
    else json_build_object('id', c.id, 'doc_number', c.doc_number, 'first_name', c.first_name, 'last_name', c.last_name) end,
  'channel', m.channel,
  'result', m.result,
  'note', m.note,
  'next_action_at', ${isoText(sql`m.next_action_at`)},
  'call_id', m.call_id)`;

/** 'YYYY-MM-DD HH:mm' on the country's clock (an export's date cell). */
const localTime = (country: Country, iso: string | null) => (iso ? countryWallTime(country, new Date(iso)).replace('T', ' ') : null);

export const managementsList = defineList<ManagementFilters, ManagementRow>({
  name: 'gestiones',
  from: MANAGEMENTS_FROM,
  id: sql`m.id`,
  sorts: { created_at: { expr: sql`m.created_at`, type: 'timestamptz' } },
  defaultSort: { sort: 'created_at', dir: 'desc' },
  where: (context, filters) => managementConditions(context, filters),
  row: MANAGEMENT_ROW_JSON,
  export: {
    sheet: 'Gestiones',
    columns: (country) => [
      { header: 'Id', width: 10, kind: 'number', value: (r) => r.id },
      { header: 'Fecha', width: 18, kind: 'date', value: (r) => localTime(country, r.created_at) },
      { header: 'Usuario', width: 24, kind: 'text', value: (r) => r.user?.name ?? '' },
      { header: 'Rol', width: 18, kind: 'text', value: (r) => (r.role === null ? '' : (roleOfStored(country, r.role)?.label ?? r.role)) },
      { header: 'Solicitud', width: 10, kind: 'number', value: (r) => r.lead_id },
      { header: 'Préstamo', width: 10, kind: 'number', value: (r) => r.loan_id },
      { header: 'Documento', width: 14, kind: 'text', value: (r) => r.customer?.doc_number ?? '' },
      { header: 'Cliente', width: 28, kind: 'text', value: (r) => (r.customer ? `${r.customer.last_name}, ${r.customer.first_name}` : '') },
      { header: 'Canal', width: 12, kind: 'text', value: (r) => catalogueLabel(MANAGEMENT_CHANNELS, r.channel) },
      { header: 'Resultado', width: 30, kind: 'text', value: (r) => managementResultLabel(r.result) },
      { header: 'Nota', width: 40, kind: 'text', value: (r) => r.note ?? '' },
      { header: 'Próxima acción', width: 18, kind: 'date', value: (r) => localTime(country, r.next_action_at) },
      { header: 'Llamada', width: 10, kind: 'number', value: (r) => r.call_id },
    ],
  },
});
