import type { SearcherResponse } from '@backoffice/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const searchCustomers = (q: string, signal?: AbortSignal) =>
  api.get<SearcherResponse>(`searcher?${new URLSearchParams({ q })}`, { signal });

export const searchCustomersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['searcher', q],
    queryFn: ({ signal }) => searchCustomers(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Runs only for a text the server accepts (`enabled`), so typing does not produce 400s. */
export function useSearchCustomers(q: string, enabled: boolean) {
  return useQuery({ ...searchCustomersQueryOptions(q), enabled });
}
