import type { ListResponse } from '@backoffice/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * The query options of a list declared on the server's list engine: its URL search is the request's, and
 * the rows shown stay while the next page loads. `key` is the area's query key root (['collections']), so a
 * change in that area refreshes it.
 */
export function listQueryOptions<R>(key: readonly string[], path: string, search: string) {
  return queryOptions({
    queryKey: [...key, 'list', search],
    queryFn: ({ signal }) => api.get<ListResponse<R>>(`${path}${search ? `?${search}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
