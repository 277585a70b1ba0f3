import { ROLES, type Country, type Role, type RoleId, type RoleKind } from '@backoffice/shared';

/*
 * users.role holds the SPEC 6 role id as text (arg '1'..'10', col 'admin', ...). These two functions are the
 * only place that converts, so the API always speaks numbers for arg and strings for col.
 */

export function roleToDb(roleId: RoleId): string {
  return String(roleId);
}

export function roleFromDb(country: Country, stored: string): RoleId {
  return country === 'arg' ? Number(stored) : stored;
}

/** The stored role values of the roles of some kinds, for `where role in (...)`. */
export function storedRolesOfKinds(country: Country, kinds: readonly RoleKind[]): string[] {
  return ROLES[country].filter((r) => kinds.includes(r.kind)).map((r) => roleToDb(r.id));
}

export function roleOfStored(country: Country, stored: string): Role | undefined {
  return ROLES[country].find((r) => roleToDb(r.id) === stored);
}
