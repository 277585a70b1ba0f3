import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DEBT_FREES_KEY } from './get-debt-frees';

export const createDebtFree = (body: { lead_id: number }) => api.post<{ id: number }>('debt-frees', body);
export const acceptDebtFree = (id: number) => api.post<{ ok: true }>(`debt-frees/${id}/accept`);
export const rejectDebtFree = (id: number, reason: string) => api.post<{ ok: true }>(`debt-frees/${id}/reject`, { reason });

/** Every debt-free list (the queue, a lead's panel) reloads after a request is raised or decided, or refused as decided. */
function useDebtFreeMutation<TBody>(send: (body: TBody) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEBT_FREES_KEY }),
  });
}

export const useCreateDebtFree = () => useDebtFreeMutation(createDebtFree);
export const useAcceptDebtFree = () => useDebtFreeMutation(acceptDebtFree);
export const useRejectDebtFree = () => useDebtFreeMutation(({ id, reason }: { id: number; reason: string }) => rejectDebtFree(id, reason));
