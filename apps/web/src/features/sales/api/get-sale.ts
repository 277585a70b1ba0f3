import type { SaleDetail } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getSale = (id: number) => api.get<SaleDetail>(`sales/${id}`);

export const saleQueryOptions = (id: number) => queryOptions({ queryKey: ['sales', 'detail', id], queryFn: () => getSale(id) });

export function useSale(id: number) {
  return useQuery(saleQueryOptions(id));
}
