import type { LeadDetail, RunAutomationBody } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { leadQueryOptions } from './get-lead';
import { leadTransitionsQueryOptions } from './get-lead-transitions';

export const runAutomation = (id: number, body: RunAutomationBody) => api.post<LeadDetail>(`leads/${id}/automation`, body);

/** Runs the automated stage waiting at the lead's status; the system picks the outcome. */
export function useRunAutomation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunAutomationBody) => runAutomation(id, body),
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
