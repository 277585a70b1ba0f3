import type { AddNoteBody, LeadDetail } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshSale } from './refresh-sale';

/** Notes are the lead's (`POST /leads/:id/notes`): sellers may write them on their own leads. */
export const addSaleNote = (id: number, body: AddNoteBody) => api.post<LeadDetail>(`leads/${id}/notes`, body);

export function useAddSaleNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: AddNoteBody) => addSaleNote(id, body), onSuccess: () => refreshSale(queryClient, id) });
}
