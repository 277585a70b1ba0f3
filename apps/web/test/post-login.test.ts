import { ROLES, type Screen } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { postLoginPath } from '../src/app/post-login';

const screens: { path: string; screen: Screen }[] = [
  { path: '/', screen: 'index' },
  { path: '/leads', screen: 'leads' },
  { path: '/sales', screen: 'sales' },
  { path: '/lead-detail', screen: 'lead-detail' },
];

describe('where sign-in leads', () => {
  it("goes to the role's default page of the shared table when nothing was asked for", () => {
    for (const country of ['arg', 'col'] as const) {
      for (const role of ROLES[country]) {
        expect(postLoginPath(undefined, country, role.id, screens), `${country} ${role.code}`).toBe(`/${role.defaultPage}`);
      }
    }
  });

  it('goes back to the page the guard sent the user away from, query included', () => {
    expect(postLoginPath('/lead-detail?id=7', 'arg', 1, screens)).toBe('/lead-detail?id=7');
    expect(postLoginPath('/sales', 'col', 'seller', screens)).toBe('/sales');
  });

  it('ignores a page the role may not open, an unbuilt page, the index and junk', () => {
    // arg AUDITOR (4) may not open leads: its landing page instead.
    expect(postLoginPath('/leads', 'arg', 4, screens)).toBe('/audits');
    expect(postLoginPath('/massives', 'arg', 1, screens)).toBe('/leads');
    expect(postLoginPath('/', 'col', 'collector', screens)).toBe('/collections');
    expect(postLoginPath('https://evil.example/leads', 'arg', 1, screens)).toBe('/leads');
    expect(postLoginPath(42, 'arg', 2, screens)).toBe('/sales');
  });
});
