import type { SaleDetail } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshApplicationDetails, refreshApplicationLists } from '../../../lib/application-queries';
import { saleQueryOptions } from './get-sale';
import { refreshSale } from './refresh-sale';

export const cancelCallBack = (id: number, callId: number) => api.post<SaleDetail>(`sales/${id}/call-back/${callId}/cancel`);

/**
 * Cancels a pending call back of the sale: the answer is the sale; the lists move (their next call) and the
 * other details reload. A refusal (resolved meanwhile: 409) reloads the sale, so its list shows what is left.
 */
export function useCancelCallBack(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callId: number) => cancelCallBack(id, callId),
    onSuccess: (sale) => {
      queryClient.setQueryData(saleQueryOptions(id).queryKey, sale);
      refreshApplicationDetails(queryClient, id, saleQueryOptions(id).queryKey);
      refreshApplicationLists(queryClient);
    },
    onError: () => refreshSale(queryClient, id),
  });
}
