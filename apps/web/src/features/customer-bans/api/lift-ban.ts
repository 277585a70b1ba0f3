import type { BanLift } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { BANS_KEY } from './get-bans';

export const liftBan = (id: number, body: BanLift) => api.post<{ ok: true }>(`customer-bans/${id}/lift`, body);

export function useLiftBan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BanLift }) => liftBan(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: BANS_KEY }),
  });
}
