import type { ListPageResponse } from '@backoffice/shared';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useDeferredCount, withCountLater } from '../../lib/deferred-count';
import type { KeysetPage } from '../keyset-data-grid';

/**
 * The query options of a list declared on the server's list engine: its URL search is the request's, and
 * the rows shown stay while the next page loads. `key` is the area's query key root (['collections']), so a
 * change in that area refreshes it. The rows do not wait for their count (`count=later`: a name's count
 * costs far more than its page); useEngineList asks it after.
 */
export function listQueryOptions<R>(key: readonly string[], path: string, search: string) {
  return queryOptions({
    queryKey: [...key, 'list', search],
    queryFn: ({ signal }) => api.get<ListPageResponse<R>>(`${path}?${withCountLater(search)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** An engine list as its screen shows it (ListScreen's `list`). */
export interface EngineList<R> {
  /** The page's own query: its loading, error and retry. */
  query: UseQueryResult<unknown>;
  /** The page with its count once known (undefined until then: the screen shows "…"). */
  data: KeysetPage<R> | undefined;
  /** The count was asked and refused: the screen says "—" rather than loading for ever. */
  countFailed: boolean;
}

/**
 * A page of an engine list and, when it came without its count, the list's `<path>/count` asked once the rows
 * are in (under the page's key, so what refreshes the list refreshes its count).
 */
export function useEngineList<R>(key: readonly string[], path: string, search: string) {
  const query = useQuery(listQueryOptions<R>(key, path, search));
  const { data, countFailed } = useDeferredCount([...key, 'list'], path, search, query.data);
  return { query, data, countFailed };
}
