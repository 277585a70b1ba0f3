import type { AuditDetail } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auditQueryOptions } from './get-audit';

export const claimAudit = (leadId: number) => api.post<AuditDetail>(`audits/${leadId}/claim`);

/**
 * Takes a case. The answer replaces the cached detail and the queue shows the new holder; a refusal (409:
 * another auditor holds it) refreshes both so the screen shows who does.
 */
export function useClaimAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leadId: number) => claimAudit(leadId),
    onSuccess: (detail, leadId) => queryClient.setQueryData(auditQueryOptions(leadId).queryKey, detail),
    onSettled: (_data, _error, leadId) => {
      void queryClient.invalidateQueries({ queryKey: ['audits', 'queue'] });
      void queryClient.invalidateQueries({ queryKey: auditQueryOptions(leadId).queryKey });
    },
  });
}
