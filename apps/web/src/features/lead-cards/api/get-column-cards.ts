import type { LeadListResponse } from '@backoffice/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CARDS_PAGE_SIZE } from '../board';
import { boardFilterParams, type BoardFilters } from '../hooks/use-board-filters';

interface CardsPageParam {
  page: number;
  cursor: string | null;
}

/**
 * One column's cards: the leads list filtered by the column's step, newest first (the list's default
 * order, an index-only read per step), paged forward by keyset cursor. The count comes with each page.
 */
export const getColumnCards = (stepId: number, filters: BoardFilters, { page, cursor }: CardsPageParam, signal?: AbortSignal) =>
  api.get<LeadListResponse>('leads', {
    query: { ...boardFilterParams(filters), step: stepId, pageSize: CARDS_PAGE_SIZE, page, cursor },
    signal,
  });

/** Every filtered version of a column: what a move reloads. */
export const columnCardsKey = (stepId: number) => ['leads', 'list', 'cards', stepId] as const;

/**
 * Under ['leads', 'list']: status changes made elsewhere (the lead detail) invalidate every list, the
 * board's columns included.
 */
export const columnCardsQueryOptions = (stepId: number, filters: BoardFilters) =>
  infiniteQueryOptions({
    queryKey: [...columnCardsKey(stepId), boardFilterParams(filters)],
    queryFn: ({ pageParam, signal }) => getColumnCards(stepId, filters, pageParam, signal),
    initialPageParam: { page: 1, cursor: null } as CardsPageParam,
    getNextPageParam: (last): CardsPageParam | undefined =>
      last.pageInfo.nextCursor ? { page: last.pageInfo.page + 1, cursor: last.pageInfo.nextCursor } : undefined,
  });

/** `enabled`: false until the column scrolls into view, so a board of 14 columns asks only for what is seen. */
export function useColumnCards(stepId: number, filters: BoardFilters, enabled: boolean) {
  return useInfiniteQuery({ ...columnCardsQueryOptions(stepId, filters), enabled });
}
