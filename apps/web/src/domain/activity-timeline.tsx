import { callBackEventKind, saleStatusLabelOf, statusLabelOf, type TimelineEntry } from '@backoffice/shared';
import { Card, CardContent, CardHeader, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import {
  IconArrowsExchange,
  IconCalendarCheck,
  IconCalendarRepeat,
  IconCalendarTime,
  IconCalendarX,
  IconClockPause,
  IconMessage,
  IconPaperclip,
  IconPhoneCall,
  IconPhoneOutgoing,
  IconPlus,
  IconUserEdit,
  IconUserShare,
} from '@tabler/icons-react';
import { useState } from 'react';
import { COUNTRY } from '../config/env';
import { Timeline, type TimelineItem } from '../components/timeline';

/** What a lead is called where it is shown: a lead (leads, audits) or a sale (the seller's application). */
export type ActivitySubject = 'lead' | 'sale';

/**
 * A status with its step where it has one ('Paso 3 · PENDING_CUSTOMER_APPROVAL'), as the lists and the
 * transitions name it; on a sale, a sales status by its sales name ('Paso 2 · CREADO'), as the sale's chip.
 */
const statusName = (id: number | null, subject: ActivitySubject) =>
  id === null ? '' : subject === 'sale' ? saleStatusLabelOf(COUNTRY, id) : statusLabelOf(COUNTRY, id);

const SUBJECT_TITLES: Record<ActivitySubject, { assignment: string; created: string }> = {
  lead: { assignment: 'Reasignado', created: 'Lead creado' },
  sale: { assignment: 'Asignada', created: 'Solicitud creada' },
};

function toItem(entry: TimelineEntry, subject: ActivitySubject): TimelineItem {
  const base = { key: entry.id, at: entry.at, who: entry.user?.name ?? 'Sistema' };
  switch (entry.type) {
    case 'status':
      return {
        ...base,
        icon: IconArrowsExchange,
        color: 'info',
        title:
          entry.from_status === null
            ? `Estado inicial ${statusName(entry.to_status, subject)}`
            : `${statusName(entry.from_status, subject)} → ${statusName(entry.to_status, subject)}`,
        body: entry.text,
      };
    case 'note':
      return { ...base, icon: IconMessage, color: 'primary', title: 'Nota', body: entry.text };
    case 'management':
      return { ...base, icon: IconPhoneCall, color: 'warning', title: 'Gestión', body: entry.text };
    case 'assignment':
      return { ...base, icon: IconUserShare, color: 'secondary', title: SUBJECT_TITLES[subject].assignment, body: entry.text };
    case 'created':
      return { ...base, icon: IconPlus, color: 'success', title: SUBJECT_TITLES[subject].created, body: entry.text };
    case 'customer':
      return { ...base, icon: IconUserEdit, color: 'secondary', title: 'Datos del cliente', body: entry.text };
    case 'call_back':
      // Booked, or (from the sale detail) cancelled or moved: the server's text says which.
      switch (callBackEventKind(entry.text)) {
        case 'cancelled':
          return { ...base, icon: IconCalendarX, color: 'error', title: 'Llamada cancelada', body: entry.text };
        case 'rescheduled':
          return { ...base, icon: IconCalendarRepeat, color: 'warning', title: 'Llamada reprogramada', body: entry.text };
        default:
          return { ...base, icon: IconCalendarTime, color: 'primary', title: 'Llamada programada', body: entry.text };
      }
    case 'call_resolved':
      return { ...base, icon: IconCalendarCheck, color: 'success', title: 'Llamada resuelta', body: entry.text };
    case 'call_postponed':
      return { ...base, icon: IconClockPause, color: 'warning', title: 'Llamada pospuesta', body: entry.text };
    case 'call':
      return { ...base, icon: IconPhoneOutgoing, color: 'info', title: 'Llamada', body: entry.text };
    case 'message':
      return { ...base, icon: IconMessage, color: 'secondary', title: 'Mensaje', body: entry.text };
    case 'document':
      return { ...base, icon: IconPaperclip, color: 'info', title: 'Documento', body: entry.text };
  }
}

/** What the history shows: everything, the notes alone, or the status changes alone. */
export type HistoryFilter = 'all' | 'notes' | 'status';

const FILTER_LABELS: Record<HistoryFilter, string> = { all: 'Todo', notes: 'Notas', status: 'Cambios de estado' };
const FILTER_EMPTY: Record<HistoryFilter, string> = { all: 'Sin actividad', notes: 'Sin notas', status: 'Sin cambios de estado' };

/** The entries a filter keeps, in the order given (newest first). */
export function filterHistory(entries: TimelineEntry[], filter: HistoryFilter): TimelineEntry[] {
  if (filter === 'notes') return entries.filter((entry) => entry.type === 'note');
  if (filter === 'status') return entries.filter((entry) => entry.type === 'status');
  return entries;
}

/** A lead's status history, notes, management, customer edits and calls, newest first; a toggle narrows it. */
export function ActivityTimeline({ entries, subject }: { entries: TimelineEntry[]; subject: ActivitySubject }) {
  const [filter, setFilter] = useState<HistoryFilter>('all');
  return (
    <Card>
      <CardHeader
        title="Historial"
        action={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={filter}
            aria-label="Mostrar en el historial"
            onChange={(_event, value: HistoryFilter | null) => value && setFilter(value)}
          >
            {(Object.keys(FILTER_LABELS) as HistoryFilter[]).map((value) => (
              <ToggleButton key={value} value={value}>
                {FILTER_LABELS[value]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
      />
      <CardContent>
        <Timeline items={filterHistory(entries, filter).map((entry) => toItem(entry, subject))} empty={FILTER_EMPTY[filter]} />
      </CardContent>
    </Card>
  );
}

/** How many of the latest notes are listed under the note box. */
export const RECENT_NOTES = 3;

/** The application's latest notes, newest first: where a note just added is seen. */
export function RecentNotes({ entries }: { entries: TimelineEntry[] }) {
  const notes = filterHistory(entries, 'notes').slice(0, RECENT_NOTES);
  if (notes.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="recent-notes">
      <Typography variant="subtitle2" component="h3">
        Últimas notas
      </Typography>
      <Timeline items={notes.map((entry) => toItem(entry, 'lead'))} label="Últimas notas" itemTestId="recent-note" />
    </Stack>
  );
}
