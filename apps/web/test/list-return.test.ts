import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeStorage } from './fake-storage';

const storage = new FakeStorage();

describe("a detail's breadcrumb goes back to its list as the user left it", () => {
  beforeAll(() => vi.stubGlobal('localStorage', storage));
  afterAll(() => vi.unstubAllGlobals());
  beforeEach(async () => (await import('../src/lib/list-return')).forgetListSearches());

  it('falls back to the bare list when the list was not shown in this tab (a copied link)', async () => {
    const { listReturnPath } = await import('../src/lib/list-return');
    expect(listReturnPath(3, '/sales')).toBe('/sales');
    expect(listReturnPath(undefined, '/leads')).toBe('/leads');
  });

  it("returns each list's last search: filters, order and page", async () => {
    const { listReturnPath, rememberListSearch } = await import('../src/lib/list-return');
    rememberListSearch(3, '/sales', '?q=ana');
    rememberListSearch(3, '/sales', '?q=ana&sort=next_call_at&dir=asc&page=2');
    rememberListSearch(3, '/leads', '?status=1%2C2');
    expect(listReturnPath(3, '/sales')).toBe('/sales?q=ana&sort=next_call_at&dir=asc&page=2');
    expect(listReturnPath(3, '/leads')).toBe('/leads?status=1%2C2');
    expect(listReturnPath(3, '/audits')).toBe('/audits');
    // Filters cleared: the bare list again.
    rememberListSearch(3, '/sales', '');
    expect(listReturnPath(3, '/sales')).toBe('/sales');
  });

  it("never gives one user another's filters, nor keeps them past signing out", async () => {
    const { listReturnPath, rememberListSearch } = await import('../src/lib/list-return');
    const { sessionStore } = await import('../src/lib/session');
    sessionStore.set({ name: 'Ana', role: 1, id: 3, neotel_id: 0 });
    rememberListSearch(3, '/leads', '?q=perez');
    rememberListSearch(undefined, '/leads', '?q=nadie');
    expect(listReturnPath(4, '/leads')).toBe('/leads');
    expect(listReturnPath(3, '/leads')).toBe('/leads?q=perez');
    sessionStore.clearAll();
    expect(listReturnPath(3, '/leads')).toBe('/leads');
  });
});
