import type { z } from 'zod';
import type { leadCreatedSchema, ArgLeadCreate, ColLeadCreate } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type LeadCreated = z.infer<typeof leadCreatedSchema>;

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ArgLeadCreate | ColLeadCreate) => api.post<LeadCreated>('leads', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['leads', 'list'] }),
  });
}
