import { salesListQuerySchema, type SalesListQuery } from '@backoffice/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyListPatch, type UrlPatchValue } from '../../../lib/url-state';

export type SalesFilterPatch = Partial<Record<keyof SalesListQuery, UrlPatchValue>>;

/**
 * Filters, sort and page live in the URL, parsed by the shared schema exactly as the server will; a
 * malformed param falls back to its default (the others stay).
 */
export function useSalesListParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const query = useMemo<SalesListQuery>(() => {
    const raw = Object.fromEntries(searchParams);
    const parsed = salesListQuerySchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    return salesListQuerySchema.parse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
  }, [searchParams]);

  /** Changing anything but the page goes back to page 1. */
  const update = useCallback((patch: SalesFilterPatch) => setSearchParams((current) => applyListPatch(current, patch)), [setSearchParams]);
  const reset = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  return { query, search: searchParams.toString(), update, reset };
}
