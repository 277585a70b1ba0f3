import type { LeadListItem, StepEntry } from '@backoffice/shared';
import { alpha, Alert, Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect, useId, useState, type DragEvent } from 'react';
import { useColumnCards } from '../api/get-column-cards';
import { countLabel } from '../board';
import type { BoardFilters } from '../hooks/use-board-filters';
import { useInView } from '../hooks/use-in-view';
import { LeadCard } from './lead-card';

export const COLUMN_WIDTH = 300;

/**
 * While a card is dragged every column says what a drop on it would do: 'source' (where the card is),
 * 'allowed' (a transition the role may take) or 'refused' (dimmed, saying why; it takes no drop).
 */
export type DropState = { kind: 'source' } | { kind: 'allowed' } | { kind: 'refused'; reason: string } | null;

interface LeadCardsColumnProps {
  column: StepEntry;
  columns: StepEntry[];
  filters: BoardFilters;
  dropState: DropState;
  /** The id of the card whose move is on its way, if any. */
  movingId: number | null;
  onDrop: (column: StepEntry) => void;
  onMove: (card: LeadListItem, to: StepEntry) => void;
  onDragStart: (card: LeadListItem) => void;
  onDragEnd: () => void;
}

/**
 * One step: its label and count, and its cards, loaded when the column first scrolls into view and
 * page by page as its own list scrolls down (a sentinel under the last card asks for the next page).
 */
export function LeadCardsColumn({
  column,
  columns,
  filters,
  dropState,
  movingId,
  onDrop,
  onMove,
  onDragStart,
  onDragEnd,
}: LeadCardsColumnProps) {
  const headingId = useId();
  const [columnRef, seen] = useInView<HTMLElement>({ once: true });
  const [sentinelRef, sentinelInView] = useInView<HTMLDivElement>();
  const cards = useColumnCards(column.id, filters, seen);
  const [over, setOver] = useState(false);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = cards;

  useEffect(() => {
    if (sentinelInView && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [sentinelInView, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const pages = cards.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.rows);
  // The newest page carries the newest count (each page's request counts again, or reuses a fresh count).
  const count = pages.at(-1)?.count;
  const kind = dropState?.kind;
  const droppable = kind === 'allowed';
  const highlighted = over && droppable;

  const onDragOver = (event: DragEvent) => {
    // A refused column does not take the drop (the browser shows the no-drop cursor; nothing is sent).
    if (!droppable) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(true);
  };

  return (
    <Paper
      component="section"
      ref={columnRef}
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="lead-cards-column"
      data-drop={kind}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (droppable) onDrop(column);
      }}
      sx={(theme) => ({
        width: COLUMN_WIDTH,
        flex: `0 0 ${COLUMN_WIDTH}px`,
        display: 'flex',
        flexDirection: 'column',
        borderStyle: kind === 'allowed' ? 'dashed' : 'solid',
        borderColor: kind === 'allowed' ? 'primary.main' : 'divider',
        bgcolor: highlighted
          ? alpha(theme.palette.primary.main, 0.12)
          : kind === 'refused'
            ? 'action.disabledBackground'
            : 'background.default',
        transition: theme.transitions.create('background-color'),
      })}
    >
      <Box sx={{ px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {column.label}
        </Typography>
        <Chip size="small" data-testid="column-count" label={count ? countLabel(count) : '…'} />
      </Box>
      {dropState?.kind === 'refused' && (
        <Typography
          variant="body2"
          data-testid="drop-refused"
          sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', fontWeight: 500 }}
        >
          {dropState.reason}
        </Typography>
      )}
      {/* A refused column's cards fade; its reason above stays at full contrast. */}
      <Stack
        spacing={1}
        sx={{ p: 1, overflowY: 'auto', minHeight: 160, maxHeight: 'calc(100vh - 290px)', opacity: kind === 'refused' ? 0.45 : 1 }}
      >
        {cards.isPending ? (
          [0, 1, 2].map((index) => <Skeleton key={index} variant="rounded" height={150} sx={{ flexShrink: 0 }} />)
        ) : cards.error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void cards.refetch()}>
                Reintentar
              </Button>
            }
          >
            {cards.error.message}
          </Alert>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" variant="body2" sx={{ p: 1 }}>
            Sin leads en este paso
          </Typography>
        ) : (
          rows.map((card) => (
            <LeadCard
              key={card.id}
              card={card}
              columns={columns}
              busy={movingId === card.id}
              onMove={onMove}
              onDragStart={onDragStart}
              onDragEnd={onDragEnd}
            />
          ))
        )}
        {hasNextPage && (
          <>
            <Box ref={sentinelRef} sx={{ height: 1, flexShrink: 0 }} />
            <Button size="small" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()} sx={{ flexShrink: 0 }}>
              {isFetchingNextPage ? 'Cargando…' : 'Cargar más'}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
