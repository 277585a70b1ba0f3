import {
  addDays,
  CALL_BACK_MAX_DAYS,
  CLOSED_SALE_MESSAGE,
  isClosedStatus,
  countryWallTime,
  countryWallTimeToDate,
  scheduleCallBodySchema,
  type SaleDetail,
} from '@backoffice/shared';
import { Alert, Button, Card, CardContent, CardHeader, Stack, TextField, Typography } from '@mui/material';
import { DateTimeField } from '../../../components/date-fields';
import { useState, type FormEvent } from 'react';
import { ManagementStatusForm, NoteForm } from '../../../domain/lead-forms';
import { useNotify } from '../../../components/notifications';
import { COUNTRY, COUNTRY_NAME } from '../../../config/env';
import { useAddSaleNote } from '../api/add-sale-note';
import { useScheduleCallBack } from '../api/schedule-call-back';
import { useSetSaleManagementStatus } from '../api/set-sale-management-status';
import { PendingCallBacks } from './pending-call-backs';
import { say } from '../../../lib/voice';

/** Keyed by the sale's version: the mutation's state goes with the form (a save or a 409 starts afresh). */
function ManagementForm({ sale }: { sale: SaleDetail }) {
  const setManagement = useSetSaleManagementStatus(sale.id);
  return (
    <ManagementStatusForm id="sale-management-status" current={sale.management_status} version={sale.version} mutation={setManagement} />
  );
}

/** The picker's wall time ('YYYY-MM-DDTHH:mm'), a time on the country's clock (as every time shown), → ISO, which the shared schema checks. */
const toIso = (local: string) => countryWallTimeToDate(COUNTRY, local)?.toISOString() ?? '';

function CallBackForm({ sale }: { sale: SaleDetail }) {
  const [at, setAt] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const schedule = useScheduleCallBack(sale.id);
  const notify = useNotify();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The shared schema: a valid date-time in the future, a note of bounded length.
    const parsed = scheduleCallBodySchema.safeParse({ at: toIso(at), note });
    if (!parsed.success) return setError(say(parsed.error.issues[0]?.message ?? 'Datos inválidos'));
    setError(null);
    schedule.mutate(
      { at: parsed.data.at, note: parsed.data.note },
      {
        onSuccess: () => {
          setAt('');
          setNote('');
          notify('Llamada programada');
        },
      },
    );
  };
  // The country's wall time now, and the horizon CALL_BACK_MAX_DAYS after it (no daylight saving in arg or col).
  const now = countryWallTime(COUNTRY);

  return (
    <Stack component="form" spacing={1} onSubmit={submit} noValidate aria-label="Programar llamada">
      <Typography variant="subtitle2" component="h3">
        Programar llamada
      </Typography>
      <DateTimeField
        fullWidth
        min={now}
        max={`${addDays(now.slice(0, 10), CALL_BACK_MAX_DAYS)}${now.slice(10)}`}
        size="small"
        label="Fecha y hora"
        value={at}
        onChange={setAt}
        error={!!error}
        helperText={error ?? `Hora de ${COUNTRY_NAME}`}
      />
      <TextField size="small" label="Motivo (opcional)" value={note} onChange={(e) => setNote(e.target.value)} />
      {schedule.error && <Alert severity="error">{schedule.error.message}</Alert>}
      <Button type="submit" variant="outlined" disabled={!at || schedule.isPending} sx={{ alignSelf: 'flex-end' }}>
        Programar llamada
      </Button>
      <PendingCallBacks sale={sale} />
    </Stack>
  );
}

/**
 * What the seller records while working the sale; the server checks each action again. `noteForm: false`
 * where the note form is elsewhere (a phone's action bar): one form, one draft.
 */
export function SaleActions({ sale, noteForm = true }: { sale: SaleDetail; noteForm?: boolean }) {
  const addNote = useAddSaleNote(sale.id);
  return (
    <Card>
      <CardHeader title="Gestión de la venta" />
      <CardContent>
        <Stack spacing={3}>
          {/* An application that ended takes no call backs (the server cancelled its pending ones) nor management status. */}
          {isClosedStatus(COUNTRY, sale.status_id) ? (
            <Alert severity="info">{CLOSED_SALE_MESSAGE}</Alert>
          ) : (
            <>
              <CallBackForm sale={sale} />
              <ManagementForm key={`m-${sale.version}`} sale={sale} />
            </>
          )}
          {noteForm && <NoteForm mutation={addNote} draftKey={`note_${sale.id}`} timeline={sale.timeline} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
