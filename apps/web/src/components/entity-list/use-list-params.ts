import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { applyListPatch, parseListParams, type UrlPatchValue } from '../../lib/url-state';

export type ListPatch<Q> = Partial<Record<keyof Q & string, UrlPatchValue>>;

/**
 * A list's filters, order and page in the URL, parsed by the list's shared schema as the server parses
 * them (a malformed param falls back to its default). Changing a filter goes back to page 1.
 */
export function useListParams<Q>(schema: z.ZodType<Q>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { query, search } = useMemo(() => parseListParams<Q>(schema, searchParams), [schema, searchParams]);
  const update = useCallback((patch: ListPatch<Q>) => setSearchParams((current) => applyListPatch(current, patch)), [setSearchParams]);
  const reset = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);
  return { query, search, update, reset };
}
