import { findTransition, TRANSITION_REASON_MAX, type LeadListItem, type RoleId, type StepEntry } from '@backoffice/shared';
import { Box } from '@mui/material';
import { useMemo, useState } from 'react';
import { useConfirm, usePrompt } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { useMoveLeadCard } from '../api/move-lead-card';
import { boardColumns, dropVerdict, refusedText, type DropVerdict } from '../board';
import type { BoardFilters } from '../hooks/use-board-filters';
import { LeadCardsColumn, type DropState } from './lead-cards-column';

const COLUMNS = boardColumns(COUNTRY);

/**
 * The pipeline board: one column per step of the built country, side by side in a horizontal scroll.
 * Moving a card (drop or menu) is confirmed, then runs the workflow engine on the server. While dragging,
 * each column the shared transition table refuses is dimmed with why, and takes no drop (nothing is sent);
 * what only the server knows (the offer, the bank account, a stale version) comes back as its message.
 */
export function LeadCardsBoard({ roleId, filters }: { roleId: RoleId | undefined; filters: BoardFilters }) {
  const [dragging, setDragging] = useState<LeadListItem | null>(null);
  const move = useMoveLeadCard();
  const confirm = useConfirm();
  const prompt = usePrompt();
  const notify = useNotify();
  const verdicts = useMemo(
    () =>
      dragging
        ? new Map<number, DropVerdict>(COLUMNS.map((column) => [column.id, dropVerdict(COUNTRY, dragging, column.id, roleId)]))
        : null,
    [dragging, roleId],
  );

  const dropStateOf = (column: StepEntry): DropState => {
    if (!dragging || !verdicts) return null;
    if (column.id === dragging.status_id) return { kind: 'source' };
    const verdict = verdicts.get(column.id)!;
    return verdict.ok ? { kind: 'allowed' } : { kind: 'refused', reason: refusedText(column, verdict.reason) };
  };

  const requestMove = async (card: LeadListItem, to: StepEntry) => {
    if (card.status_id === to.id) return;
    let reason: string | undefined;
    // What the table refuses is told here and never sent; a move the role may make is confirmed first (a drop
    // can land in the next column), with its reason where the transition needs one.
    const verdict = dropVerdict(COUNTRY, card, to.id, roleId);
    if (!verdict.ok) {
      notify({ message: refusedText(to, verdict.reason), color: 'error' });
      return;
    }
    const question = { title: 'Mover lead', message: `¿Pasar el lead #${card.id} a ${to.label}?` };
    if (findTransition(COUNTRY, card.status_id, to.id)?.reasonRequired) {
      const typed = await prompt({ ...question, input: { label: 'Motivo', required: true, maxLength: TRANSITION_REASON_MAX } });
      if (typed === null) return;
      reason = typed;
    } else if (!(await confirm(question))) return;
    move.mutate(
      { card, to: to.id, reason },
      {
        onSuccess: () => notify(`Lead #${card.id} movido a ${to.label}`),
        onError: (error) => notify({ message: error.message, color: 'error', timeout: null }),
      },
    );
  };

  return (
    <Box
      role="region"
      aria-label="Tablero de leads por paso"
      tabIndex={0}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, overflowX: 'auto', pb: 2 }}
    >
      {COLUMNS.map((column) => (
        <LeadCardsColumn
          key={column.id}
          column={column}
          columns={COLUMNS}
          filters={filters}
          dropState={dropStateOf(column)}
          movingId={move.isPending ? move.variables.card.id : null}
          onDrop={(target) => {
            const card = dragging;
            setDragging(null);
            if (card) void requestMove(card, target);
          }}
          onMove={(card, target) => void requestMove(card, target)}
          onDragStart={setDragging}
          onDragEnd={() => setDragging(null)}
        />
      ))}
    </Box>
  );
}
