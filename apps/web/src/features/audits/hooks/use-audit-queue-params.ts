import { auditQueueQuerySchema, type AuditQueueQuery } from '@backoffice/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyListPatch, type UrlPatchValue } from '../../../lib/url-state';

export type AuditQueuePatch = Partial<Record<keyof AuditQueueQuery, UrlPatchValue>>;

/**
 * Filters and page live in the URL, parsed by the shared schema as the server parses them; a malformed
 * param falls back to its default.
 */
export function useAuditQueueParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const query = useMemo<AuditQueueQuery>(() => {
    const raw = Object.fromEntries(searchParams);
    const parsed = auditQueueQuerySchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    return auditQueueQuerySchema.parse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
  }, [searchParams]);

  /** Changing a filter goes back to page 1. */
  const update = useCallback(
    (patch: AuditQueuePatch) => setSearchParams((current) => applyListPatch(current, patch, ['page'])),
    [setSearchParams],
  );
  const reset = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  return { query, search: searchParams.toString(), update, reset };
}
