import type { LeadDetail, TransitionLeadBody } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { leadQueryOptions } from './get-lead';
import { refreshApplicationDetails, refreshApplicationLists } from '../../../lib/application-queries';

export const transitionLead = (id: number, body: TransitionLeadBody) => api.post<LeadDetail>(`leads/${id}/transitions`, body);

/**
 * A status change (a transition or an automated stage): the answer replaces the cached lead; its
 * transitions and the lists (status and step filters, counts) change with it. A refusal (409: someone else
 * moved it first) reloads the lead so the screen shows where it really is.
 */
export function useLeadStatusMutation<TBody>(id: number, send: (body: TBody) => Promise<LeadDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (lead) => {
      queryClient.setQueryData(leadQueryOptions(id).queryKey, lead);
      refreshApplicationDetails(queryClient, id, leadQueryOptions(id).queryKey);
      refreshApplicationLists(queryClient);
    },
    onError: () => {
      refreshApplicationDetails(queryClient, id);
    },
  });
}

/** Moves the lead to another status. */
export const useTransitionLead = (id: number) => useLeadStatusMutation(id, (body: TransitionLeadBody) => transitionLead(id, body));
