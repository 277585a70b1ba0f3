import type { ArgLeadCreate, ColLeadCreate, LeadCreated } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ArgLeadCreate | ColLeadCreate) => api.post<LeadCreated>('leads', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['leads', 'list'] });
      // The customer's applications (or the customer itself) are new: the form's notice asks again.
      void queryClient.invalidateQueries({ queryKey: ['customers', 'lookup'] });
    },
  });
}
