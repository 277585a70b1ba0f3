import type { AuditDetail } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getAudit = (leadId: number) => api.get<AuditDetail>(`audits/${leadId}`);

export const auditQueryOptions = (leadId: number) =>
  queryOptions({ queryKey: ['audits', 'detail', leadId], queryFn: () => getAudit(leadId) });

export function useAudit(leadId: number) {
  return useQuery(auditQueryOptions(leadId));
}
