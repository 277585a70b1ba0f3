import type { TakeSaleResponse } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const takeSale = (id: number) => api.post<TakeSaleResponse>(`sales/${id}/take`, {});

/** Taking a sale moves it from the pool to the seller's own lists. */
export function useTakeSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeSale,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['sales'] });
      void queryClient.invalidateQueries({ queryKey: ['leads', 'list'] });
    },
  });
}
