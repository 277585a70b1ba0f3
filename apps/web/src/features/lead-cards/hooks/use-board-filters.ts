import { leadListQuerySchema, type LeadListQuery } from '@backoffice/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyListPatch, parseListParams, type UrlPatchValue } from '../../../lib/url-state';

/** The leads list's filters the board offers: its columns are the steps, so no status nor step filter. */
export const BOARD_FILTER_KEYS = ['seller', 'amount', 'from', 'to'] as const;
export type BoardFilterKey = (typeof BOARD_FILTER_KEYS)[number];
export type BoardFilters = Pick<LeadListQuery, BoardFilterKey>;
export type BoardFilterPatch = Partial<Record<BoardFilterKey, UrlPatchValue>>;

/** The filters as every column's request sends them (the leads list's own params), without the empty ones. */
export function boardFilterParams(filters: BoardFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.seller?.length) params.seller = filters.seller.join(',');
  if (filters.amount) params.amount = filters.amount;
  if (filters.from) params.from = filters.from;
  if (filters.to) params.to = filters.to;
  return params;
}

/**
 * The board's filters live in the URL, read by the leads list's schema as the server reads them (a malformed
 * one is dropped); every column asks for its step with them.
 */
export function useBoardFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => {
    const { query } = parseListParams<LeadListQuery>(leadListQuerySchema, searchParams);
    return { seller: query.seller, amount: query.amount, from: query.from, to: query.to } satisfies BoardFilters;
  }, [searchParams]);
  const update = useCallback((patch: BoardFilterPatch) => setSearchParams((current) => applyListPatch(current, patch)), [setSearchParams]);
  const reset = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);
  return { filters, update, reset };
}
