import type { RegretDetail } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { REGRETS_KEY } from './get-regrets';

export const fileRegret = (body: { lead_id?: number; loan_id?: number }) => api.post<RegretDetail>('regrets', body);
export const transitionRegret = (id: number, body: { to: number; version: number; reason?: string }) =>
  api.post<RegretDetail>(`regrets/${id}/transition`, body);

/** The queue and the quotes reload after any change (or a refusal: someone else moved it first). */
function useRegretMutation<TBody>(send: (body: TBody) => Promise<RegretDetail>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: REGRETS_KEY }) });
}

export const useFileRegret = () => useRegretMutation(fileRegret);
export const useTransitionRegret = () =>
  useRegretMutation(({ id, ...body }: { id: number; to: number; version: number; reason?: string }) => transitionRegret(id, body));
