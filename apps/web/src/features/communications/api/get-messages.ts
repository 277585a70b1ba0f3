import type { MessageRow } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { listQueryOptions } from '../../../components/entity-list/list-query';

export const COMMUNICATIONS_KEY = ['communications'] as const;

/** GET /communications: a page of the list engine's message list, the URL's search as its query. */
export function useMessages(search: string) {
  return useQuery(listQueryOptions<MessageRow>(COMMUNICATIONS_KEY, 'communications', search));
}
