import type { BanRow } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { listQueryOptions } from '../../../components/entity-list/list-query';

export const BANS_KEY = ['customer-bans'] as const;

/** GET /customer-bans: a page of the list engine's ban list, the URL's search as its query. */
export const bansQueryOptions = (search: string) => listQueryOptions<BanRow>(BANS_KEY, 'customer-bans', search);

export function useBans(search: string) {
  return useQuery(bansQueryOptions(search));
}
