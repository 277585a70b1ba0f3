import type { DashboardResponse } from '@backoffice/shared';
import { Box, Stack } from '@mui/material';
import { count, dateTime } from '../../../lib/format';
import { DashboardCard } from './dashboard-card';
import { age } from './format';
import { Stat } from './stat';

type AuditQueue = NonNullable<DashboardResponse['audit_queue']>;

/** Applications waiting for an auditor (pending and retry) and how long they have waited. */
export function AuditQueueCard({ queue }: { queue: AuditQueue }) {
  return (
    <DashboardCard
      id="audit"
      title="Cola de auditoría"
      subheader={queue.oldest_since ? `La más antigua entró el ${dateTime(queue.oldest_since)}` : 'No hay solicitudes esperando'}
    >
      <Stack direction="row" spacing={2} divider={<Box sx={{ borderLeft: 1, borderColor: 'divider' }} />}>
        <Stat testId="audit-size" label="En cola" value={count(queue.size)} />
        <Stat testId="audit-oldest" label="Espera máxima" value={age(queue.oldest_hours)} />
        <Stat testId="audit-median" label="Espera mediana" value={age(queue.median_hours)} />
      </Stack>
    </DashboardCard>
  );
}
