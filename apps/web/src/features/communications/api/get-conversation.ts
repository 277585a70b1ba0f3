import type { Conversation } from '@backoffice/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COMMUNICATIONS_KEY } from './get-messages';

export const getConversation = (customerId: number, signal?: AbortSignal) =>
  api.get<Conversation>(`communications/conversation/${customerId}`, { signal });

export const conversationKey = (customerId: number) => [...COMMUNICATIONS_KEY, 'conversation', customerId] as const;

/** GET /communications/conversation/:customerId: the customer's messages in and out, oldest first. */
export function useConversation(customerId: number) {
  return useQuery(queryOptions({ queryKey: conversationKey(customerId), queryFn: ({ signal }) => getConversation(customerId, signal) }));
}
