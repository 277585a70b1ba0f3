import type { AuditQueueResponse } from '@backoffice/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The queue query travels as the URL's own search string, so the page and the API read the same params. */
export const getAuditQueue = (search: string, signal?: AbortSignal) =>
  api.get<AuditQueueResponse>(`audits${search ? `?${search}` : ''}`, { signal });

export const auditQueueQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['audits', 'queue', search],
    queryFn: ({ signal }) => getAuditQueue(search, signal),
    placeholderData: keepPreviousData,
    // Other auditors take cases all the time: keep the claim holders fresh while the queue is open.
    refetchInterval: 30_000,
  });

export function useAuditQueue(search: string) {
  return useQuery(auditQueueQueryOptions(search));
}
