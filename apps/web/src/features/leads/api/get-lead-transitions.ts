import type { LeadTransitions } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getLeadTransitions = (id: number) => api.get<LeadTransitions>(`leads/${id}/transitions`);

/** Under the lead's detail key: whatever refreshes the lead refreshes what it may move to. */
export const leadTransitionsQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['leads', 'detail', id, 'transitions'], queryFn: () => getLeadTransitions(id) });

export function useLeadTransitions(id: number) {
  return useQuery(leadTransitionsQueryOptions(id));
}
