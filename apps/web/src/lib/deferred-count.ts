import type { ListCount } from '@backoffice/shared';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './api-client';

/** What moves through a list without changing how many rows it has: left out of its count's request. */
const NOT_COUNTED = ['page', 'pageSize', 'cursor', 'sort', 'dir', 'count'];

/** A list's URL search as its count's: the filters (and exactCount) only, so paging reuses one count. */
export function countSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of NOT_COUNTED) params.delete(name);
  return params.toString();
}

/** A page's request that does not wait for its count (the server answers `count: null` unless it has it at hand). */
export function withCountLater(search: string): string {
  return search ? `${search}&count=later` : 'count=later';
}

/** The page as the screen shows it: its own count, else the one asked apart (undefined until it arrives). */
export function pageWithCount<P extends { count: ListCount | null }>(
  page: P | undefined,
  deferred: ListCount | undefined,
): (Omit<P, 'count'> & { count: ListCount | undefined }) | undefined {
  return page ? { ...page, count: page.count ?? deferred } : undefined;
}

/**
 * The page with its count: the page's own when it came with one, otherwise the list's `/count` asked once the
 * rows are in (undefined until it arrives: the screen shows "…"). `key` is the page query's key root
 * (['leads', 'list']), so what refreshes the list refreshes its count. `countFailed`: the count was asked
 * and refused, so the screen says "—" rather than loading for ever.
 */
export function useDeferredCount<P extends { count: ListCount | null }>(
  key: QueryKey,
  path: string,
  search: string,
  page: P | undefined,
): { data: (Omit<P, 'count'> & { count: ListCount | undefined }) | undefined; countFailed: boolean } {
  const counted = countSearch(search);
  const total = useQuery({
    queryKey: [...key, 'count', counted],
    queryFn: ({ signal }) => api.get<ListCount>(`${path}/count${counted ? `?${counted}` : ''}`, { signal }),
    enabled: page !== undefined && page.count === null,
  });
  const data = useMemo(() => pageWithCount(page, total.data), [page, total.data]);
  return { data, countFailed: total.isError && page?.count === null };
}
