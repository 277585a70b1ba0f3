import type { BanCreate } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BANS_KEY } from './get-bans';

export const createBan = (body: BanCreate) => api.post<{ id: number }>('customer-bans', body);

export function useCreateBan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBan, onSuccess: () => void queryClient.invalidateQueries({ queryKey: BANS_KEY }) });
}
