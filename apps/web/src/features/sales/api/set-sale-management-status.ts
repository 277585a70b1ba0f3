import type { LeadDetail, SetManagementStatusBody } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshSale } from './refresh-sale';

/** The lead's management status (`PATCH /leads/:id/management-status`, 409 when stale). */
export const setSaleManagementStatus = (id: number, body: SetManagementStatusBody) =>
  api.patch<LeadDetail>(`leads/${id}/management-status`, body);

export function useSetSaleManagementStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetManagementStatusBody) => setSaleManagementStatus(id, body),
    // On a 409 too: the reloaded sale carries the current version and value.
    onSettled: () => refreshSale(queryClient, id),
  });
}
