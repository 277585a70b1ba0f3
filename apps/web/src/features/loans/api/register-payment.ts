import type { LoanDetail, PaymentBody, PaymentResponse } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loanQueryOptions } from './get-loan';

export const registerPayment = (loanId: number, body: PaymentBody) => api.post<PaymentResponse>(`loans/${loanId}/payments`, body);

/** The answer is the loan after the payment: both of its cached readings (by id and by lead) take it. */
export function useRegisterPayment(loanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentBody) => registerPayment(loanId, body),
    onSuccess: (answer) => storeLoan(queryClient, answer.loan),
  });
}

export function storeLoan(queryClient: ReturnType<typeof useQueryClient>, loan: LoanDetail): void {
  queryClient.setQueryData(loanQueryOptions(loan.loan.id).queryKey, loan);
  queryClient.setQueryData(['loans', 'by-lead', loan.loan.lead_id], loan);
  void queryClient.invalidateQueries({ queryKey: ['collections'] });
}
