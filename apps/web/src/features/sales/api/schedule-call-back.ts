import type { SaleDetail, ScheduleCallBody } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saleQueryOptions } from './get-sale';

export const scheduleCallBack = (id: number, body: ScheduleCallBody) => api.post<SaleDetail>(`sales/${id}/call-back`, body);

export function useScheduleCallBack(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleCallBody) => scheduleCallBack(id, body),
    onSuccess: (sale) => queryClient.setQueryData(saleQueryOptions(id).queryKey, sale),
  });
}
