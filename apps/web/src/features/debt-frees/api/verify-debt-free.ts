import type { DebtFreeVerification } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The public verification of a certificate's code (no session needed). */
export const useVerifyDebtFree = (code: string) =>
  useQuery({
    queryKey: ['debt-free-verify', code],
    queryFn: ({ signal }) => api.get<DebtFreeVerification>('debt-frees/verify', { query: { code }, signal }),
    enabled: code.trim() !== '',
    retry: false,
  });
