import { leadListQuerySchema, type LeadListQuery } from '@backoffice/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyListPatch, parseListParams, type UrlPatchValue } from '../../../lib/url-state';

export type LeadFilterPatch = Partial<Record<keyof LeadListQuery, UrlPatchValue>>;

/**
 * Filters, sort and page live in the URL (a copied link opens the same view; back and forward work). The
 * shared schema parses them exactly as the server will; a malformed param falls back to its default, in the
 * request too (parseListParams).
 */
export function useLeadListParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const { query, search } = useMemo(() => parseListParams<LeadListQuery>(leadListQuerySchema, searchParams), [searchParams]);

  /** Changing anything but the page goes back to page 1. */
  const update = useCallback((patch: LeadFilterPatch) => setSearchParams((current) => applyListPatch(current, patch)), [setSearchParams]);

  const reset = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  return { query, search, update, reset };
}
