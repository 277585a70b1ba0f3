import type { SaleDetail, ScheduleCallBody } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshApplicationDetails, refreshApplicationLists } from '../../../lib/application-queries';
import { saleQueryOptions } from './get-sale';

export const scheduleCallBack = (id: number, body: ScheduleCallBody) => api.post<SaleDetail>(`sales/${id}/call-back`, body);

/**
 * Schedules a call back of the sale: the answer is the sale; the lists move (their next call) and the other
 * details reload, as a cancel or a reschedule does.
 */
export function useScheduleCallBack(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleCallBody) => scheduleCallBack(id, body),
    onSuccess: (sale) => {
      queryClient.setQueryData(saleQueryOptions(id).queryKey, sale);
      refreshApplicationDetails(queryClient, id, saleQueryOptions(id).queryKey);
      refreshApplicationLists(queryClient);
    },
  });
}
