import type { QueryClient } from '@tanstack/react-query';
import { saleQueryOptions } from './get-sale';

/**
 * After any change to a sale: reload its detail (the lead routes answer a LeadDetail, not the sale's
 * shape, so the cache is refetched rather than replaced) and drop the lists that may show it (the leads
 * lists too: same rows).
 */
export function refreshSale(queryClient: QueryClient, id: number) {
  void queryClient.invalidateQueries({ queryKey: saleQueryOptions(id).queryKey });
  void queryClient.invalidateQueries({ queryKey: ['sales', 'list'] });
  void queryClient.invalidateQueries({ queryKey: ['leads'] });
}
