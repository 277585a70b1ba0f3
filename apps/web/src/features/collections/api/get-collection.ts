import type { CollectionDetail } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COLLECTIONS_KEY } from './get-collections';

export const getCollection = (id: number) => api.get<CollectionDetail>(`collections/${id}`);

export const collectionQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...COLLECTIONS_KEY, 'detail', id], queryFn: () => getCollection(id) });

export function useCollection(id: number) {
  return useQuery(collectionQueryOptions(id));
}
