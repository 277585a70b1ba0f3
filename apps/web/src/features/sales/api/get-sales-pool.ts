import type { LeadListResponse } from '@backoffice/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Unassigned applications in a sales status, oldest activity last, one page at a time (by cursor). */
export const getSalesPool = (cursor: string | undefined, signal?: AbortSignal) =>
  api.get<LeadListResponse>(`sales/pool?${new URLSearchParams({ pageSize: '10', ...(cursor ? { cursor } : {}) })}`, { signal });

export const salesPoolQueryOptions = (cursor: string | undefined) =>
  queryOptions({
    queryKey: ['sales', 'pool', cursor ?? null],
    queryFn: ({ signal }) => getSalesPool(cursor, signal),
    placeholderData: keepPreviousData,
  });

export function useSalesPool(cursor: string | undefined) {
  return useQuery(salesPoolQueryOptions(cursor));
}
