import { auditQueueQuerySchema, type AuditQueueQuery } from '@backoffice/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyListPatch, parseListParams, type UrlPatchValue } from '../../../lib/url-state';

export type AuditQueuePatch = Partial<Record<keyof AuditQueueQuery, UrlPatchValue>>;

/**
 * Filters and page live in the URL, parsed by the shared schema as the server parses them; a malformed
 * param falls back to its default, in the request too (parseListParams).
 */
export function useAuditQueueParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const { query, search } = useMemo(() => parseListParams<AuditQueueQuery>(auditQueueQuerySchema, searchParams), [searchParams]);

  /** Changing a filter goes back to page 1. */
  const update = useCallback(
    (patch: AuditQueuePatch) => setSearchParams((current) => applyListPatch(current, patch, ['page'])),
    [setSearchParams],
  );
  const reset = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  return { query, search, update, reset };
}
