import type { AddNoteBody, LeadDetail, ReassignSellerBody, SaleCustomerUpdateInput, SetManagementStatusBody } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshApplicationDetails, refreshApplicationLists } from '../../../lib/application-queries';
import { useIdempotencyKey } from '../../../lib/idempotency';

/**
 * Every lead change refreshes that lead and the lists that may show it. A refused one (409: someone saved
 * first) reloads the lead, so the screen shows what is stored now instead of offering the stale version again.
 */
function useLeadMutation<TBody>(id: number, send: (body: TBody) => Promise<LeadDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (lead) => {
      queryClient.setQueryData(['leads', 'detail', id], lead);
      // Its transitions too: a new seller can open or close a transition's guard.
      refreshApplicationDetails(queryClient, id, ['leads', 'detail', id]);
      refreshApplicationLists(queryClient);
    },
    onError: () => {
      // The lead and its transitions, wherever shown (a 403: it was reassigned meanwhile).
      refreshApplicationDetails(queryClient, id);
    },
  });
}

/** A note sent again after a lost answer is not written twice (its Idempotency-Key). */
export function useAddNote(id: number) {
  const once = useIdempotencyKey<AddNoteBody>();
  return useLeadMutation<AddNoteBody>(id, async (body) => {
    const lead = await api.post<LeadDetail>(`leads/${id}/notes`, body, { headers: once.headersFor(body) });
    once.done();
    return lead;
  });
}

export const useSetManagementStatus = (id: number) =>
  useLeadMutation<SetManagementStatusBody>(id, (body) => api.patch(`leads/${id}/management-status`, body));

export const useReassignSeller = (id: number) => useLeadMutation<ReassignSellerBody>(id, (body) => api.patch(`leads/${id}/seller`, body));

/** The customer's data corrected from the lead (admin, supervisor, ATC): the sale edit's body and rules. */
export const useUpdateLeadCustomer = (id: number) =>
  useLeadMutation<SaleCustomerUpdateInput>(id, (body) => api.patch(`leads/${id}/customer`, body));
