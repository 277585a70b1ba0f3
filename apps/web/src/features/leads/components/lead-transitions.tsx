import { statusLabelOf, type LeadDetail } from '@backoffice/shared';
import { Button } from '@mui/material';
import { useConfirm } from '../../../components/confirm-dialog';
import { useNotify, useNotifyError } from '../../../components/notifications';
import { StatusTransitions, movedMessage } from '../../../domain/status-transitions';
import { COUNTRY } from '../../../config/env';
import { useLeadTransitions } from '../api/get-lead-transitions';
import { useRunAutomation } from '../api/run-automation';
import { useTransitionLead } from '../api/transition-lead';

/**
 * The status changes the signed-in role may make from the lead's current status, and the automated stage
 * the lead waits on (the system decides its result), as the server lists them.
 */
export function LeadTransitions({ lead }: { lead: LeadDetail }) {
  const options = useLeadTransitions(lead.id);
  const transition = useTransitionLead(lead.id);
  const automation = useRunAutomation(lead.id);
  const confirm = useConfirm();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const busy = transition.isPending || automation.isPending;
  const onError = (error: Error) => notify({ message: error.message, color: 'error', timeout: null });

  const run = async (label: string) => {
    if (!(await confirm({ title: label, message: 'El sistema decide el resultado de esta etapa. ¿Ejecutarla ahora?' }))) return;
    automation.mutate(
      { version: lead.version },
      { onSuccess: (now) => notify(`Etapa automática ejecutada: ahora está en ${statusLabelOf(COUNTRY, now.status_id)}`), onError },
    );
  };

  const stage = options.data?.automation;
  return (
    <StatusTransitions
      options={options}
      question={(label) => `¿Pasar el lead a ${label}?`}
      disabled={busy}
      onMove={(option, reason, offeredAmount) =>
        transition.mutate(
          { to_status: option.to_status, version: lead.version, reason, offered_amount: offeredAmount },
          { onSuccess: (now) => notify(movedMessage('Lead pasado', option, now.status_id)), onError },
        )
      }
      data-testid="lead-transitions"
    >
      {stage && (
        <Button variant="contained" disabled={busy} onClick={() => void run(stage.label).catch(notifyError)}>
          {stage.label}
        </Button>
      )}
    </StatusTransitions>
  );
}
