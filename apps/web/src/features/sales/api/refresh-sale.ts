import type { QueryClient } from '@tanstack/react-query';
import { refreshApplicationDetails, refreshApplicationLists } from '../../../lib/application-queries';

/**
 * After any change to a sale: reload its detail (the lead routes answer a LeadDetail, not the sale's
 * shape, so the cache is refetched rather than replaced) and the lists and other screens that show it.
 */
export function refreshSale(queryClient: QueryClient, id: number) {
  refreshApplicationDetails(queryClient, id);
  refreshApplicationLists(queryClient);
}
