import type { CollectionDetail, CollectionManagementBody } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COLLECTIONS_KEY } from './get-collections';

export const recordManagement = (id: number, body: CollectionManagementBody) =>
  api.post<CollectionDetail>(`collections/${id}/managements`, body);

/** Records a management; the detail it answers is shown at once, and the queue (its order moves) refreshes. */
export function useRecordManagement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionManagementBody) => recordManagement(id, body),
    onSuccess: (detail) => {
      queryClient.setQueryData([...COLLECTIONS_KEY, 'detail', id], detail);
      void queryClient.invalidateQueries({ queryKey: [...COLLECTIONS_KEY, 'list'] });
    },
  });
}
