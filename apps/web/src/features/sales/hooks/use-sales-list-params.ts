import { salesListQuerySchema, type SalesListQuery } from '@backoffice/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyListPatch, parseListParams, type UrlPatchValue } from '../../../lib/url-state';

export type SalesFilterPatch = Partial<Record<keyof SalesListQuery, UrlPatchValue>>;

/**
 * Filters, sort and page live in the URL, parsed by the shared schema exactly as the server will; a
 * malformed param falls back to its default, in the request too (the others stay).
 */
export function useSalesListParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const { query, search } = useMemo(() => parseListParams<SalesListQuery>(salesListQuerySchema, searchParams), [searchParams]);

  /** Changing anything but the page goes back to page 1. */
  const update = useCallback((patch: SalesFilterPatch) => setSearchParams((current) => applyListPatch(current, patch)), [setSearchParams]);
  const reset = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  return { query, search, update, reset };
}
