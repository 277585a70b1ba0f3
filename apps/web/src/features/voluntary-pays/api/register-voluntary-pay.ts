import type { VoluntaryPayBody } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { VOLUNTARY_PAYS_KEY } from './list-voluntary-pays';

export const registerVoluntaryPay = (body: VoluntaryPayBody) => api.post<{ id: number }>('voluntary-pays', body);

export function useRegisterVoluntaryPay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerVoluntaryPay,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: VOLUNTARY_PAYS_KEY }),
  });
}

/** The receipt's URL (served inline with its content type). */
export const receiptUrl = (country: string, id: number) => `/api/${country}/voluntary-pays/${id}/receipt`;
