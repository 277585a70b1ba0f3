import type { VoluntaryPayRow } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { listQueryOptions } from '../../../components/entity-list/list-query';

export const VOLUNTARY_PAYS_KEY = ['voluntary-pays'] as const;

/** The review queue's page for the URL's filters. */
export function useVoluntaryPays(search: string) {
  return useQuery(listQueryOptions<VoluntaryPayRow>(VOLUNTARY_PAYS_KEY, 'voluntary-pays', search));
}
