import type { LeadTransitions } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getCardTransitions = (id: number, signal?: AbortSignal) => api.get<LeadTransitions>(`leads/${id}/transitions`, { signal });

/**
 * The same key as the lead detail's transitions: both screens show one answer, and refreshing the lead
 * refreshes it. Always asked afresh when the menu opens (the lead may have moved since).
 */
export const cardTransitionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['leads', 'detail', id, 'transitions'],
    queryFn: ({ signal }) => getCardTransitions(id, signal),
    staleTime: 0,
  });

/** Loaded only while the card's "Mover a…" menu is open. */
export function useCardTransitions(id: number, enabled: boolean) {
  return useQuery({ ...cardTransitionsQueryOptions(id), enabled });
}
