import type { LeadDetail, TransitionLeadBody } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { leadQueryOptions } from './get-lead';
import { leadTransitionsQueryOptions } from './get-lead-transitions';

export const transitionLead = (id: number, body: TransitionLeadBody) => api.post<LeadDetail>(`leads/${id}/transitions`, body);

/**
 * Moves the lead to another status. The answer replaces the cached lead; its transitions and the lists
 * (status and step filters, counts) change with it. A refusal (409: someone else moved it first) reloads
 * the lead so the screen shows where it really is.
 */
export function useTransitionLead(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransitionLeadBody) => transitionLead(id, body),
    onSuccess: (lead) => {
      queryClient.setQueryData(leadQueryOptions(id).queryKey, lead);
      void queryClient.invalidateQueries({ queryKey: leadTransitionsQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['leads', 'list'] });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: leadQueryOptions(id).queryKey });
    },
  });
}
