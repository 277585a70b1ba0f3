import type { LeadLoanResponse, LoanDetail } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getLoan = (loanId: number) => api.get<LoanDetail>(`loans/${loanId}`);
export const getLeadLoan = (leadId: number) => api.get<LeadLoanResponse>(`leads/${leadId}/loan`);

export const loanQueryOptions = (loanId: number) => queryOptions({ queryKey: ['loans', 'detail', loanId], queryFn: () => getLoan(loanId) });

/** A lead's loan (null: not disbursed): what the lead and sale details show. */
export const leadLoanQueryOptions = (leadId: number) =>
  queryOptions({ queryKey: ['loans', 'by-lead', leadId], queryFn: async () => (await getLeadLoan(leadId)).loan });

export function useLoan(loanId: number | undefined) {
  return useQuery({ ...loanQueryOptions(loanId ?? 0), enabled: loanId !== undefined });
}

export function useLeadLoan(leadId: number | undefined) {
  return useQuery({ ...leadLoanQueryOptions(leadId ?? 0), enabled: leadId !== undefined });
}
