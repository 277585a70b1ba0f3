import {
  COLLECTION_OUTCOMES,
  MANAGEMENT_CHANNELS,
  countryWallTime,
  countryWallTimeToDate,
  todayIn,
  type CollectionManagementBody,
} from '@backoffice/shared';
import { Alert, Button, Card, CardContent, CardHeader, FormControl, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { DateField, DateTimeField } from '../../../components/date-fields';
import { useNotify } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { describeError } from '../../../lib/api-client';
import { useRecordManagement } from '../api/record-management';
import { say } from '../../../lib/voice';

const EMPTY = { channel: 'call', result: '', note: '', nextAction: '', promiseOn: '', promiseAmount: '' };

/** A management on the loan: channel, result (a promise to pay with its date and amount), note, next action. */
export function ManagementForm({ loanId }: { loanId: number }) {
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const record = useRecordManagement(loanId);
  const notify = useNotify();
  const set = (patch: Partial<typeof EMPTY>) => setForm((current) => ({ ...current, ...patch }));
  const promise = form.result === 'promise';

  const submit = () => {
    if (!form.result) return setProblem(say('Elige el resultado'));
    const amount = Math.round(Number(form.promiseAmount.replace(',', '.')) * 100);
    if (promise && (!form.promiseOn || !(amount > 0))) return setProblem(say('Indica la fecha y el monto de la promesa'));
    const next = form.nextAction ? countryWallTimeToDate(COUNTRY, form.nextAction) : undefined;
    const body: CollectionManagementBody = {
      channel: form.channel as CollectionManagementBody['channel'],
      result: form.result as CollectionManagementBody['result'],
      ...(form.note.trim() ? { note: form.note.trim() } : {}),
      ...(next ? { next_action_at: next.toISOString() } : {}),
      ...(promise ? { promise: { due_on: form.promiseOn, amount } } : {}),
    };
    setProblem(null);
    record.mutate(body, {
      onSuccess: () => {
        setForm(EMPTY);
        notify({ message: 'Gestión registrada', color: 'success' });
      },
      onError: (error) => setProblem(describeError(error, say('Revisa la gestión'))),
    });
  };

  return (
    <Card component="section" aria-labelledby="management-form-title">
      <CardHeader title="Registrar gestión" slotProps={{ title: { id: 'management-form-title', variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <FormControl size="small" fullWidth>
            <InputLabel id="management-channel">Canal</InputLabel>
            <Select labelId="management-channel" label="Canal" value={form.channel} onChange={(e) => set({ channel: e.target.value })}>
              {MANAGEMENT_CHANNELS.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" fullWidth>
            <InputLabel id="management-result">Resultado</InputLabel>
            <Select labelId="management-result" label="Resultado" value={form.result} onChange={(e) => set({ result: e.target.value })}>
              {COLLECTION_OUTCOMES.map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  {o.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {promise && (
            <Stack direction="row" spacing={1}>
              <DateField
                label="Fecha de la promesa"
                size="small"
                value={form.promiseOn}
                min={todayIn(COUNTRY)}
                onChange={(v) => set({ promiseOn: v })}
              />
              <TextField
                size="small"
                label="Monto prometido"
                inputMode="decimal"
                value={form.promiseAmount}
                onChange={(e) => set({ promiseAmount: e.target.value })}
              />
            </Stack>
          )}
          <TextField size="small" label="Nota" multiline minRows={3} value={form.note} onChange={(e) => set({ note: e.target.value })} />
          <DateTimeField
            label="Próxima acción"
            size="small"
            fullWidth
            value={form.nextAction}
            min={countryWallTime(COUNTRY)}
            onChange={(v) => set({ nextAction: v })}
          />
          {problem && <Alert severity="error">{problem}</Alert>}
          <Button variant="contained" onClick={submit} disabled={record.isPending}>
            Guardar gestión
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
