import type { LeadTransitions } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saleQueryOptions } from './get-sale';

/** The workflow's `GET /leads/:id/transitions`, under the sale's key: refreshing the sale refreshes them. */
export const getSaleTransitions = (id: number) => api.get<LeadTransitions>(`leads/${id}/transitions`);

export const saleTransitionsQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...saleQueryOptions(id).queryKey, 'transitions'], queryFn: () => getSaleTransitions(id) });

export function useSaleTransitions(id: number) {
  return useQuery(saleTransitionsQueryOptions(id));
}
