import type { LeadDetail, TransitionLeadBody } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshSale } from './refresh-sale';

/** The workflow's `POST /leads/:id/transitions` (409 when not allowed now or stale). */
export const transitionSale = (id: number, body: TransitionLeadBody) => api.post<LeadDetail>(`leads/${id}/transitions`, body);

export function useTransitionSale(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransitionLeadBody) => transitionSale(id, body),
    // Success or refusal, the screen must show where the sale really is now.
    onSettled: () => refreshSale(queryClient, id),
  });
}
