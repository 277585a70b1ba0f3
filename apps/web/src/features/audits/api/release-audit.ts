import type { AuditDetail } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auditQueryOptions } from './get-audit';

export const releaseAudit = (leadId: number) => api.post<AuditDetail>(`audits/${leadId}/release`);

/** Gives the case back to the queue. */
export function useReleaseAudit(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => releaseAudit(leadId),
    onSuccess: (detail) => queryClient.setQueryData(auditQueryOptions(leadId).queryKey, detail),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['audits', 'queue'] });
    },
  });
}
