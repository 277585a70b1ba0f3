import { TRANSITION_REASON_MAX, type LeadDetail, type TransitionOption } from '@backoffice/shared';
import { Alert, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useConfirm, usePrompt } from '../../../components/confirm-dialog';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { useNotify } from '../../../components/notifications';
import { useLeadTransitions } from '../api/get-lead-transitions';
import { useRunAutomation } from '../api/run-automation';
import { useTransitionLead } from '../api/transition-lead';

/**
 * The status changes the signed-in role may make from the lead's current status, as the server lists
 * them (the server checks each again). Every change is confirmed; rejections and the like ask for the reason.
 */
export function LeadTransitions({ lead }: { lead: LeadDetail }) {
  const options = useLeadTransitions(lead.id);
  const transition = useTransitionLead(lead.id);
  const automation = useRunAutomation(lead.id);
  const confirm = useConfirm();
  const prompt = usePrompt();
  const notify = useNotify();
  const busy = transition.isPending || automation.isPending;
  const onError = (error: Error) => notify({ message: error.message, color: 'error', timeout: null });

  const move = async (option: TransitionOption) => {
    const question = `¿Pasar el lead a ${option.label}?`;
    let reason: string | undefined;
    if (option.reason_required) {
      const typed = await prompt({ title: 'Cambiar estado', message: question, input: { label: 'Motivo', required: true, maxLength: TRANSITION_REASON_MAX } });
      if (typed === null) return;
      reason = typed;
    } else if (!(await confirm({ title: 'Cambiar estado', message: question }))) {
      return;
    }
    transition.mutate(
      { to_status: option.to_status, version: lead.version, reason },
      { onSuccess: () => notify(`Lead pasado a ${option.label}`), onError },
    );
  };

  const run = async (label: string) => {
    if (!(await confirm({ title: label, message: 'El sistema decide el resultado de esta etapa. ¿Ejecutarla ahora?' }))) return;
    automation.mutate({ version: lead.version }, { onSuccess: () => notify('Etapa automática ejecutada'), onError });
  };

  return (
    <Card>
      <CardHeader title="Cambiar estado" />
      <CardContent>
        {options.isPending ? (
          <LoadingIndicator loading loadingText="Cargando transiciones…" />
        ) : options.error ? (
          <Alert severity="error">{options.error.message}</Alert>
        ) : options.data.transitions.length === 0 && !options.data.automation ? (
          <Typography color="text.secondary">No hay cambios de estado disponibles para tu rol desde el estado actual.</Typography>
        ) : (
          <Stack spacing={1} data-testid="lead-transitions">
            {options.data.automation && (
              <Button variant="contained" disabled={busy} onClick={() => run(options.data.automation!.label)}>
                {options.data.automation.label}
              </Button>
            )}
            {options.data.transitions.map((option) => (
              <Stack key={option.to_status} spacing={0.5}>
                <Button
                  variant="outlined"
                  color={option.reason_required ? 'error' : 'primary'}
                  disabled={busy || option.blocked !== null}
                  onClick={() => move(option)}
                >
                  {option.label}
                </Button>
                {option.blocked && (
                  <Typography variant="caption" color="text.secondary">
                    {option.blocked}
                  </Typography>
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
