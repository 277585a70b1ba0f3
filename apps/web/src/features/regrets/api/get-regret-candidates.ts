import type { RegretCandidate } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { REGRETS_KEY } from './get-regrets';

/** Loans a regret can still be filed on (asked when the dialog opens). */
export const useRegretCandidates = (enabled: boolean) =>
  useQuery({
    queryKey: [...REGRETS_KEY, 'candidates'],
    queryFn: ({ signal }) => api.get<RegretCandidate[]>('regrets/candidates', { signal }),
    enabled,
  });
