import type { LeadListItem, StepEntry } from '@backoffice/shared';
import { Box, Card, CardActionArea, Chip, Typography } from '@mui/material';
import { Link } from 'react-router';
import { dateTime, money } from '../../../lib/format';
import { formatAge } from '../board';
import { useNow } from '../hooks/use-now';
import { MoveCardMenu } from './move-card-menu';
import { useApplicationPath } from '../../../lib/application-path';

interface LeadCardProps {
  card: LeadListItem;
  columns: StepEntry[];
  /** A move of this card is on its way to the server. */
  busy: boolean;
  onMove: (card: LeadListItem, to: StepEntry) => void;
  onDragStart: (card: LeadListItem) => void;
  onDragEnd: () => void;
}

/**
 * A card shows only what a board needs to pick the next lead: id, customer, document, amount, seller,
 * management status and age. Clicking opens the lead; dragging it (native HTML5 drag events) or its
 * "Mover a…" menu moves it.
 */
export function LeadCard({ card, columns, busy, onMove, onDragStart, onDragEnd }: LeadCardProps) {
  const applicationPath = useApplicationPath();
  const { customer } = card;
  const now = useNow();
  return (
    <Card
      component="article"
      variant="outlined"
      aria-label={`Lead #${card.id}`}
      aria-busy={busy}
      data-testid="lead-card"
      draggable={!busy}
      onDragStart={(event) => {
        // Firefox starts a drag only with some data set; the board itself keeps the card being dragged.
        event.dataTransfer.setData('text/plain', `#${card.id}`);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(card);
      }}
      onDragEnd={onDragEnd}
      sx={{ position: 'relative', flexShrink: 0, cursor: busy ? 'progress' : 'grab', opacity: busy ? 0.5 : 1 }}
    >
      {/* The link is not draggable itself, so a drag started on it moves the card, not the URL. */}
      <CardActionArea component={Link} to={applicationPath(card.id)} draggable={false} sx={{ p: 1.5, pr: 5 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          #{card.id}
        </Typography>
        <Typography variant="subtitle2" component="h3">
          {customer.first_name} {customer.last_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {customer.doc_type} {customer.doc_number}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {money(card.requested_amount)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {card.seller ? `Vendedor: ${card.seller.name}` : 'Sin asignar'}
        </Typography>
        {/* Everything whole: long names wrap, and a long management status takes the row (its age goes below). */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1 }}>
          <Chip
            size="small"
            variant="outlined"
            label={card.management_status ?? 'Sin gestión'}
            color={card.management_status ? 'secondary' : 'default'}
            sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
          />
          <Typography variant="caption" color="text.secondary" title={`Creado ${dateTime(card.created_at)}`} noWrap sx={{ flexShrink: 0 }}>
            {formatAge(card.created_at, now)}
          </Typography>
        </Box>
      </CardActionArea>
      <Box sx={{ position: 'absolute', top: 4, right: 4 }}>
        <MoveCardMenu card={card} columns={columns} disabled={busy} onMove={onMove} />
      </Box>
    </Card>
  );
}
