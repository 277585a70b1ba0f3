import type { TestCallBody, TestCallResponse } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { diagnosticsQueryOptions } from './get-diagnostics';

/** The server hangs up the user's open call, then starts this one through the telephony adapter. */
export const placeTestCall = (body: TestCallBody) => api.post<TestCallResponse>('diagnostics/test-call', body);

export function usePlaceTestCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestCallBody) => placeTestCall(body),
    // Whatever happened, the telephony block should say how the adapter is now.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: diagnosticsQueryOptions().queryKey }),
  });
}
