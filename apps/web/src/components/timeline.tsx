import { Avatar, Box, Stack, Typography } from '@mui/material';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { dateTime } from '../lib/format';

export interface TimelineItem {
  key: string;
  icon: Icon;
  color: 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';
  title: ReactNode;
  body?: ReactNode;
  at: string;
  who?: string | null;
}

/** A vertical history, newest first as given. */
export function Timeline({
  items,
  empty = 'Sin actividad',
  label = 'Historial',
  itemTestId = 'timeline-item',
}: {
  items: TimelineItem[];
  empty?: string;
  label?: string;
  /** Another list of the same entries on the page (the recent notes) is told apart from the history. */
  itemTestId?: string;
}) {
  if (items.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Stack component="ol" aria-label={label} spacing={0} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item, index) => (
        <Box component="li" key={item.key} data-testid={itemTestId} sx={{ display: 'flex', gap: 2 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
            <Avatar sx={{ width: 32, height: 32, bgcolor: `${item.color}.main` }}>
              <item.icon size={18} />
            </Avatar>
            {index < items.length - 1 && <Box sx={{ flexGrow: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
          </Box>
          <Box sx={{ pb: 2.5, minWidth: 0 }}>
            {/* A line of the history, not a heading (subtitle2 alone would make every entry an h6). */}
            <Typography variant="subtitle2" component="p">
              {item.title}
            </Typography>
            {item.body && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.25 }}>
                {item.body}
              </Typography>
            )}
            <Typography variant="caption" color="text.secondary">
              {dateTime(item.at)}
              {item.who ? ` · ${item.who}` : ''}
            </Typography>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
