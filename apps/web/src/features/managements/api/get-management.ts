import type { ManagementDetail } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /daily-managements/:id`: one management, its lead or loan, customer, call and what followed. */
export const getManagement = (id: number) => api.get<ManagementDetail>(`daily-managements/${id}`);

export const managementQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['managements', 'detail', id], queryFn: () => getManagement(id) });

export function useManagement(id: number) {
  return useQuery(managementQueryOptions(id));
}
