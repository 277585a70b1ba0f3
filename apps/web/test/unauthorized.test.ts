import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeStorage } from './fake-storage';

const storage = new FakeStorage();

describe('a 401 from any call ends the local session', () => {
  beforeAll(() => {
    vi.stubGlobal('localStorage', storage);
    vi.useFakeTimers();
  });
  afterAll(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('clears local storage and the query cache on 401 only, and only with a session', async () => {
    const { ApiError } = await import('../src/lib/api-client');
    const { handleUnauthorized, queryClient } = await import('../src/lib/query-client');
    const { sessionStore } = await import('../src/lib/session');

    sessionStore.set({ name: 'Ana', role: 1, id: 3, neotel_id: 0 });
    storage.setItem('backoffice-theme', '"dark"');
    queryClient.setQueryData(['x'], 1);

    handleUnauthorized(new ApiError(403, 'Prohibido'));
    handleUnauthorized(new Error('network'));
    vi.runAllTimers();
    expect(sessionStore.get()).not.toBeNull();
    expect(queryClient.getQueryData(['x'])).toBe(1);

    handleUnauthorized(new ApiError(401, 'Sesión expirada'));
    vi.runAllTimers();
    expect(sessionStore.get()).toBeNull();
    expect(storage.length).toBe(0);
    expect(queryClient.getQueryData(['x'])).toBeUndefined();

    // A wrong password at login is a 401 without a session: nothing to clear, preferences stay.
    storage.setItem('backoffice-theme', '"dark"');
    handleUnauthorized(new ApiError(401, 'Email o contraseña incorrectos'));
    expect(storage.getItem('backoffice-theme')).toBe('"dark"');
    // The imports above compile the modules on first use (after the stub: they read localStorage as they load),
    // which took over the default 5 s beside two browser suites.
  }, 60_000);
});
