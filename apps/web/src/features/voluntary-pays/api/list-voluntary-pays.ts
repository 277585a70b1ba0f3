import type { VoluntaryPayRow } from '@backoffice/shared';
import { useEngineList } from '../../../components/entity-list/list-query';

export const VOLUNTARY_PAYS_KEY = ['voluntary-pays'] as const;

/** The review queue's page for the URL's filters, its count after. */
export function useVoluntaryPays(search: string) {
  return useEngineList<VoluntaryPayRow>(VOLUNTARY_PAYS_KEY, 'voluntary-pays', search);
}
