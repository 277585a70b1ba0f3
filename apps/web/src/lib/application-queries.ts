import type { QueryClient, QueryKey } from '@tanstack/react-query';

/*
 * An application (a lead) shows in many places at once: the leads list, the seller's sales and the pool,
 * the board's columns (under the leads list's key), the audit queue, the dashboard's counts, the searcher,
 * and its own detail on three screens. A change made from any screen refreshes them all, so that the one
 * opened next is not up to 30 s behind (the queries' staleTime). Invalidating refetches only what is on
 * screen; the rest reloads when next shown.
 */
const LISTS: QueryKey[] = [['leads', 'list'], ['sales', 'list'], ['sales', 'pool'], ['audits', 'queue'], ['dashboard'], ['searcher']];

/** Every list that shows applications. */
export function refreshApplicationLists(queryClient: QueryClient): void {
  for (const queryKey of LISTS) void queryClient.invalidateQueries({ queryKey });
}

/**
 * The application's details (the lead's with its transitions, the sale's, the audit case's), but for
 * `updated`, the one the caller has just replaced with the server's answer.
 */
export function refreshApplicationDetails(queryClient: QueryClient, id: number, updated?: QueryKey): void {
  for (const queryKey of [
    ['leads', 'detail', id],
    ['sales', 'detail', id],
    ['audits', 'detail', id],
  ]) {
    if (updated && queryKey[0] === updated[0]) {
      // Its own dependants still reload (the lead's transitions).
      void queryClient.invalidateQueries({ queryKey, predicate: (query) => query.queryKey.length > queryKey.length });
    } else void queryClient.invalidateQueries({ queryKey });
  }
}
