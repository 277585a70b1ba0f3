import type { CollectionRow } from '@backoffice/shared';
import { useEngineList } from '../../../components/entity-list/list-query';

/** Every query of this area starts with it: an assignment or a management refreshes them all. */
export const COLLECTIONS_KEY = ['collections'] as const;

/** A page of the collections list for the URL's filters, its count after (the assign and massive actions wait for it). */
export function useCollections(search: string) {
  return useEngineList<CollectionRow>(COLLECTIONS_KEY, 'collections', search);
}
