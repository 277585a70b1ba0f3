import { findRole, type Country, type DefaultPage, type LoginUser, type RoleId } from '@backoffice/shared';

/** SPEC 3: the session kept in local storage, every key carrying the country. */
export interface StoredSession {
  name: string;
  role: RoleId;
  id: number;
  neotel_id: number;
}

export const sessionKeys = (country: Country) => ({
  name: `${country}_name`,
  role: `${country}_role`,
  id: `${country}_id`,
  neotelId: `${country}_neotel_id`,
  loggedIn: `${country}_logged_in`,
});

export const filterResourceKey = (country: Country, key: string) => `${country}_${key}`;

/** The login answer names the role `role_id` in arg and `role` in col. */
export function sessionFromLogin(user: LoginUser): StoredSession {
  const role = 'role_id' in user ? user.role_id : user.role;
  return { name: user.name, role, id: user.id, neotel_id: user.neotel_id };
}

export function writeSession(storage: Storage, country: Country, session: StoredSession): void {
  const keys = sessionKeys(country);
  storage.setItem(keys.name, session.name);
  storage.setItem(keys.role, JSON.stringify(session.role));
  storage.setItem(keys.id, String(session.id));
  storage.setItem(keys.neotelId, String(session.neotel_id));
  storage.setItem(keys.loggedIn, 'true');
}

export function readSession(storage: Storage, country: Country): StoredSession | null {
  const keys = sessionKeys(country);
  if (storage.getItem(keys.loggedIn) !== 'true') return null;
  try {
    const role = JSON.parse(storage.getItem(keys.role) ?? 'null') as RoleId | null;
    const id = Number(storage.getItem(keys.id));
    if (role === null || !findRole(country, role) || !Number.isInteger(id)) return null;
    return {
      name: storage.getItem(keys.name) ?? '',
      role,
      id,
      neotel_id: Number(storage.getItem(keys.neotelId) ?? 0) || 0,
    };
  } catch {
    return null;
  }
}

export function writeFilterResources(storage: Storage, country: Country, resources: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(resources)) {
    storage.setItem(filterResourceKey(country, key), JSON.stringify(value));
  }
}

export function readFilterResource<T>(storage: Storage, country: Country, key: string): T | null {
  const raw = storage.getItem(filterResourceKey(country, key));
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function landingPath(country: Country, role: RoleId): `/${DefaultPage}` | '/' {
  const found = findRole(country, role);
  return found ? `/${found.defaultPage}` : '/';
}
