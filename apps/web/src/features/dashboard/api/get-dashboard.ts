import type { DashboardQuery, DashboardResponse } from '@backoffice/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getDashboard = (query: DashboardQuery, signal?: AbortSignal) =>
  api.get<DashboardResponse>('dashboard', { query: { from: query.from, to: query.to }, signal });

/** The server keeps its aggregates ~30 s; asking again sooner would only get the same numbers back. */
const STALE_MS = 30_000;

export const dashboardQueryOptions = (query: DashboardQuery) =>
  queryOptions({
    queryKey: ['dashboard', query.from ?? null, query.to ?? null],
    queryFn: ({ signal }) => getDashboard(query, signal),
    staleTime: STALE_MS,
    // Changing the range keeps the previous charts on screen until the new numbers arrive.
    placeholderData: keepPreviousData,
  });

export function useDashboard(query: DashboardQuery) {
  return useQuery(dashboardQueryOptions(query));
}
