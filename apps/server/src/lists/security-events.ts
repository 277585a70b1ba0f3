import {
  COUNTRY_TIME_ZONE,
  SECURITY_EVENT_TYPES,
  addDays,
  type Country,
  type SecurityEvent,
  type SecurityEventFilters,
} from '@backoffice/shared';
import { sql, type SQL } from 'drizzle-orm';
import { isoText } from '../repositories/leads';
import { defineList } from './definition';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A bound of the range: a day starts at the country's midnight; an instant is taken as given. */
const bound = (country: Country, value: string): SQL =>
  DAY.test(value)
    ? sql`(cast(${value} as date)::timestamp at time zone ${COUNTRY_TIME_ZONE[country]})`
    : sql`cast(${value} as timestamptz)`;

/** The country's security log for its admins (ASVS V7), newest first; rows carry ids and addresses only. */
export const securityEventsList = defineList<SecurityEventFilters, SecurityEvent>({
  name: 'seguridad',
  from: sql`security_events e left join users u on u.id = e.user_id left join users a on a.id = e.actor_id`,
  countFrom: () => sql`security_events e`,
  id: sql`e.id`,
  sorts: { created_at: { expr: sql`e.created_at`, type: 'timestamptz' } },
  defaultSort: { sort: 'created_at', dir: 'desc' },
  where: ({ country }, f) => [
    sql`e.country = ${country}`,
    f.type ? sql`e.type = ${f.type}` : undefined,
    f.user_id ? sql`e.user_id = ${f.user_id}` : undefined,
    f.ip ? sql`e.ip = ${f.ip}` : undefined,
    f.from ? sql`e.created_at >= ${bound(country, f.from)}` : undefined,
    // A day as the end includes it; an instant is the last moment itself.
    f.to
      ? DAY.test(f.to)
        ? sql`e.created_at < ${bound(country, addDays(f.to, 1))}`
        : sql`e.created_at <= ${bound(country, f.to)}`
      : undefined,
  ],
  row: sql`json_build_object(
    'id', e.id,
    'created_at', ${isoText(sql`e.created_at`)},
    'type', e.type,
    'user_id', e.user_id,
    'user_name', u.name,
    'actor_id', e.actor_id,
    'actor_name', a.name,
    'ip', e.ip,
    'details', e.details)`,
  export: {
    sheet: 'Seguridad',
    columns: () => [
      { header: 'Id', width: 10, kind: 'number', value: (r) => r.id },
      { header: 'Fecha', width: 22, kind: 'text', value: (r) => r.created_at },
      { header: 'Tipo', width: 16, kind: 'text', value: (r) => r.type },
      {
        header: 'Evento',
        width: 34,
        kind: 'text',
        value: (r) => SECURITY_EVENT_TYPES[r.type as keyof typeof SECURITY_EVENT_TYPES] ?? r.type,
      },
      { header: 'Usuario', width: 10, kind: 'number', value: (r) => r.user_id },
      { header: 'Nombre', width: 24, kind: 'text', value: (r) => r.user_name },
      { header: 'Actor', width: 10, kind: 'number', value: (r) => r.actor_id },
      { header: 'Nombre del actor', width: 24, kind: 'text', value: (r) => r.actor_name },
      { header: 'IP', width: 16, kind: 'text', value: (r) => r.ip },
      { header: 'Detalle', width: 60, kind: 'text', value: (r) => JSON.stringify(r.details) },
    ],
  },
});
