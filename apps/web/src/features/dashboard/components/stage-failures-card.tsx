import { statusLabelOf, type DashboardResponse } from '@backoffice/shared';
import { Box, Button, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { stageFailureMessage } from '../../../domain/automated-stage-wait';
import { useConfirm } from '../../../components/confirm-dialog';
import { useNotify, useNotifyError } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { useApplicationPath } from '../../../lib/application-path';
import { count } from '../../../lib/format';
import { useRetryStoppedStages } from '../api/retry-stopped-stages';
import { DashboardCard } from './dashboard-card';
import { retriedMessage } from './format';
import { Stat } from './stat';

type StageFailures = NonNullable<DashboardResponse['stage_failures']>;

/**
 * The automated stages whose service did not answer: how many the system still retries and how many it
 * stopped retrying, and the applications, each linked to its detail. Once the service answers again (after
 * an outage every run may have stopped), the stopped ones are queued again at once rather than run one by one.
 */
export function StageFailuresCard({ failures }: { failures: StageFailures }) {
  const applicationPath = useApplicationPath();
  const retry = useRetryStoppedStages();
  const confirm = useConfirm();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const retryStopped = async () => {
    const message = `El sistema vuelve a ejecutar ${failures.stopped === 1 ? 'la etapa detenida' : `las ${count(failures.stopped)} etapas detenidas`}, con sus reintentos. ¿Hacerlo ahora que su servicio responde?`;
    if (!(await confirm({ title: 'Reintentar etapas detenidas', message }))) return;
    retry.mutate(undefined, {
      onSuccess: ({ queued }) => notify(retriedMessage(queued)),
      onError: (error) => notify({ message: error.message, color: 'error', timeout: null }),
    });
  };
  const none = failures.retrying + failures.stopped === 0;
  const more = failures.retrying + failures.stopped - failures.leads.length;
  return (
    <DashboardCard
      id="stage-failures"
      title="Etapas automáticas con fallas"
      subheader={none ? 'Todas las etapas automáticas responden' : 'Solicitudes cuya etapa automática no obtuvo respuesta de su servicio'}
    >
      {!none && (
        <>
          <Stack direction="row" spacing={2} divider={<Box sx={{ borderLeft: 1, borderColor: 'divider' }} />}>
            <Stat testId="stage-failures-retrying" label="El sistema reintenta" value={count(failures.retrying)} />
            <Stat testId="stage-failures-stopped" label="Detenidas: ejecutar a mano" value={count(failures.stopped)} />
          </Stack>
          <List dense disablePadding sx={{ mt: 1 }}>
            {failures.leads.map((lead) => (
              <ListItem key={lead.lead_id} disableGutters divider>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={applicationPath(lead.lead_id)}>
                      #{lead.lead_id} · {statusLabelOf(COUNTRY, lead.status_id)}
                    </Link>
                  }
                  secondary={stageFailureMessage(COUNTRY, lead)}
                />
              </ListItem>
            ))}
          </List>
          {more > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Y {count(more)} más.
            </Typography>
          )}
          {failures.stopped > 0 && (
            <Button
              variant="outlined"
              size="small"
              sx={{ mt: 1.5 }}
              disabled={retry.isPending}
              onClick={() => void retryStopped().catch(notifyError)}
            >
              Reintentar las detenidas
            </Button>
          )}
        </>
      )}
    </DashboardCard>
  );
}
