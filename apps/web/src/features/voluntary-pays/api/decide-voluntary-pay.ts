import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { VOLUNTARY_PAYS_KEY } from './list-voluntary-pays';

export const acceptVoluntaryPay = (id: number) => api.post<{ ok: true }>(`voluntary-pays/${id}/accept`, {});
export const rejectVoluntaryPay = (id: number, reason: string) => api.post<{ ok: true }>(`voluntary-pays/${id}/reject`, { reason });

/** Accept or reject; the queue and the loans (an accepted one moved a balance) are read again. */
export function useDecideVoluntaryPay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: number; accept: true } | { id: number; accept: false; reason: string }) =>
      decision.accept ? acceptVoluntaryPay(decision.id) : rejectVoluntaryPay(decision.id, decision.reason),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: VOLUNTARY_PAYS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['loans'] });
      void queryClient.invalidateQueries({ queryKey: ['collections'] });
    },
  });
}
