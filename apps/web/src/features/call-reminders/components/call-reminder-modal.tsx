import { MESSAGES, type DueCall } from '@backoffice/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, TextField, Typography } from '@mui/material';
import { IconPhone } from '@tabler/icons-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { refreshApplicationDetails, refreshApplicationLists } from '../../../lib/application-queries';
import { useApplicationPath } from '../../../lib/application-path';
import { date, time } from '../../../lib/format';
import { postponeCall } from '../api/postpone-call';
import { resolveCall } from '../api/resolve-call';
import { useStartCall } from '../hooks/use-start-call';
import { overdueText, queueText } from '../overdue';
import { CopyField } from './copy-field';

/** SPEC 9: the reminder's maximum width. */
export const CALL_REMINDER_MAX_WIDTH = 600;

/** SPEC 8: the server's statusMessage, else the generic text. */
const messageOf = (error: unknown) => (error instanceof ApiError && error.statusMessage ? error.statusMessage : MESSAGES.unexpectedError);

/**
 * SPEC 2 "Call reminder modal": 'Lead #' + lead_id, read-only Nombre, Horario and Celular (with copy).
 * Aceptar resolves the call back, then starts the call; Posponer asks first, then postpones. Either way the
 * modal closes afterwards. Esc only hides it (`onHide`): the call back stays pending and the next poll shows
 * it again. An answered reminder changed the lead's call backs: its details (an open sale detail's pending
 * calls and next call) and the lists (their next call) reload.
 */
export function CallReminderModal({ call, onClose, onHide }: { call: DueCall; onClose: () => void; onHide: () => void }) {
  const notify = useNotify();
  const confirm = useConfirm();
  const start = useStartCall();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const applicationPath = useApplicationPath();

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
    <Dialog
      open
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: CALL_REMINDER_MAX_WIDTH } } }}
      aria-labelledby="call-reminder-title"
      // Esc puts it aside until the next poll; a click outside does nothing (a reminder is answered).
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown' && !busy) onHide();
      }}
    >
      <DialogTitle id="call-reminder-title">{MESSAGES.reminderTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
            <Link component={RouterLink} to={applicationPath(call.lead_id)} variant="subtitle1" onClick={onHide}>
              {`Lead #${call.lead_id}`}
            </Link>
            {call.due_count > 1 && (
              <Typography variant="body2" color="text.secondary" aria-label={`Recordatorio ${queueText(call.due_count)}`}>
                {queueText(call.due_count)}
              </Typography>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary" data-testid="call-reminder-when">
            {`Programada para el ${date(call.schedule_time)} · ${overdueText(call.schedule_time)}`}
          </Typography>
          <TextField label="Nombre" value={call.first_name} fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
          <TextField label="Horario" value={time(call.schedule_time)} fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
          <CopyField label="Celular" value={call.cellphone} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="secondary" onClick={() => void postpone()} disabled={busy}>
          Posponer
        </Button>
        {/* Aceptar resolves the call back and dials the customer: its name says both. */}
        <Button
          variant="contained"
          startIcon={<IconPhone size={18} />}
          aria-label="Aceptar y llamar"
          onClick={() => void accept()}
          disabled={busy}
        >
          Aceptar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
