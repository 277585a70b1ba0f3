import type { MessageRow } from '@backoffice/shared';
import { useEngineList } from '../../../components/entity-list/list-query';

export const COMMUNICATIONS_KEY = ['communications'] as const;

/** GET /communications: a page of the list engine's message list, the URL's search as its query, its count after. */
export function useMessages(search: string) {
  return useEngineList<MessageRow>(COMMUNICATIONS_KEY, 'communications', search);
}
