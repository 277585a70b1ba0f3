import type { LeadListResponse } from '@backoffice/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useDeferredCount, withCountLater } from '../../../lib/deferred-count';

/**
 * The list query travels as the URL's own search string, so the page and the API read the same params. The
 * rows do not wait for their count (a name's count costs far more than its page): useLeads asks it after.
 */
export const getLeads = (search: string, signal?: AbortSignal) => api.get<LeadListResponse>(`leads?${withCountLater(search)}`, { signal });

export const leadsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['leads', 'list', search],
    queryFn: ({ signal }) => getLeads(search, signal),
    placeholderData: keepPreviousData,
  });

/** The page (`query`), the page with its count once known (`data`: its count undefined until then), and whether the count was refused. */
export function useLeads(search: string) {
  const query = useQuery(leadsQueryOptions(search));
  const { data, countFailed } = useDeferredCount(['leads', 'list'], 'leads', search, query.data);
  return { query, data, countFailed };
}
