import type { CollectionRow } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { listQueryOptions } from '../../../components/entity-list/list-query';

/** Every query of this area starts with it: an assignment or a management refreshes them all. */
export const COLLECTIONS_KEY = ['collections'] as const;

export const collectionsQueryOptions = (search: string) => listQueryOptions<CollectionRow>(COLLECTIONS_KEY, 'collections', search);

export function useCollections(search: string) {
  return useQuery(collectionsQueryOptions(search));
}
