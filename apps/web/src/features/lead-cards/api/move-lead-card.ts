import type { LeadDetail, LeadListItem } from '@backoffice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { columnCardsKey } from './get-column-cards';

export interface MoveCardInput {
  card: LeadListItem;
  /** The target column's status. */
  to: number;
  reason?: string;
}

/** Runs the workflow engine: the status change of `POST /leads/:id/transitions`, with the card's version. */
export const moveLeadCard = ({ card, to, reason }: MoveCardInput) =>
  api.post<LeadDetail>(`leads/${card.id}/transitions`, { to_status: to, version: card.version, reason });

/**
 * A move changes two columns: both reload (cards and counts). A refusal reloads the source column too, so a
 * card that someone else moved or changed shows where it really is, with its current version.
 */
export function useMoveLeadCard() {
  const queryClient = useQueryClient();
  const reloadColumn = (stepId: number) => queryClient.invalidateQueries({ queryKey: columnCardsKey(stepId) });
  return useMutation({
    mutationFn: moveLeadCard,
    onSuccess: async (lead, { card, to }) => {
      // Other lists (the leads and sales screens, the audit queue) and the lead's details only go stale: they
      // reload when next shown.
      for (const queryKey of [['leads'], ['sales'], ['audits'], ['dashboard'], ['searcher']]) {
        void queryClient.invalidateQueries({
          queryKey,
          predicate: (query) => query.queryKey[1] !== 'list' || query.queryKey[2] !== 'cards',
          refetchType: 'none',
        });
      }
      // The answer is the lead's detail as the detail screen reads it: fresh, no reload needed.
      queryClient.setQueryData(['leads', 'detail', lead.id], lead);
      await Promise.all([reloadColumn(card.status_id), reloadColumn(to)]);
    },
    onError: (_error, { card }) => reloadColumn(card.status_id),
  });
}
