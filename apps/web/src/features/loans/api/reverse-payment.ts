import type { LoanDetail } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeLoan } from './register-payment';

export const reversePayment = (loanId: number, paymentId: number, reason: string) =>
  api.post<LoanDetail>(`loans/${loanId}/payments/${paymentId}/reversal`, { reason });

export function useReversePayment(loanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: number; reason: string }) => reversePayment(loanId, paymentId, reason),
    onSuccess: (loan) => storeLoan(queryClient, loan),
  });
}
