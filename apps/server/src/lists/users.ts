import { foldSearch, type AdminUser } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import { roleOfStored } from '../lib/roles';
import { isoText } from '../repositories/leads';
import { defineList } from './definition';

export interface UserListFilters {
  /** Folded words, each found in the name or the email. */
  words?: string[];
  role?: string;
  active?: boolean;
}

/** The country's users for their administration (issue 40): a few hundred rows, so words are matched by strpos. */
export const usersList = defineList<UserListFilters, AdminUser>({
  name: 'usuarios',
  // The last successful sign-in, from the security log (its user/type/date index answers it per row).
  from: sql`users u left join lateral (
    select max(e.created_at) as at from security_events e where e.user_id = u.id and e.type = 'login_success'
  ) last_login on true`,
  id: sql`u.id`,
  sorts: {
    name: { expr: sql`lower(u.name)`, type: 'text' },
    created_at: { expr: sql`u.created_at`, type: 'timestamptz' },
  },
  defaultSort: { sort: 'name', dir: 'asc' },
  where: ({ country }, f) => [
    sql`u.country = ${country}`,
    f.role ? sql`u.role = ${f.role}` : undefined,
    f.active === undefined ? undefined : sql`u.active = ${f.active}`,
    ...(f.words ?? []).map(
      (word) => sql`strpos(${sql.raw(`translate(lower(u.name || ' ' || u.email), 'áéíóúüñ', 'aeiouun')`)}, ${word}) > 0`,
    ),
  ],
  row: sql`json_build_object(
    'id', u.id,
    'name', u.name,
    'email', u.email,
    'role', u.role,
    'neotel_id', u.neotel_id,
    'active', u.active,
    'must_change_password', u.must_change_password,
    'second_factor', exists (select 1 from user_second_factors f where f.user_id = u.id and f.confirmed_at is not null),
    'version', u.version,
    'created_at', ${isoText(sql`u.created_at`)},
    'last_login_at', ${isoText(sql`last_login.at`)})`,
  export: {
    sheet: 'Usuarios',
    columns: (country) => [
      { header: 'Id', width: 8, kind: 'number', value: (r) => r.id },
      { header: 'Nombre', width: 28, kind: 'text', value: (r) => r.name },
      { header: 'Email', width: 30, kind: 'text', value: (r) => r.email },
      { header: 'Rol', width: 20, kind: 'text', value: (r) => roleOfStored(country, r.role)?.label ?? r.role },
      { header: 'Usuario Neotel', width: 12, kind: 'number', value: (r) => r.neotel_id },
      { header: 'Activo', width: 8, kind: 'text', value: (r) => (r.active ? 'Sí' : 'No') },
      { header: 'Verificación en dos pasos', width: 12, kind: 'text', value: (r) => (r.second_factor ? 'Sí' : 'No') },
    ],
  },
});

/** A free text as the list's words (accents folded, lower case). */
export const userSearchWords = (q: string | undefined) =>
  q
    ? foldSearch(q)
        .split(/\s+/)
        .filter((word) => word !== '')
    : undefined;
