import type { DocumentUploadBody } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshApplicationDetails } from '../../../lib/application-queries';
import { leadDocumentsKey } from './list-lead-documents';

export const uploadLeadDocument = (leadId: number, body: DocumentUploadBody) => api.post<{ id: number }>(`leads/${leadId}/documents`, body);

/** Uploads a document; the list and the application's details (their timeline tells it) reload. */
export function useUploadLeadDocument(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentUploadBody) => uploadLeadDocument(leadId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: leadDocumentsKey(leadId) });
      refreshApplicationDetails(queryClient, leadId);
    },
  });
}
