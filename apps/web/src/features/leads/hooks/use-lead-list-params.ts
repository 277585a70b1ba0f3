import { leadListQuerySchema, type LeadListQuery } from '@backoffice/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyListPatch, type UrlPatchValue } from '../../../lib/url-state';

export type LeadFilterPatch = Partial<Record<keyof LeadListQuery, UrlPatchValue>>;

/**
 * Filters, sort and page live in the URL (a copied link opens the same view; back and forward work). The
 * shared schema parses them exactly as the server will; a malformed param falls back to its default.
 */
export function useLeadListParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const query = useMemo<LeadListQuery>(() => {
    const raw = Object.fromEntries(searchParams);
    const parsed = leadListQuerySchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    // Drop only the params that fail, keep the rest.
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    return leadListQuerySchema.parse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
  }, [searchParams]);

  /** Changing anything but the page goes back to page 1. */
  const update = useCallback(
    (patch: LeadFilterPatch) => setSearchParams((current) => applyListPatch(current, patch)),
    [setSearchParams],
  );

  const reset = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  return { query, search: searchParams.toString(), update, reset };
}
