import type { ActiveSessionsResponse } from '@backoffice/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const SESSIONS_KEY = ['auth', 'sessions'] as const;

export const getSessions = () => api.get<ActiveSessionsResponse>('auth/sessions');
export const sessionsQueryOptions = () => queryOptions({ queryKey: SESSIONS_KEY, queryFn: getSessions });

/** The signed-in user's active sessions (device, address, last use). */
export const useSessions = () => useQuery(sessionsQueryOptions());

export const endSession = (id: string) => api.delete<{ ok: true }>(`auth/sessions/${encodeURIComponent(id)}`);
export const endOtherSessions = () => api.post<{ ended: number }>('auth/sessions/end-others');

/** Ending one session or all the others; the list reloads either way (another tab may have ended some). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endSession, onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }) });
}
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endOtherSessions, onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }) });
}
