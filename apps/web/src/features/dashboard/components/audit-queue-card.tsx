import type { DashboardResponse } from '@backoffice/shared';
import { Box, Stack, Typography } from '@mui/material';
import { count, dateTime } from '../../../lib/format';
import { DashboardCard } from './dashboard-card';
import { age } from './format';

type AuditQueue = NonNullable<DashboardResponse['audit_queue']>;


function Stat({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`audit-${id}`}>
        {value}
      </Typography>
    </Box>
  );
}

/** Applications waiting for an auditor (pending and retry) and how long they have waited. */
export function AuditQueueCard({ queue }: { queue: AuditQueue }) {
  return (
    <DashboardCard
      id="audit"
      title="Cola de auditoría"
      subheader={queue.oldest_since ? `La más antigua entró el ${dateTime(queue.oldest_since)}` : 'No hay solicitudes esperando'}
    >
      <Stack direction="row" spacing={2} divider={<Box sx={{ borderLeft: 1, borderColor: 'divider' }} />}>
        <Stat id="size" label="En cola" value={count(queue.size)} />
        <Stat id="oldest" label="Espera máxima" value={age(queue.oldest_hours)} />
        <Stat id="median" label="Espera mediana" value={age(queue.median_hours)} />
      </Stack>
    </DashboardCard>
  );
}
