import type { MessageSendInput } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshApplicationDetails } from '../../../lib/application-queries';
import { COMMUNICATIONS_KEY } from './get-messages';

export const sendMessage = (body: MessageSendInput) =>
  api.post<{ id: number; status: string; send_after: string | null }>('communications', body);
export const previewMessage = (body: MessageSendInput) =>
  api.post<{ to: string; subject: string | null; body: string }>('communications/preview', body);

/** Sends a message about an application or loan; its timeline, the conversation and the list refresh (a loan's screen refreshes itself). */
export function useSendMessage(leadId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: COMMUNICATIONS_KEY });
      if (leadId !== undefined) refreshApplicationDetails(queryClient, leadId);
    },
  });
}
