import type { DiagnosticsResponse } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getDiagnostics = (signal?: AbortSignal) => api.get<DiagnosticsResponse>('diagnostics', { signal });

export const diagnosticsQueryOptions = () =>
  queryOptions({
    queryKey: ['diagnostics'],
    queryFn: ({ signal }) => getDiagnostics(signal),
    // A health check is only worth what it says now: never served from cache, refreshed on demand.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export function useDiagnostics() {
  return useQuery(diagnosticsQueryOptions());
}
