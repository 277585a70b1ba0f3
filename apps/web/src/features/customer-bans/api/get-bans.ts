import type { BanRow } from '@backoffice/shared';
import { useEngineList } from '../../../components/entity-list/list-query';

export const BANS_KEY = ['customer-bans'] as const;

/** GET /customer-bans: a page of the list engine's ban list, the URL's search as its query, its count after. */
export function useBans(search: string) {
  return useEngineList<BanRow>(BANS_KEY, 'customer-bans', search);
}
