import type { CollectionEvent } from '@backoffice/shared';
import { Card, CardContent, CardHeader, List, ListItem, ListItemText, Typography } from '@mui/material';
import { dateTime } from '../../../lib/format';

const TYPE_LABELS: Record<string, string> = {
  created: 'Alta',
  status: 'Estado',
  payment: 'Pago',
  payment_reversed: 'Pago revertido',
  assignment: 'Asignación',
  management: 'Gestión',
  promise: 'Promesa de pago',
  promise_kept: 'Promesa cumplida',
  promise_broken: 'Promesa incumplida',
  communication: 'Comunicación',
  note: 'Nota',
  call: 'Llamada',
};

/** The loan's history, newest first: status, payments, assignments, managements, promises, calls, messages. */
export function LoanTimeline({ events }: { events: CollectionEvent[] }) {
  return (
    <Card component="section" aria-labelledby="loan-timeline-title">
      <CardHeader title="Historia" slotProps={{ title: { id: 'loan-timeline-title', variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {events.length === 0 ? (
          <Typography color="text.secondary">Sin movimientos todavía.</Typography>
        ) : (
          <List dense data-testid="loan-timeline">
            {events.map((event) => (
              <ListItem key={event.id} divider disableGutters>
                <ListItemText
                  primary={`${TYPE_LABELS[event.type] ?? event.type}${event.body ? ` · ${event.body}` : ''}`}
                  secondary={`${dateTime(event.created_at)}${event.user ? ` · ${event.user.name}` : ' · Sistema'}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
