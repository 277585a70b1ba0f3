import type { RetryStoppedStagesResponse } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const retryStoppedStages = () => api.post<RetryStoppedStagesResponse>('stage-runs/retry');

/** Queues again the stages the system stopped retrying; the dashboard (every range) reloads. */
export function useRetryStoppedStages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryStoppedStages,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}
