import type { LeadDetail } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getLead = (id: number) => api.get<LeadDetail>(`leads/${id}`);

export const leadQueryOptions = (id: number) => queryOptions({ queryKey: ['leads', 'detail', id], queryFn: () => getLead(id) });

export function useLead(id: number) {
  return useQuery(leadQueryOptions(id));
}
