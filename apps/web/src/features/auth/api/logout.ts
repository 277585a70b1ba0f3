import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { sessionStore } from '../../../lib/session';

/**
 * SPEC 2: logout clears all locally stored data and goes to /login (the caller navigates). The server call
 * is best effort: local data is cleared even when it fails.
 */
export async function logout(): Promise<void> {
  sessionStore.clearAll();
  queryClient.clear();
  try {
    await api.get('auth/logout');
  } catch (error) {
    console.error(error);
  }
}
