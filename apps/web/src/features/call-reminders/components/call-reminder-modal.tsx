import { MESSAGES, type DueCall } from '@backoffice/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { refreshApplicationDetails, refreshApplicationLists } from '../../../lib/application-queries';
import { time } from '../../../lib/format';
import { postponeCall } from '../api/postpone-call';
import { resolveCall } from '../api/resolve-call';
import { useStartCall } from '../hooks/use-start-call';
import { CopyField } from './copy-field';

/** SPEC 9: the reminder's maximum width. */
export const CALL_REMINDER_MAX_WIDTH = 600;


/** SPEC 8: the server's statusMessage, else the generic text. */
const messageOf = (error: unknown) => (error instanceof ApiError && error.statusMessage ? error.statusMessage : MESSAGES.unexpectedError);

/**
 * SPEC 2 "Call reminder modal": 'Lead #' + lead_id, read-only Nombre, Horario and Celular (with copy).
 * Aceptar resolves the call back, then starts the call; Posponer asks first, then postpones. Either way the
 * modal closes afterwards. It has no other way out (a reminder is answered, not dismissed). An answered
 * reminder changed the lead's call backs: its details (an open sale detail's pending calls and next call) and
 * the lists (their next call) reload.
 */
export function CallReminderModal({ call, onClose }: { call: DueCall; onClose: () => void }) {
  const notify = useNotify();
  const confirm = useConfirm();
  const start = useStartCall();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const refresh = (leadId: number) => {
    refreshApplicationDetails(queryClient, leadId);
    refreshApplicationLists(queryClient);
  };

  const accept = async () => {
    setBusy(true);
    try {
      const answer = await resolveCall(call.id);
      refresh(answer.lead_id);
    } catch (error) {
      notify({ message: messageOf(error), color: 'error' });
      setBusy(false);
      onClose();
      return;
    }
    notify({ message: MESSAGES.callResolved, color: 'success' });
    onClose();
    await start(call.cellphone, call.lead_id);
  };

  const postpone = async () => {
    if (!(await confirm({ message: MESSAGES.postponeConfirm }))) return;
    setBusy(true);
    try {
      const answer = await postponeCall(call.id);
      refresh(answer.lead_id);
      notify({ message: MESSAGES.callPostponed, color: 'success' });
    } catch (error) {
      notify({ message: messageOf(error), color: 'error' });
    }
    onClose();
  };

  return (
    <Dialog open fullWidth slotProps={{ paper: { sx: { maxWidth: CALL_REMINDER_MAX_WIDTH } } }} aria-labelledby="call-reminder-title">
      <DialogTitle id="call-reminder-title">{MESSAGES.reminderTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="subtitle1">{`Lead #${call.lead_id}`}</Typography>
          <TextField label="Nombre" value={call.first_name} fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
          <TextField label="Horario" value={time(call.schedule_time)} fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
          <CopyField label="Celular" value={call.cellphone} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="secondary" onClick={() => void postpone()} disabled={busy}>
          Posponer
        </Button>
        <Button variant="contained" onClick={() => void accept()} disabled={busy}>
          Aceptar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
