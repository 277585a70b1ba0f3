import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { sessionStore } from './session';

/**
 * A 401 from any call means the server session is gone (expired, logged out elsewhere): local data is
 * cleared as on logout, and the session guard, seeing no session, sends the user to /login. The login
 * call's own 401 (wrong password) happens without a stored session and is left to the form.
 */
export function handleUnauthorized(error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 401 || !sessionStore.get()) return;
  sessionStore.expire();
  // Not while the cache is still notifying about this very error.
  setTimeout(() => queryClient.clear());
}

/** Retries are the HTTP client's job (SPEC 7 policy), so the query layer does not add its own. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: handleUnauthorized }),
  mutationCache: new MutationCache({ onError: handleUnauthorized }),
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
