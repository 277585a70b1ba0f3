import type { AuditDecisionBody, AuditDetail } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auditQueryOptions } from './get-audit';
import { refreshApplicationDetails, refreshApplicationLists } from '../../../lib/application-queries';

export const decideAudit = (leadId: number, body: AuditDecisionBody) => api.post<AuditDetail>(`audits/${leadId}/decision`, body);

/**
 * Records the decision (a status change of the lead). The answer replaces the cached detail; the queue and
 * every lead list change with it. A refusal (stale version, lost claim) reloads the detail.
 */
export function useDecideAudit(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditDecisionBody) => decideAudit(leadId, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(auditQueryOptions(leadId).queryKey, detail);
      refreshApplicationDetails(queryClient, leadId, auditQueryOptions(leadId).queryKey);
      refreshApplicationLists(queryClient);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: auditQueryOptions(leadId).queryKey });
    },
  });
}
