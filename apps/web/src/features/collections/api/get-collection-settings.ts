import type { CollectionSettings } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COLLECTIONS_KEY } from './get-collections';

export const getCollectionSettings = () => api.get<CollectionSettings>('collections/settings');

/** The due-date filter's bounds move with the day: asked again after an hour. */
export const collectionSettingsQueryOptions = () =>
  queryOptions({ queryKey: [...COLLECTIONS_KEY, 'settings'], queryFn: getCollectionSettings, staleTime: 3_600_000 });

export function useCollectionSettings() {
  return useQuery(collectionSettingsQueryOptions());
}
