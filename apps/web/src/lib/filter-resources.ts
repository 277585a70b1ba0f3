import type { FilterResources } from '@backoffice/shared';
import { useMemo } from 'react';
import { COUNTRY } from '../config/env';
import { readFilterResource } from './storage';

/** One catalogue fetched at login (SPEC 3), read back from local storage. */
export function useFilterResource<K extends keyof FilterResources>(key: K): FilterResources[K] {
  return useMemo(() => readFilterResource<FilterResources[K]>(localStorage, COUNTRY, key) ?? ([] as unknown as FilterResources[K]), [key]);
}
