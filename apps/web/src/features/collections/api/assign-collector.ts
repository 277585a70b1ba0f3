import type { BulkAssignResponse } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COLLECTIONS_KEY } from './get-collections';

export const assignCollector = (id: number, collectorId: number) =>
  api.post<BulkAssignResponse>(`collections/${id}/assign`, { collector_id: collectorId });

/** Every loan the list's filters match (`search`: the list's URL search, filters as the list sends them). */
export const assignFiltered = (search: string, collectorId: number) =>
  api.post<BulkAssignResponse>(`collections/assign${search ? `?${search}` : ''}`, { collector_id: collectorId });

export function useAssignCollector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { id: number; collectorId: number } | { search: string; collectorId: number }) =>
      'id' in args ? assignCollector(args.id, args.collectorId) : assignFiltered(args.search, args.collectorId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COLLECTIONS_KEY }),
  });
}
