import type { LeadListResponse } from '@backoffice/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The list query travels as the URL's own search string, so the page and the API read the same params. */
export const getLeads = (search: string, signal?: AbortSignal) =>
  api.get<LeadListResponse>(`leads${search ? `?${search}` : ''}`, { signal });

export const leadsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['leads', 'list', search],
    queryFn: ({ signal }) => getLeads(search, signal),
    placeholderData: keepPreviousData,
  });

export function useLeads(search: string) {
  return useQuery(leadsQueryOptions(search));
}
