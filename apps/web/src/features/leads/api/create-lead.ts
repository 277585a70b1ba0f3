import type { ArgLeadCreate, ColLeadCreate, LeadCreated } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshApplicationLists } from '../../../lib/application-queries';
import { useIdempotencyKey } from '../../../lib/idempotency';

type LeadCreate = ArgLeadCreate | ColLeadCreate;

/**
 * Sends each distinct form content with its own Idempotency-Key, and the same content again with the same
 * key: sending again after an attempt that got no answer (a dropped connection after the server saved it)
 * answers the lead already created instead of making a second one.
 */
export function useCreateLead() {
  const queryClient = useQueryClient();
  const once = useIdempotencyKey<LeadCreate>();
  return useMutation({
    mutationFn: (body: LeadCreate) => api.post<LeadCreated>('leads', body, { headers: once.headersFor(body) }),
    onSuccess: () => {
      // A lead with the same data made on purpose afterwards is a new one.
      once.done();
      refreshApplicationLists(queryClient);
      // The customer's applications (or the customer itself) are new: the form's notice asks again.
      void queryClient.invalidateQueries({ queryKey: ['customers', 'lookup'] });
    },
  });
}
