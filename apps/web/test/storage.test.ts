import { ROLES } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import {
  landingPath,
  readFilterResource,
  readSession,
  sessionFromLogin,
  sessionKeys,
  writeFilterResources,
  writeSession,
} from '../src/lib/storage';
import { FakeStorage } from './fake-storage';

describe('session storage (SPEC 3)', () => {
  it('keys every value with the country', () => {
    expect(Object.values(sessionKeys('arg'))).toEqual(['arg_name', 'arg_role', 'arg_id', 'arg_neotel_id', 'arg_logged_in']);
    expect(Object.values(sessionKeys('col'))).toEqual(['col_name', 'col_role', 'col_id', 'col_neotel_id', 'col_logged_in']);
  });

  it('writes exactly those keys at sign-in, role kept with its type', () => {
    const storage = new FakeStorage();
    writeSession(storage, 'col', { name: 'Luz', role: 'audit', id: 12, neotel_id: 0 });
    expect(Object.fromEntries([0, 1, 2, 3, 4].map((i) => [storage.key(i), storage.getItem(storage.key(i)!)]))).toEqual({
      col_name: 'Luz',
      col_role: '"audit"',
      col_id: '12',
      col_neotel_id: '0',
      col_logged_in: 'true',
    });
    expect(storage.length).toBe(5);
  });

  it('reads the role from role_id in arg and role in col', () => {
    expect(sessionFromLogin({ id: 1, name: 'A', neotel_id: 5, role_id: 2 }).role).toBe(2);
    expect(sessionFromLogin({ id: 1, name: 'A', neotel_id: 0, role: 'seller' }).role).toBe('seller');
  });

  it('round-trips a session and refuses one of another country', () => {
    const storage = new FakeStorage();
    writeSession(storage, 'arg', { name: 'Ana', role: 4, id: 9, neotel_id: 0 });
    expect(readSession(storage, 'arg')).toEqual({ name: 'Ana', role: 4, id: 9, neotel_id: 0 });
    expect(readSession(storage, 'col')).toBeNull();
    storage.setItem('arg_role', '"audit"');
    expect(readSession(storage, 'arg')).toBeNull();
  });

  it('stores filter resources as {country}_{key}', () => {
    const storage = new FakeStorage();
    writeFilterResources(storage, 'arg', { statuses: [{ id: 1 }], sellers: [] });
    expect(storage.getItem('arg_statuses')).toBe('[{"id":1}]');
    expect(readFilterResource(storage, 'arg', 'sellers')).toEqual([]);
  });
});

describe('landing page per role (SPEC 6)', () => {
  it('sends each arg and col role to its default page', () => {
    expect(ROLES.arg.map((role) => landingPath('arg', role.id))).toEqual([
      '/leads',
      '/sales',
      '/leads',
      '/audits',
      '/leads',
      '/leads',
      '/sales',
      '/leads',
      '/leads',
      '/collections',
    ]);
    expect(ROLES.col.map((role) => landingPath('col', role.id))).toEqual([
      '/leads',
      '/leads',
      '/leads',
      '/audits',
      '/leads',
      '/sales',
      '/sales',
      '/collections',
      '/leads',
      '/leads',
    ]);
    expect(landingPath('arg', 99)).toBe('/');
  });

  it('follows the shared role table for every role of both countries', () => {
    for (const country of ['arg', 'col'] as const) {
      for (const role of ROLES[country]) expect(landingPath(country, role.id)).toBe(`/${role.defaultPage}`);
    }
    // arg reads numeric role ids, col string ids: one country's id means nothing in the other.
    expect(landingPath('col', 2)).toBe('/');
    expect(landingPath('arg', 'seller')).toBe('/');
  });
});
