import type { AddNoteBody, LeadDetail } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { refreshSale } from './refresh-sale';

/** Notes are the lead's (`POST /leads/:id/notes`): sellers may write them on their own leads. */
export const addSaleNote = (id: number, body: AddNoteBody, headers?: Record<string, string>) =>
  api.post<LeadDetail>(`leads/${id}/notes`, body, { headers });

/** A note sent again after a lost answer is not written twice (its Idempotency-Key). */
export function useAddSaleNote(id: number) {
  const queryClient = useQueryClient();
  const once = useIdempotencyKey<AddNoteBody>();
  return useMutation({
    mutationFn: (body: AddNoteBody) => addSaleNote(id, body, once.headersFor(body)),
    onSuccess: () => {
      once.done();
      refreshSale(queryClient, id);
    },
  });
}
