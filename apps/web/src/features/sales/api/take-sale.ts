import type { TakeSaleResponse } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshApplicationDetails, refreshApplicationLists } from '../../../lib/application-queries';

export const takeSale = (id: number) => api.post<TakeSaleResponse>(`sales/${id}/take`, {});

/** Taking a sale moves it from the pool to the seller's own lists. */
export function useTakeSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeSale,
    onSettled: (_answer, _error, id) => {
      refreshApplicationDetails(queryClient, id);
      refreshApplicationLists(queryClient);
    },
  });
}
