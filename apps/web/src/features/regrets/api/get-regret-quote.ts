import type { RegretQuote } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { REGRETS_KEY } from './get-regrets';

/** A lead's loan's regret deadline and amount; null when the lead has no loan. */
export const useRegretQuote = (leadId: number) =>
  useQuery({
    queryKey: [...REGRETS_KEY, 'quote', leadId],
    queryFn: async ({ signal }) => {
      try {
        return await api.get<RegretQuote>('regrets/quote', { query: { lead_id: leadId }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
