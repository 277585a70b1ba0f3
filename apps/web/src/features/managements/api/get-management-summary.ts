import type { ManagementSummary } from '@backoffice/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What a list's URL holds besides its filters: the summary is the same for every page and order. */
const VIEW_KEYS = ['page', 'pageSize', 'cursor', 'sort', 'dir', 'exactCount'];

/** The filters of a list search, without its paging and order. */
export function filtersOnly(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of VIEW_KEYS) params.delete(key);
  return params.toString();
}

/** `GET /daily-managements/summary`: the filtered range's work per user (supervisor, admin, ATC). */
export const managementSummaryQueryOptions = (search: string) => {
  const filters = filtersOnly(search);
  return queryOptions({
    queryKey: ['managements', 'summary', filters],
    queryFn: ({ signal }) => api.get<ManagementSummary>(`daily-managements/summary${filters ? `?${filters}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
};

export function useManagementSummary(search: string, enabled: boolean) {
  return useQuery({ ...managementSummaryQueryOptions(search), enabled });
}
