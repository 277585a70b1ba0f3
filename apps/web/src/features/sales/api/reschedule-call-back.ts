import type { RescheduleCallBody, SaleDetail } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshApplicationDetails, refreshApplicationLists } from '../../../lib/application-queries';
import { saleQueryOptions } from './get-sale';
import { refreshSale } from './refresh-sale';

export const rescheduleCallBack = (id: number, callId: number, body: RescheduleCallBody) =>
  api.patch<SaleDetail>(`sales/${id}/call-back/${callId}`, body);

/**
 * Moves a pending call back of the sale to another time: the answer is the sale; the lists move (their next
 * call) and the other details reload. A refusal reloads the sale (a 409: resolved meanwhile, or the time taken).
 */
export function useRescheduleCallBack(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ callId, ...body }: RescheduleCallBody & { callId: number }) => rescheduleCallBack(id, callId, body),
    onSuccess: (sale) => {
      queryClient.setQueryData(saleQueryOptions(id).queryKey, sale);
      refreshApplicationDetails(queryClient, id, saleQueryOptions(id).queryKey);
      refreshApplicationLists(queryClient);
    },
    onError: () => refreshSale(queryClient, id),
  });
}
