import type { LeadListResponse } from '@backoffice/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The list query travels as the URL's own search string, so the page and the API read the same params. */
export const getSales = (search: string, signal?: AbortSignal) =>
  api.get<LeadListResponse>(`sales${search ? `?${search}` : ''}`, { signal });

export const salesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['sales', 'list', search],
    queryFn: ({ signal }) => getSales(search, signal),
    placeholderData: keepPreviousData,
  });

export function useSales(search: string) {
  return useQuery(salesQueryOptions(search));
}
