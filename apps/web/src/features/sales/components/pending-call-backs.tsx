import {
  addDays,
  CALL_BACK_MAX_DAYS,
  CALL_BACK_MESSAGES,
  CONFIRM_DIALOG_MAX_WIDTH,
  countryWallTime,
  countryWallTimeToDate,
  MESSAGES,
  rescheduleCallBodySchema,
  type SaleDetail,
  type ScheduledCall,
} from '@backoffice/shared';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { DateTimeField } from '../../../components/date-fields';
import { useNotify } from '../../../components/notifications';
import { COUNTRY, COUNTRY_NAME } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { dateTime } from '../../../lib/format';
import { useCancelCallBack } from '../api/cancel-call-back';
import { useRescheduleCallBack } from '../api/reschedule-call-back';
import { say } from '../../../lib/voice';

/** The picker's wall time ('YYYY-MM-DDTHH:mm'), a time on the country's clock (as every time shown), → ISO, which the shared schema checks. */
const toIso = (local: string) => countryWallTimeToDate(COUNTRY, local)?.toISOString() ?? '';

/** The server's reason about the time (400 or 409 naming `at`), shown under the field; undefined for any other refusal. */
const timeProblem = (error: unknown) =>
  error instanceof ApiError ? error.fields.find((field) => field.field === 'at')?.message : undefined;

/**
 * 'Reprogramar': the call back's new day and time, with booking's field and rules (future, within
 * CALL_BACK_MAX_DAYS; checked by the shared schema before sending). A refusal about the time stays under the
 * field; any other (resolved meanwhile) is a notification, and the dialog closes on the reloaded sale.
 */
function RescheduleDialog({ saleId, call, onClose }: { saleId: number; call: ScheduledCall; onClose: () => void }) {
  const [at, setAt] = useState(() => countryWallTime(COUNTRY, new Date(call.schedule_time)));
  const [error, setError] = useState<string | null>(null);
  const reschedule = useRescheduleCallBack(saleId);
  const notify = useNotify();
  const now = countryWallTime(COUNTRY);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React carries the event up its own tree, through the portal: not to the booking form around the list.
    event.stopPropagation();
    const parsed = rescheduleCallBodySchema.safeParse({ at: toIso(at), version: call.version });
    if (!parsed.success) return setError(say(parsed.error.issues[0]?.message ?? 'Datos inválidos'));
    // The same time is no move (the server would write nothing): say so rather than 'Llamada reprogramada'.
    if (new Date(parsed.data.at).getTime() === new Date(call.schedule_time).getTime())
      return setError(say(CALL_BACK_MESSAGES.sameAsBefore));
    setError(null);
    reschedule.mutate(
      { callId: call.id, ...parsed.data },
      {
        onSuccess: () => {
          notify(CALL_BACK_MESSAGES.rescheduled);
          onClose();
        },
        onError: (failure) => {
          const problem = timeProblem(failure);
          if (problem) return setError(problem);
          notify({ message: failure.message, color: 'error', timeout: null });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH } } }}
      aria-labelledby="reschedule-call-title"
    >
      <form onSubmit={submit} noValidate aria-label="Reprogramar llamada">
        <DialogTitle id="reschedule-call-title">Reprogramar llamada</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {`Programada para el ${dateTime(call.schedule_time)}${call.note ? ` · ${call.note}` : ''}`}
          </Typography>
          <DateTimeField
            fullWidth
            min={now}
            max={`${addDays(now.slice(0, 10), CALL_BACK_MAX_DAYS)}${now.slice(10)}`}
            label="Nueva fecha y hora"
            value={at}
            onChange={setAt}
            error={!!error}
            helperText={error ?? `Hora de ${COUNTRY_NAME}`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="secondary" variant="outlined">
            {MESSAGES.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={!at || reschedule.isPending}>
            Reprogramar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * The sale's pending call backs, soonest first, each with 'Reprogramar' (a dialog with the new time) and
 * 'Cancelar' (after the confirmation dialog). The server checks each again (the seller's own sale, still
 * pending); a call back resolved meanwhile is refused and the list reloads.
 */
export function PendingCallBacks({ sale }: { sale: SaleDetail }) {
  const confirm = useConfirm();
  const notify = useNotify();
  const cancel = useCancelCallBack(sale.id);
  const [moving, setMoving] = useState<ScheduledCall | null>(null);

  const cancelCall = async (call: ScheduledCall) => {
    if (!(await confirm({ message: CALL_BACK_MESSAGES.cancelConfirm(dateTime(call.schedule_time)) }))) return;
    cancel.mutate(call.id, {
      onSuccess: () => notify(CALL_BACK_MESSAGES.cancelled),
      onError: (failure) => notify({ message: failure.message, color: 'error', timeout: null }),
    });
  };

  if (sale.scheduled_calls.length === 0) return null;
  return (
    <>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }} aria-label="Llamadas pendientes">
        {sale.scheduled_calls.map((call) => {
          const when = dateTime(call.schedule_time);
          return (
            <Typography component="li" variant="body2" key={call.id}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <span>
                  {when}
                  {call.note ? ` · ${call.note}` : ''}
                </span>
                <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
                  <Button size="small" onClick={() => setMoving(call)} aria-label={`Reprogramar la llamada del ${when}`}>
                    Reprogramar
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={cancel.isPending && cancel.variables === call.id}
                    onClick={() => void cancelCall(call)}
                    aria-label={`Cancelar la llamada del ${when}`}
                  >
                    Cancelar
                  </Button>
                </Stack>
              </Stack>
            </Typography>
          );
        })}
      </Stack>
      {moving && <RescheduleDialog key={moving.id} saleId={sale.id} call={moving} onClose={() => setMoving(null)} />}
    </>
  );
}
