import type { SecondFactorVerified } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchFilterResources } from './filter-resources';

export type { SecondFactorVerified };

export const verifySecondFactor = (code: string) => api.post<SecondFactorVerified>('auth/second-factor', { code });

/** The code that completes the sign-in; then what sign-in fetches (SPEC 3's resources) and the freed user-info. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: async () => {
      await queryClient.refetchQueries({ queryKey: ['auth', 'user-info'], type: 'all' });
      await fetchFilterResources().catch((error: unknown) => console.error(error));
    },
  });
}
